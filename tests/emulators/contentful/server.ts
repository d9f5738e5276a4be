/**
 * A local Contentful Delivery API (CDA) serving the embedded content/ as Contentful entries and assets,
 * converted by the same module as `npm run contentful:seed` (src/node/contentful/convert.ts).
 *
 * It speaks HTTPS with a certificate made at start (SAN IP:127.0.0.1), because gatsby-source-contentful
 * validates access with a hard-coded `https://{host}` request; a build trusts it through
 * NODE_EXTRA_CA_CERTS (the PEM is written to `certFile`). Routes, as contentful.js calls them:
 *
 *   GET /spaces/{space}                                          the space
 *   GET /spaces/{space}/environments/{env}/locales               one locale, en-US
 *   GET /spaces/{space}/environments/{env}/content_types         the content model (skip, limit)
 *   GET /spaces/{space}/environments/{env}/sync?initial=true     every entry and asset (paged by limit)
 *   GET /spaces/{space}/environments/{env}/sync?sync_token=…     what changed since that token
 *   GET /spaces/{space}/environments/{env}/entries?content_type=… published entries of a type, default locale (skip, limit)
 *   GET /spaces/{space}/environments/{env}/tags                  none
 *   GET /{space}/{assetId}/{token}/{file}                        an asset file (image API parameters ignored)
 *
 * Every API route needs the access token (Authorization: Bearer, or ?access_token=). Tests change
 * content with createEntry()/updateEntry()/deleteEntry(), which bump the entry's revision so the next sync has it.
 *
 * Standalone: `npx tsx tests/emulators/contentful/server.ts` (PORT, default 9443) prints the env to build with.
 */
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";
import { loadContent } from "../../../src/node/local/load-content";
import { convertContent, DEFAULT_LOCALE, type ConvertedAsset, type ConvertedSpace } from "../../../src/node/contentful/convert";
import { contentfulFieldDefinition } from "../../../src/node/contentful/model";

export interface EmulatorOptions {
  contentDir: string;
  spaceId?: string;
  environment?: string;
  accessToken?: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

interface Stored {
  kind: "Entry" | "Asset";
  id: string;
  contentType?: string;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  revision: number;
  /** The sync version at which it last changed (or was deleted). */
  version: number;
  deleted: boolean;
}

export interface ContentfulEmulator {
  /** host:port, for CONTENTFUL_HOST. */
  host: string;
  spaceId: string;
  environment: string;
  accessToken: string;
  /** PEM of the certificate, for NODE_EXTRA_CA_CERTS. */
  certFile: string;
  space: ConvertedSpace;
  /** Every request received: "METHOD path?query". */
  requests: string[];
  /** Publishes a new entry of `contentType` with default-locale field values (as in the converter's output). */
  createEntry(id: string, contentType: string, fields: Record<string, unknown>): void;
  /** Changes default-locale field values of an entry (as in the converter's output) and publishes it. */
  updateEntry(id: string, fields: Record<string, unknown>): void;
  deleteEntry(id: string): void;
  /** The environment a build needs to source from this emulator. */
  buildEnv(): Record<string, string>;
  close(): Promise<void>;
}

const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/vnd.contentful.delivery.v1+json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
};
const error = (res: import("node:http").ServerResponse, status: number, id: string, message: string) =>
  json(res, status, { sys: { type: "Error", id }, message, requestId: `emulator-${Date.now()}` });

const link = (linkType: string, id: string) => ({ sys: { type: "Link", linkType, id } });
const localized = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { [DEFAULT_LOCALE]: v }]));

