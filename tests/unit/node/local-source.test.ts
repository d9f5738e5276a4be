/** The embedded source's node updates: what develop applies after each edit under content/. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { sourceLocalContent, type SourceArgs } from "../../../src/node/local/source-nodes";
import { ContentError } from "../../../src/node/local/load-content";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function contentCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-source-"));
  fs.cpSync(path.resolve(__dirname, "../../../content"), dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

/** A node store behind Gatsby's createNode/touchNode/deleteNode/getNode, recording what each update did. */
function store() {
  const nodes = new Map<string, { id: string; internal: { type: string; contentDigest: string }; title?: string }>();
  const log = { created: [] as string[], changed: [] as string[], deleted: [] as string[] };
  /** createNode calls (Gatsby validates each one) and touchNode calls (kept as they are). */
  const calls = { create: 0, touch: 0 };
  const args = {
    createNodeId: (key: string) => `id:${key}`,
    createContentDigest: (value: unknown) => crypto.createHash("md5").update(JSON.stringify(value)).digest("hex"),
    getNode: (id: string) => nodes.get(id),
    actions: {
      createNode: (node: never) => {
        calls.create++;
        const n = node as { id: string; internal: { type: string; contentDigest: string } };
        const old = nodes.get(n.id);
        if (!old) log.created.push(n.id);
        else if (old.internal.contentDigest !== n.internal.contentDigest) log.changed.push(n.id);
        nodes.set(n.id, n);
      },
      touchNode: (node: { id: string }) => {
        calls.touch++;
        if (!nodes.has(node.id)) throw new Error(`touched a node that does not exist: ${node.id}`);
      },
      deleteNode: (node: { id: string }) => {
        log.deleted.push(node.id);
        nodes.delete(node.id);
      },
    },
  } as unknown as SourceArgs;
  const reset = () => {
    Object.values(log).forEach((list) => list.splice(0));
    Object.assign(calls, { create: 0, touch: 0 });
  };
  return { nodes, log, calls, args, reset };
}

describe("sourcing content/ again after an edit", () => {
  it("changes only the edited entry's node, creates a new one, deletes a removed one", () => {
    const dir = contentCopy();
    const { nodes, log, args, reset } = store();
    let { ids } = sourceLocalContent(dir, args);
    expect(log.created.length).toBe(nodes.size);

    reset();
    ({ ids } = sourceLocalContent(dir, args, { previous: ids }));
    expect(log).toEqual({ created: [], changed: [], deleted: [] });

    const post = path.join(dir, "blog", "posts", "csat-vs-nps.md");
    fs.writeFileSync(post, fs.readFileSync(post, "utf8").replace(/^title: "(.*)"$/m, 'title: "$1 (edited)"'));
    const copy = path.join(dir, "blog", "posts", "csat-vs-nps-copy.md");
    fs.writeFileSync(copy, fs.readFileSync(post, "utf8").replace("slug: csat-vs-nps", "slug: csat-vs-nps-copy"));
    fs.rmSync(path.join(dir, "blog", "posts", "handling-angry-customers.md"));
    reset();
    ({ ids } = sourceLocalContent(dir, args, { previous: ids }));
    expect(log.changed).toEqual(["id:BlogPost:csat-vs-nps"]);
    expect(log.created).toEqual(["id:BlogPost:csat-vs-nps-copy"]);
    expect(log.deleted).toEqual(["id:BlogPost:handling-angry-customers"]);
    expect(nodes.get("id:BlogPost:csat-vs-nps")?.title).toMatch(/\(edited\)$/);
  });

  it("an invalid edit throws content:check's error and changes no node", () => {
    const dir = contentCopy();
    const { log, args, reset } = store();
    const { ids } = sourceLocalContent(dir, args);
    fs.writeFileSync(path.join(dir, "blog", "posts", "csat-vs-nps.md"), "---\ntitle: [unclosed\n---\n");
    reset();
    expect(() => sourceLocalContent(dir, args, { previous: ids })).toThrow(ContentError);
    expect(() => sourceLocalContent(dir, args, { previous: ids })).toThrow(/blog\/posts\/csat-vs-nps\.md: front matter:/);
    expect(log).toEqual({ created: [], changed: [], deleted: [] });
  });

  it("an image named outside content/images is an error, even when the file exists (only that folder is sourced as images)", () => {
    const dir = contentCopy();
    const file = path.join(dir, "blog", "posts", "csat-vs-nps.md");
    const source = fs.readFileSync(file, "utf8");
    const src = /^ {2}src: (images\/\S+)$/m.exec(source)![1];
    fs.copyFileSync(path.join(dir, src), path.join(dir, "stray.png"));
    fs.writeFileSync(file, source.replace(`src: ${src}`, "src: stray.png"));
    expect(() => sourceLocalContent(dir, store().args)).toThrow(/blog\/posts\/csat-vs-nps\.md: image\.src: an image under content\/images/);
  });

  it("sourcing unchanged content again touches every node and creates none", () => {
    const dir = contentCopy();
    const { nodes, log, calls, args, reset } = store();
    const { ids } = sourceLocalContent(dir, args);
    expect(calls.create).toBe(nodes.size);
    reset();
    sourceLocalContent(dir, args, { previous: ids });
    expect(calls).toEqual({ create: 0, touch: nodes.size });
    expect(log).toEqual({ created: [], changed: [], deleted: [] });
  });
});
