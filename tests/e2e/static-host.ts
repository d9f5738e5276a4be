/**
 * A small static host for the offline and deploy tests: serves a Gatsby build the way a CDN host
 * does (Gatsby's caching recommendations: HTML, page data and sw.js revalidated on every request,
 * hashed assets immutable), from layered folders so a test can "deploy" a new release by putting
 * the files that changed in front of the old build, switching atomically like a real deploy.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { AddressInfo } from "node:net";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
};

/** Cache-Control per Gatsby's hosting docs (docs/how-to/previews-deploys-hosting/caching). */
export function cacheControl(urlPath: string): string {
  if (urlPath === "/sw.js" || urlPath.endsWith(".html") || urlPath.endsWith("/") || urlPath.startsWith("/page-data/"))
    return "public, max-age=0, must-revalidate";
  if (urlPath.startsWith("/static/") || /-[0-9a-f]{20}\.(js|css)$/.test(urlPath)) return "public, max-age=31536000, immutable";
  return "public, max-age=0, must-revalidate";
}

export interface StaticHost {
  url: string;
  /** Serves `layers` (first match wins) from the next request on: a deploy. */
  deploy(layers: string[]): void;
  /** Every path requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startStaticHost(layers: string[]): Promise<StaticHost> {
  let current = [...layers];
  const requests: string[] = [];
  const find = (urlPath: string): string | null => {
    const relative = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^(\.\.(\/|$))+/, "");
    for (const root of current) {
      const candidate = path.join(root, relative);
      if (!candidate.startsWith(root)) return null;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
    return null;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405).end();
      return;
    }
    let file = find(url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname);
    if (!file && !path.posix.extname(url.pathname) && find(`${url.pathname}/index.html`)) {
      res.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
      return;
    }
    let status = 200;
    if (!file) {
      file = find("/404.html");
      status = 404;
    }
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const body = fs.readFileSync(file);
    res.writeHead(status, {
      "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
      "Content-Length": body.length,
      "Cache-Control": cacheControl(url.pathname),
    });
    res.end(req.method === "HEAD" ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    requests,
    deploy(next) {
      current = [...next];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
