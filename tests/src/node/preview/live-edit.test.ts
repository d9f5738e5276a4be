import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveEdit } from "../../../../src/node/preview/live-edit";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "live-edit-"));
const pushes: { id: string; result: any }[] = [];
let server: http.Server;
let url: string;

beforeAll(async () => {
  const dir = path.join(root, "public", "page-data", "blog", "a");
  fs.mkdirSync(dir, { recursive: true });
  const page = { path: "/blog/a/", result: { data: { post: { entryId: "p", title: "Old", author: { entryId: "au", name: "A" } } } } };
  fs.writeFileSync(path.join(dir, "page-data.json"), JSON.stringify({ ...page, staticQueryHashes: [] }));
  const socket = { emitPageData: (d: { id: string; result: unknown }) => void pushes.push(d as never), emitStaticQueryData: () => {} };
  const noLinks = () => ({ resolve: async () => undefined, report: { awaitingSync: [], failed: [] } });
  const handler = liveEdit(root, () => socket, noLinks);
  server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__preview/edit`;
});
afterAll(() => {
  server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const post = (entries: unknown[]) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path: "/blog/a/", entries }) });

describe("the live edit route keeps each entry's latest edit (docs/content.md#live-preview)", () => {
  it("keeps an entry's edit when a later message carries it untouched (no fields), and applies both", async () => {
    expect((await post([{ sys: { id: "p" }, fields: { title: "New" } }])).status).toBe(200);
    const res = await post([
      { sys: { id: "p" }, fields: {} },
      { sys: { id: "au" }, fields: { name: "B" } },
    ]);
    expect(await res.json()).toEqual({ pushed: ["/blog/a/"], awaitingSync: [], failed: [] });
    expect(pushes.at(-1)?.result.result.data.post).toEqual({ entryId: "p", title: "New", author: { entryId: "au", name: "B" } });
  });

  it("refuses what is not a JSON edit", async () => {
    expect((await fetch(url, { method: "POST", body: "x" })).status).toBe(415);
    expect((await post([{ fields: {} }])).status).toBe(400);
  });
});
