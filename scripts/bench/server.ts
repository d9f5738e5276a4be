/**
 * The bench's HTTP servers: a built site's public/ answered as `npm run serve` answers it (the same
 * static-file rules, gzip and, when the build wrote one, its header table), so the site, its script-free
 * floor and the blank reference are all served alike. The floor answers every page through stripScripts;
 * every other file (CSS in the HTML, images, fonts) is the site's own.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers";
import { readHeadersManifest } from "../../src/node/security-headers";
import { createStaticFiles, etagOf, resolvePath, splitTarget, type HeadersFor } from "../lib/static-files";
import { stripScripts } from "./floor";

export interface BenchServer {
  url: string;
  close(): Promise<void>;
}

/** The build's header table when it has one (a blank reference site has none). */
function headersOf(root: string): HeadersFor {
  if (!fs.existsSync(path.join(root, ".cache", "security-headers.json"))) return () => [];
  return createHeadersMatcher(readHeadersManifest(root), "") as HeadersFor;
}

/**
 * Serves `<root>/public` on localhost:port. With `floor`, pages (HTML files) are answered without their
 * scripts; their headers (the site's policy included) stay the page's own.
 */
export async function startBenchServer({
  root,
  port,
  floor = false,
}: {
  root: string;
  port: number;
  floor?: boolean;
}): Promise<BenchServer> {
  const publicDir = path.join(root, "public");
  const headersFor = headersOf(root);
  const serveStatic = createStaticFiles({ publicDir, headersFor });
  const floors = new Map<string, { text: Buffer; gzip: Buffer; validators: Record<string, string> }>();

  const server = http.createServer((req, res) => {
    const target = floor && req.method === "GET" ? splitTarget(req.url ?? "/") : null;
    const found = target ? resolvePath(publicDir, target.rawPath, target.search) : null;
    if (!target || found?.kind !== "file" || !found.file.endsWith(".html")) return serveStatic(req, res);
    let page = floors.get(found.file);
    if (!page) {
      const stat = fs.statSync(found.file);
      const text = Buffer.from(stripScripts(fs.readFileSync(found.file, "utf8")));
      // The validators the site sends with every file (scripts/lib/static-files.ts), for the floor's own
      // bytes: a floor answered with fewer header bytes would be measured ahead of its page for them.
      const validators = {
        ETag: etagOf({ size: text.length, mtimeMs: stat.mtimeMs } as fs.Stats),
        "Last-Modified": stat.mtime.toUTCString(),
      };
      page = { text, gzip: zlib.gzipSync(text, { level: 6 }), validators };
      floors.set(found.file, page);
    }
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? page.gzip : page.text;
    for (const { key, value } of headersFor(target.rawPath, [])) res.setHeader(key, value);
    res.writeHead(200, {
      ...page.validators,
      "Content-Type": "text/html; charset=utf-8",
      ...(gzip ? { "Content-Encoding": "gzip" } : {}),
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
    });
    res.end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "localhost", () => resolve());
  });
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
