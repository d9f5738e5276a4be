import https from "node:https";
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entities, entityFields } from "../../../../src/node/schema";
import { contentModel, contentfulFieldDefinition } from "../../../../src/node/contentful/model";
import { convertContent, makeId, type ConvertedSpace } from "../../../../src/node/contentful/convert";
import { contentfulTypeDefs, contentfulTypeName, assetIdFromUrl } from "../../../../src/node/contentful/schema";
import { importFile } from "../../../../src/node/contentful/import-file";
import { loadContent } from "../../../../src/node/local/load-content";
import { contentfulOptions } from "../../../../src/node/plugin-options";
// @ts-expect-error -- the plugin ships no types; makeTypeName(name, prefix) is what it names node types with
import { makeTypeName } from "gatsby-source-contentful/normalize";
import createContentModel from "../../../../contentful/migrations/0001-content-model";
import { startContentfulEmulator, type ContentfulEmulator } from "../../../emulators/contentful/server";
import { REPO_ROOT } from "../../../fixtures/repo-root";

const contentDir = path.resolve(REPO_ROOT, "content");

/** Records what a contentful-migration function declares. */
function recordMigration() {
  const types: Record<
    string,
    { name?: string; displayField?: string; fields: Record<string, Record<string, unknown>>; controls: string[] }
  > = {};
  const migration = {
    createContentType(id: string) {
      const t = (types[id] = { fields: {}, controls: [] as string[] } as (typeof types)[string]);
      const ct = {
        name: (v: string) => ((t.name = v), ct),
        description: () => ct,
        displayField: (v: string) => ((t.displayField = v), ct),
        createField(fieldId: string) {
          const f: Record<string, unknown> = (t.fields[fieldId] = {});
          const field = new Proxy({}, { get: (_o, key: string) => (v: unknown) => ((f[key] = v), field) });
          return field;
        },
        changeFieldControl: (fieldId: string, _ns: string, widget: string) => (t.controls.push(`${fieldId}:${widget}`), ct),
      };
      return ct;
    },
  };
  createContentModel(migration as never);
  return types;
}

let space: ConvertedSpace;
beforeAll(async () => {
  space = await convertContent(loadContent(contentDir), contentDir, { assetUrl: (a) => `//assets.test/space/${a.id}/t/${a.fileName}` });
}, 60_000);

