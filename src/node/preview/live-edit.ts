/**
 * POST /__preview/edit (docs/content.md#live-preview): the framed page forwards the web app's merged entries;
 * this maps them onto the page's current query results (patch.ts) and pushes those through Gatsby's own develop
 * socket, as Gatsby pushes a re-run query, so the open page re-renders through the production components in
 * well under a second, with no re-sync. The latest edit of each entry is kept and applied to every later push.
 * A field pointed at another asset or entry resolves through Gatsby's data layer (resolve-link.ts).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseUrlTable, type UrlTable } from "../../lib/url-table";
import type { EditedEntry } from "../../lib/live-preview";
import { patchResult, type ResolveLinks } from "./patch";
import { linkResolver, type QueryDocument } from "./resolve-link";

/** Gatsby's develop socket (a private module, as in src/node/local/develop-overlay.ts): what a re-run query pushes. */
interface DevelopSocket {
  emitPageData(data: { id: string; result: unknown }): void;
  emitStaticQueryData(data: { id: string; result: unknown }): void;
}
function developSocket(): DevelopSocket {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a private module, loaded only by the preview server
  const socket = (require("gatsby/dist/utils/websocket-manager") as { websocketManager?: DevelopSocket }).websocketManager;
  if (!socket?.emitPageData) throw new Error("Live preview: Gatsby's develop socket moved (gatsby/dist/utils/websocket-manager)");
  return socket;
}

const MAX_BODY = 1_000_000;

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error("body over 1 MB");
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

function parseEdit(body: unknown): { path: string; entries: EditedEntry[] } {
  const b = body as { path?: unknown; entries?: unknown };
  const entries = Array.isArray(b?.entries) ? b.entries : [];
  const valid = entries.every((e) => typeof e?.sys?.id === "string" && typeof e.fields === "object" && e.fields !== null);
  if (typeof b?.path !== "string" || !b.path.startsWith("/") || b.path.includes("..") || !valid)
    throw new Error("expected {path: '/…', entries: [{sys: {id}, fields: {…}}]}");
  return { path: b.path, entries: entries as EditedEntry[] };
}

/** public/page-data/<path>/page-data.json, as develop writes it ("/" is "index"). */
const pageDataFile = (root: string, pagePath: string) =>
  path.join(root, "public", "page-data", pagePath === "/" ? "index" : pagePath.replace(/^\/|\/$/g, ""), "page-data.json");
const staticQueryFile = (root: string, hash: string) => path.join(root, "public", "page-data", "sq", "d", `${hash}.json`);
const readJsonFile = async (file: string) => JSON.parse(await fs.readFile(file, "utf8")) as Record<string, any>;

/** The site's URL table, from whichever of the page's static queries has it (the SiteData query). */
const urlTableOf = (results: Record<string, any>[]): UrlTable =>
  parseUrlTable(results.map((r) => r?.data?.siteSettings?.urlTable).find(Array.isArray) ?? []);

/** Response keys below `data` (a page's data is under `result`, a static query's at the top). */
const belowData = (path: string[]) => path.slice(path.indexOf("data") + 1);

export function liveEdit(root: string, socket: () => DevelopSocket = developSocket, resolver = linkResolver()) {
  const edits = new Map<string, EditedEntry>();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const answer = (status: number, body: unknown) => {
      res.statusCode = status;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST") return answer(405, { error: "POST only" });
    // JSON only: a cross-site form cannot send it without a CORS preflight, which develop's cors() never grants with credentials
    if (!/^application\/json\b/.test(req.headers["content-type"] ?? "")) return answer(415, { error: "Live preview: JSON only" });
    let edit: ReturnType<typeof parseEdit>;
    try {
      edit = parseEdit(await readJson(req));
    } catch (error) {
      return answer(400, { error: `Live preview: ${(error as Error).message}` });
    }
    // the web app sends every subscribed entry, the untouched ones with no fields: those keep their earlier edit
    for (const entry of edit.entries)
      edits.set(entry.sys.id, { ...entry, fields: { ...edits.get(entry.sys.id)?.fields, ...entry.fields } });
    let page: Record<string, any>;
    try {
      page = await readJsonFile(pageDataFile(root, edit.path));
    } catch {
      return answer(404, { error: `Live preview: no page data for ${edit.path} yet` });
    }
    const hashes: string[] = page.staticQueryHashes ?? [];
    const statics = await Promise.all(hashes.map((hash) => readJsonFile(staticQueryFile(root, hash)).catch(() => null)));
    const urlTable = urlTableOf(statics.filter((s): s is Record<string, any> => s !== null));
    const pushed: string[] = [];
    const { resolve, report } = resolver();
    const links =
      (document: QueryDocument): ResolveLinks =>
      (at, many) =>
        resolve({ ...at, document, path: belowData(at.path) }, many);
    const patchedPage = await patchResult(page, edits, urlTable, links({ kind: "page", path: edit.path }));
    if (patchedPage.changed) {
      socket().emitPageData({ id: edit.path, result: patchedPage.result });
      pushed.push(edit.path);
    }
    for (const [i, hash] of hashes.entries()) {
      if (!statics[i]) continue;
      const patched = await patchResult(statics[i], edits, urlTable, links({ kind: "static", hash }));
      if (patched.changed) {
        socket().emitStaticQueryData({ id: hash, result: patched.result });
        pushed.push(hash);
      }
    }
    // links to assets or entries Gatsby has not synced yet show after the webhook re-sync: said so to the page
    answer(200, { pushed, ...report });
  };
}
