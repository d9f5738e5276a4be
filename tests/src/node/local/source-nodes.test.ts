/** The embedded source's node updates: what a rebuild, and develop after each edit under content/, apply. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { sourceLocalContent, type SourceArgs } from "../../../../src/node/local/source-nodes";
import { ContentError, loadContent } from "../../../../src/node/local/load-content";
import { SOURCING_STATE_FILE, SourcingState } from "../../../../src/node/sourcing/sourcing-state";
import { REPO_ROOT } from "../../../fixtures/repo-root";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function contentCopy() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-source-"));
  fs.cpSync(path.resolve(REPO_ROOT, "content"), dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

/** A node store behind Gatsby's createNode/deleteNode/getNode/getNodes, recording what each update did. */
function store() {
  const nodes = new Map<string, { id: string; internal: { type: string; contentDigest: string }; title?: string }>();
  const log = { created: [] as string[], changed: [] as string[], deleted: [] as string[] };
  /** createNode calls (Gatsby validates each one) and node lookups. */
  const calls = { create: 0, lookups: 0 };
  const args = {
    createNodeId: (key: string) => `id:${key}`,
    createContentDigest: (value: unknown) => crypto.createHash("md5").update(JSON.stringify(value)).digest("hex"),
    getNode: (id: string) => {
      calls.lookups++;
      return nodes.get(id);
    },
    getNodes: () => {
      calls.lookups += nodes.size;
      return [...nodes.values()];
    },
    actions: {
      createNode: (node: never) => {
        calls.create++;
        const n = node as { id: string; internal: { type: string; contentDigest: string } };
        const old = nodes.get(n.id);
        if (!old) log.created.push(n.id);
        else if (old.internal.contentDigest !== n.internal.contentDigest) log.changed.push(n.id);
        nodes.set(n.id, n);
      },
      deleteNode: (node: { id: string }) => {
        log.deleted.push(node.id);
        nodes.delete(node.id);
      },
    },
  } as unknown as SourceArgs;
  const reset = () => {
    Object.values(log).forEach((list) => list.splice(0));
    Object.assign(calls, { create: 0, lookups: 0 });
  };
  return { nodes, log, calls, args, reset };
}

/** A site root whose .cache keeps the sourcing state between "builds" (each reads it from disk afresh). */
function siteRoot() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-source-site-"));
  dirs.push(dir);
  return dir;
}
const source = (dir: string, args: SourceArgs, root: string) => {
  const state = SourcingState.read(root);
  const result = sourceLocalContent(dir, args, state);
  state.save();
  return result;
};

describe("sourcing content/ again (a rebuild, or develop after an edit)", () => {
  it("changes only the edited entry's node, creates a new one, deletes a removed one", () => {
    const dir = contentCopy();
    const root = siteRoot();
    const { nodes, log, args, reset } = store();
    source(dir, args, root);
    expect(log.created.length).toBe(nodes.size);

    reset();
    source(dir, args, root);
    expect(log).toEqual({ created: [], changed: [], deleted: [] });

    const post = path.join(dir, "blog", "posts", "csat-vs-nps.md");
    fs.writeFileSync(post, fs.readFileSync(post, "utf8").replace(/^title: "(.*)"$/m, 'title: "$1 (edited)"'));
    const copy = path.join(dir, "blog", "posts", "csat-vs-nps-copy.md");
    fs.writeFileSync(copy, fs.readFileSync(post, "utf8").replace("slug: csat-vs-nps", "slug: csat-vs-nps-copy"));
    fs.rmSync(path.join(dir, "blog", "posts", "handling-angry-customers.md"));
    reset();
    const { parsed } = source(dir, args, root);
    expect(parsed).toBe(2); // the edited file and the new one; every other file's parse is reused
    expect(log.changed).toEqual(["id:BlogPost:csat-vs-nps"]);
    expect(log.created).toEqual(["id:BlogPost:csat-vs-nps-copy"]);
    expect(log.deleted).toEqual(["id:BlogPost:handling-angry-customers"]);
    expect(nodes.get("id:BlogPost:csat-vs-nps")?.title).toMatch(/\(edited\)$/);
  });

  it("an invalid edit throws content:check's error and changes no node", () => {
    const dir = contentCopy();
    const root = siteRoot();
    const { log, args, reset } = store();
    source(dir, args, root);
    fs.writeFileSync(path.join(dir, "blog", "posts", "csat-vs-nps.md"), "---\ntitle: [unclosed\n---\n");
    reset();
    expect(() => source(dir, args, root)).toThrow(ContentError);
    expect(() => source(dir, args, root)).toThrow(/blog\/posts\/csat-vs-nps\.md: front matter:/);
    expect(log).toEqual({ created: [], changed: [], deleted: [] });
  });

  it("an image named outside content/images is an error, even when the file exists (only that folder is sourced as images)", () => {
    const dir = contentCopy();
    const file = path.join(dir, "blog", "posts", "csat-vs-nps.md");
    const text = fs.readFileSync(file, "utf8");
    const src = /^ {2}src: (images\/\S+)$/m.exec(text)![1];
    fs.copyFileSync(path.join(dir, src), path.join(dir, "stray.png"));
    fs.writeFileSync(file, text.replace(`src: ${src}`, "src: stray.png"));
    expect(() => source(dir, store().args, siteRoot())).toThrow(/blog\/posts\/csat-vs-nps\.md: image\.src: an image under content\/images/);
  });

  it("a rebuild of unchanged content parses no file, creates no node and looks none up", () => {
    const dir = contentCopy();
    const root = siteRoot();
    const { nodes, log, calls, args, reset } = store();
    source(dir, args, root);
    expect(calls.create).toBe(nodes.size);
    reset();
    const { parsed, content } = source(dir, args, root);
    expect(parsed).toBe(0);
    expect(calls).toEqual({ create: 0, lookups: 0 });
    expect(log).toEqual({ created: [], changed: [], deleted: [] });
    // the reused parse is the same content (YAML's Dates included) as reading every file again
    expect(content).toEqual(loadContent(dir));
  });

  it("without the kept state (a lost cache) it finds its nodes in the store: a removed entry's node is still deleted", () => {
    const dir = contentCopy();
    const root = siteRoot();
    const { nodes, log, args, reset } = store();
    nodes.set("id:other", { id: "id:other", internal: { type: "SitePage", contentDigest: "x" } });
    source(dir, args, root);
    fs.rmSync(path.join(root, SOURCING_STATE_FILE));
    fs.rmSync(path.join(dir, "blog", "posts", "handling-angry-customers.md"));
    reset();
    source(dir, args, root);
    expect(log).toEqual({ created: [], changed: [], deleted: ["id:BlogPost:handling-angry-customers"] });
    expect(nodes.has("id:other")).toBe(true); // another source's node is not ours to delete
  });
});