describe("Contentful content model", () => {
  it("has a content type with a field (or a constant) for every field of every entry interface", () => {
    for (const name of Object.keys(entities).filter((n) => n !== "LandingSection")) {
      const model = contentModel.find((m) => m.implements === name);
      expect(model, name).toBeDefined();
      const typeDef = contentfulTypeDefs()
        .split("\n")
        .find((line) => line.startsWith(`type ${contentfulTypeName(model!.id)} `));
      expect(typeDef, name).toContain(`implements Node & ${name}`);
      expect(typeDef).toContain("@dontInfer");
      for (const field of entityFields(name)) {
        expect(typeDef, `${name}.${field.name}`).toMatch(new RegExp(`\\b${field.name}: `));
        if (model!.id.startsWith("nt_")) continue; // Ninetailed's own field names, mapped in the adapter
        const stored = model!.fields.some((f) => f.id === field.name) || field.name in model!.constants;
        expect(stored, `${name}.${field.name} has no Contentful field`).toBe(true);
        const contentfulField = model!.fields.find((f) => f.id === field.name);
        if (contentfulField) expect(contentfulField.required, `${name}.${field.name} required`).toBe(field.type.endsWith("!"));
      }
    }
  });

  it("the migration creates every content type the converter emits, with the same fields", () => {
    const migrated = recordMigration();
    expect(Object.keys(migrated).sort()).toEqual(contentModel.map((m) => m.id).sort());
    const emitted = new Set(space.entries.map((e) => e.contentType));
    for (const id of emitted) expect(migrated[id], id).toBeDefined();
    for (const model of contentModel) {
      const t = migrated[model.id];
      expect(Object.keys(t.fields).sort()).toEqual(model.fields.map((f) => f.id).sort());
      for (const field of model.fields) {
        const def = contentfulFieldDefinition(field);
        expect(t.fields[field.id]).toMatchObject({ type: def.type, required: def.required, name: def.name });
        if (def.linkType) expect(t.fields[field.id].linkType).toBe(def.linkType);
        if (def.items) expect(t.fields[field.id].items).toEqual(def.items);
      }
      expect(model.fields.some((f) => f.id === model.displayField)).toBe(true);
    }
    expect(migrated.blogPost.controls).toContain("body:markdown");
  });

  it("converts content/: every entry fits its content type and every link resolves to an allowed type", () => {
    const byId = new Map(space.entries.map((e) => [e.id, e]));
    const assets = new Set(space.assets.map((a) => a.id));
    expect(space.entries.filter((e) => e.contentType === "blogPost")).toHaveLength(loadContent(contentDir).posts.length);
    for (const entry of space.entries) {
      const model = contentModel.find((m) => m.id === entry.contentType)!;
      for (const key of Object.keys(entry.fields))
        expect(
          model.fields.map((f) => f.id),
          `${entry.id}.${key}`,
        ).toContain(key);
      for (const field of model.fields) {
        const value = entry.fields[field.id];
        if (field.required) expect(value, `${entry.id}.${field.id}`).toBeDefined();
        const links =
          field.kind === "Entries" ? (value as { sys: { id: string } }[] | undefined) : field.kind === "Entry" && value ? [value] : [];
        for (const link of (links ?? []) as { sys: { id: string } }[]) {
          const target = byId.get(link.sys.id);
          expect(target, `${entry.id}.${field.id} → ${link.sys.id}`).toBeDefined();
          expect(field.linkContentTypes).toContain(target!.contentType);
        }
        if (field.kind === "Asset" && value) expect(assets.has((value as { sys: { id: string } }).sys.id)).toBe(true);
      }
    }
    // Markdown images point at their asset; nested images are asset links with their alt text.
    const post = space.entries.find((e) => e.id === "blogPost-writing-saved-replies")!;
    const image = /!\[[^\]]*\]\(([^)]+)\)/.exec(String(post.fields.body))?.[1];
    expect(image && assets.has(assetIdFromUrl(image) ?? "")).toBe(true);
    const nav = JSON.stringify(space.entries.find((e) => e.contentType === "navigation")!.fields.navItems);
    expect(nav).toMatch(/"asset":\{"sys":\{"type":"Link","linkType":"Asset","id":"asset-[0-9a-f]+"\}\},"alt":/);
  });

  it("rejects content that does not fit the model", async () => {
    const content = loadContent(contentDir);
    content.categories[0] = { ...content.categories[0], name: "x".repeat(300) };
    await expect(convertContent(content, contentDir, { assetUrl: () => "//x/s/a/t/f" })).rejects.toThrow(
      /category "[^"]+"\.name: longer than 256/,
    );
  });

  it("makes valid, stable ids", () => {
    expect(makeId("landingPage", "/")).toBe("landingPage-root");
    expect(makeId("landingPage", "/lp/get-a-demo/")).toBe("landingPage-lp-get-a-demo");
    const long = makeId("featureGridSection", `/customer-support-channels/#${"x".repeat(80)}`);
    expect(long).toMatch(/^[a-zA-Z0-9-_.]{1,64}$/);
    expect(makeId("featureGridSection", `/customer-support-channels/#${"x".repeat(80)}`)).toBe(long);
  });

  it("the seed import file holds the converter's entries, assets and content types", () => {
    const file = importFile(space, "abc123");
    expect(file.contentTypes.map((c) => c.sys.id).sort()).toEqual(contentModel.map((m) => m.id).sort());
    expect(file.entries).toHaveLength(space.entries.length);
    expect(file.entries[0].fields).toEqual(
      Object.fromEntries(Object.entries(space.entries[0].fields).map(([k, v]) => [k, { "en-US": v }])),
    );
    expect((file.assets[0].fields.file["en-US"] as { upload: string }).upload).toMatch(
      /^\/\/images\.ctfassets\.net\/abc123\/asset-[0-9a-f]+\/seed\/.+\.(png|jpe?g|webp)$/,
    );
  });

  it("validates the plugin options", () => {
    expect(contentfulOptions({ spaceId: "abc", accessToken: "t", environment: "master", host: "127.0.0.1:9443" })).toMatchObject({
      spaceId: "abc",
      host: "127.0.0.1:9443",
      downloadLocal: false,
    });
    // The plugin names each content type's nodes the way our schema declares them (the types would be empty otherwise).
    const options = contentfulOptions({ spaceId: "abc", accessToken: "t", environment: "master" });
    for (const model of contentModel) {
      expect(makeTypeName(options.useNameForId ? model.name : model.id, "Contentful")).toBe(contentfulTypeName(model.id));
    }
    expect(() => contentfulOptions({ spaceId: "abc", accessToken: "t", environment: "master", host: "https://x/" })).toThrow(
      /CONTENTFUL_HOST/,
    );
    expect(() => contentfulOptions({ spaceId: "a/b", accessToken: "t", environment: "master" })).toThrow(/SPACE_ID/);
  });
});