export async function startContentfulEmulator(options: EmulatorOptions): Promise<ContentfulEmulator> {
  const spaceId = options.spaceId ?? "northdesk";
  const environment = options.environment ?? "master";
  const accessToken = options.accessToken ?? "emulator-delivery-token";
  if (!/^[a-zA-Z0-9-_.]{1,64}$/.test(spaceId) || !/^[a-zA-Z0-9-_.]{1,64}$/.test(environment))
    throw new Error("invalid space or environment id");

  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keySize: 2048,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true, keyCertSign: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  const certFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "contentful-emulator-")), "cert.pem");
  fs.writeFileSync(certFile, pems.cert);

  const store = new Map<string, Stored>();
  const assetFiles = new Map<string, ConvertedAsset>();
  let version = 1;
  const requests: string[] = [];
  let host = "";

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    try {
      handle(req, res);
    } catch (e) {
      error(res, 500, "ServerError", (e as Error).message);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;

  const content = loadContent(options.contentDir);
  const space = await convertContent(content, options.contentDir, {
    assetUrl: (asset) => `//${host}/${spaceId}/${asset.id}/v1/${encodeURIComponent(asset.fileName)}`,
  });
  const now = new Date().toISOString();
  for (const entry of space.entries)
    store.set(entry.id, {
      kind: "Entry",
      id: entry.id,
      contentType: entry.contentType,
      fields: entry.fields,
      createdAt: now,
      updatedAt: now,
      revision: 1,
      version,
      deleted: false,
    });
  for (const asset of space.assets) {
    assetFiles.set(asset.id, asset);
    store.set(`asset:${asset.id}`, {
      kind: "Asset",
      id: asset.id,
      fields: {
        title: asset.title,
        description: asset.description,
        file: {
          url: `//${host}/${spaceId}/${asset.id}/v1/${encodeURIComponent(asset.fileName)}`,
          details: { size: asset.size, image: { width: asset.width, height: asset.height } },
          fileName: asset.fileName,
          contentType: asset.contentType,
        },
      },
      createdAt: now,
      updatedAt: now,
      revision: 1,
      version,
      deleted: false,
    });
  }

  const sys = (item: Stored) => ({
    space: link("Space", spaceId),
    id: item.id,
    type: item.deleted ? `Deleted${item.kind}` : item.kind,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    environment: link("Environment", environment),
    revision: item.revision,
    ...(item.kind === "Entry" && !item.deleted ? { contentType: link("ContentType", item.contentType ?? "") } : {}),
    ...(item.deleted ? { deletedAt: item.updatedAt } : {}),
  });
  const syncItem = (item: Stored) =>
    item.deleted ? { sys: sys(item) } : { metadata: { tags: [] }, sys: sys(item), fields: localized(item.fields) };

  const contentTypes = space.contentTypes.map((model) => ({
    sys: {
      space: link("Space", spaceId),
      id: model.id,
      type: "ContentType",
      createdAt: now,
      updatedAt: now,
      environment: link("Environment", environment),
      revision: 1,
    },
    displayField: model.displayField,
    name: model.name,
    description: model.description,
    fields: model.fields.map(contentfulFieldDefinition),
  }));

  // Sync tokens carry the version they were issued at and, for a page of an initial sync, the offset.
  const token = (data: { since: number; at: number; offset?: number }) => Buffer.from(JSON.stringify(data)).toString("base64url");
  const readToken = (value: string) => {
    try {
      const data = JSON.parse(Buffer.from(value, "base64url").toString("utf8")) as { since: number; at: number; offset?: number };
      if (Number.isInteger(data.since) && Number.isInteger(data.at)) return data;
    } catch {
      /* fall through */
    }
    return undefined;
  };

  function handle(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) {
    const url = new URL(req.url ?? "/", `https://${host}`);
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method !== "GET" && req.method !== "HEAD") return error(res, 405, "MethodNotAllowed", "read-only API");
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);

    // Asset files: /{space}/{assetId}/{token}/{file}
    if (parts.length === 4 && parts[0] === spaceId) {
      const asset = assetFiles.get(parts[1]);
      const stored = store.get(`asset:${parts[1]}`);
      if (!asset || !stored || stored.deleted || asset.fileName !== parts[3]) return error(res, 404, "NotFound", "no such file");
      const body = fs.readFileSync(asset.filePath);
      res.writeHead(200, { "Content-Type": asset.contentType, "Content-Length": body.length, "Cache-Control": "max-age=60" });
      return res.end(req.method === "HEAD" ? undefined : body);
    }

    if (parts[0] !== "spaces") return error(res, 404, "NotFound", "The resource could not be found.");
    const auth = req.headers.authorization?.replace(/^Bearer\s+/i, "") ?? url.searchParams.get("access_token");
    if (auth !== accessToken) return error(res, 401, "AccessTokenInvalid", "The access token you sent could not be found or is invalid.");
    if (parts[1] !== spaceId) return error(res, 404, "NotFound", "The resource could not be found.");
    if (parts.length === 2) return json(res, 200, { sys: { type: "Space", id: spaceId }, name: "Northdesk (emulator)" });
    if (parts[2] !== "environments" || parts[3] !== environment) return error(res, 404, "NotFound", "The resource could not be found.");
    const route = parts.slice(4).join("/");
    const skip = Math.max(0, Number(url.searchParams.get("skip") ?? 0) || 0);
    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get("limit") ?? 100) || 100));
    const list = (items: unknown[]) =>
      json(res, 200, { sys: { type: "Array" }, total: items.length, skip, limit, items: items.slice(skip, skip + limit) });

    if (route === "locales")
      return list([
        {
          code: DEFAULT_LOCALE,
          name: "English (United States)",
          default: true,
          fallbackCode: null,
          sys: { id: "en", type: "Locale", version: 1 },
        },
      ]);
    if (route === "content_types") return list(contentTypes);
    if (route === "tags") return list([]);
    if (route === "sync") return sync(url, res);
    if (route === "entries") {
      const type = url.searchParams.get("content_type");
      const entries = [...store.values()]
        .filter((item) => item.kind === "Entry" && !item.deleted && (!type || item.contentType === type))
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((item) => ({ metadata: { tags: [] }, sys: sys(item), fields: item.fields }));
      return list(entries);
    }
    return error(res, 404, "NotFound", "The resource could not be found.");
  }

  function sync(url: URL, res: import("node:http").ServerResponse) {
    let since: number;
    let at: number;
    let offset = 0;
    const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get("limit") ?? 100) || 100));
    if (url.searchParams.get("initial") === "true") {
      since = 0;
      at = version;
    } else {
      const data = readToken(url.searchParams.get("sync_token") ?? "");
      if (!data) return error(res, 400, "BadRequest", "invalid sync token");
      ({ since, at } = data);
      offset = data.offset ?? 0;
      if (data.offset === undefined) at = version; // a next-sync token: everything changed since it was issued
    }
    const changed = [...store.values()]
      .filter((item) => item.version > since && item.version <= at && !(since === 0 && item.deleted))
      .sort((a, b) => a.id.localeCompare(b.id));
    const page = changed.slice(offset, offset + limit);
    const base = `https://${host}/spaces/${spaceId}/environments/${environment}/sync`;
    const more = offset + limit < changed.length;
    return json(res, 200, {
      sys: { type: "Array" },
      items: page.map(syncItem),
      ...(more
        ? { nextPageUrl: `${base}?sync_token=${token({ since, at, offset: offset + limit })}` }
        : { nextSyncUrl: `${base}?sync_token=${token({ since: at, at })}` }),
    });
  }

  function touch(item: Stored) {
    version += 1;
    item.version = version;
    item.revision += 1;
    // updatedAt is what the plugin compares: it must differ even within the same millisecond.
    item.updatedAt = new Date(Math.max(Date.now(), Date.parse(item.updatedAt) + 1)).toISOString();
  }

  return {
    host,
    spaceId,
    environment,
    accessToken,
    certFile,
    space,
    requests,
    createEntry(id, contentType, fields) {
      if (store.has(id)) throw new Error(`emulator: entry "${id}" exists`);
      if (!space.contentTypes.some((model) => model.id === contentType)) throw new Error(`emulator: no content type "${contentType}"`);
      const created = new Date().toISOString();
      const item: Stored = {
        kind: "Entry",
        id,
        contentType,
        fields,
        createdAt: created,
        updatedAt: created,
        revision: 0,
        version,
        deleted: false,
      };
      store.set(id, item);
      touch(item);
    },
    updateEntry(id, fields) {
      const item = store.get(id);
      if (!item || item.kind !== "Entry" || item.deleted) throw new Error(`emulator: no entry "${id}"`);
      item.fields = { ...item.fields, ...fields };
      touch(item);
    },
    deleteEntry(id) {
      const item = store.get(id);
      if (!item || item.kind !== "Entry" || item.deleted) throw new Error(`emulator: no entry "${id}"`);
      item.deleted = true;
      touch(item);
    },
    buildEnv: () => ({
      CONTENTFUL_SPACE_ID: spaceId,
      CONTENTFUL_ACCESS_TOKEN: accessToken,
      CONTENTFUL_ENVIRONMENT: environment,
      CONTENTFUL_HOST: host,
      NODE_EXTRA_CA_CERTS: certFile,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Standalone: serve content/ until interrupted.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  startContentfulEmulator({
    contentDir: process.env.CONTENT_DIR ?? path.join(process.cwd(), "content"),
    port: Number(process.env.PORT ?? 9443),
  })
    .then((emulator) => {
      console.log(`Contentful Delivery API emulator on https://${emulator.host} (${emulator.space.entries.length} entries)`);
      for (const [k, v] of Object.entries(emulator.buildEnv())) console.log(`${k}=${v}`);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