describe("Contentful Delivery API emulator", () => {
  let emulator: ContentfulEmulator;
  beforeAll(async () => {
    emulator = await startContentfulEmulator({ contentDir });
  }, 60_000);
  afterAll(() => emulator?.close());

  const get = (pathAndQuery: string, token = emulator.accessToken) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = https.get(
        `https://${emulator.host}${pathAndQuery}`,
        { ca: fs.readFileSync(emulator.certFile), headers: { Authorization: `Bearer ${token}` } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            resolve({ status: res.statusCode ?? 0, body: res.headers["content-type"]?.includes("json") ? JSON.parse(text) : text });
          });
        },
      );
      req.on("error", reject);
    });
  const env = () => `/spaces/${emulator.spaceId}/environments/${emulator.environment}`;

  it("answers over HTTPS with a certificate for 127.0.0.1 and checks the token", async () => {
    expect((await get(`/spaces/${emulator.spaceId}`)).body.sys).toEqual({ type: "Space", id: emulator.spaceId });
    expect((await get(`${env()}/locales`)).body.items[0]).toMatchObject({ code: "en-US", default: true });
    expect((await get(`${env()}/content_types`, "wrong")).status).toBe(401);
    expect((await get(`/spaces/other`)).status).toBe(404);
    const types = (await get(`${env()}/content_types?limit=1000`)).body;
    expect(types.total).toBe(contentModel.length);
  });

  it("syncs everything, pages by limit, then only what changed", async () => {
    const items: any[] = [];
    let page = (await get(`${env()}/sync?initial=true&limit=100`)).body;
    items.push(...page.items);
    while (page.nextPageUrl) {
      page = (await get(new URL(page.nextPageUrl).pathname + new URL(page.nextPageUrl).search)).body;
      items.push(...page.items);
    }
    expect(items).toHaveLength(emulator.space.entries.length + emulator.space.assets.length);
    const asset = items.find((i) => i.sys.type === "Asset");
    const file = await get(asset.fields.file["en-US"].url.replace(/^\/\/[^/]+/, ""));
    expect(file.status).toBe(200);

    const next = new URL(page.nextSyncUrl);
    expect((await get(next.pathname + next.search)).body.items).toEqual([]);
    const post = emulator.space.entries.find((e) => e.contentType === "blogPost")!;
    emulator.updateEntry(post.id, { title: "Changed" });
    const delta = (await get(next.pathname + next.search)).body;
    expect(delta.items).toHaveLength(1);
    expect(delta.items[0].fields.title).toEqual({ "en-US": "Changed" });
    expect(delta.items[0].sys.revision).toBe(2);
    emulator.deleteEntry(post.id);
    const after = new URL(delta.nextSyncUrl);
    expect((await get(after.pathname + after.search)).body.items.map((i: any) => i.sys.type)).toEqual(["DeletedEntry"]);
  });
});
