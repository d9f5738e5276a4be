/**
 * The built site (public/) answered the way `gatsby serve` answers it for `trailingSlash: "always"`,
 * plus the host's header table: a page is public/<path>/index.html at `/<path>/`; other spellings of a
 * page's URL (`/pricing`, `/pricing/index.html`, `//pricing//`) are redirected (301) to that one URL,
 * keeping the query; anything else that is not a file answers public/404.html with 404.
 *
 * The request path is decoded and normalised before it touches the disk, and a path with a `..`
 * segment, a NUL or a backslash is refused outright, so nothing outside public/ can be named.
 */
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import zlib from "node:zlib";

export type HeaderList = { key: string; value: string }[];
/** The host's header rules for a path (Gatsby's createHeadersMatcher over the build's table). */
export type HeadersFor = (pathname: string, defaults: HeaderList) => HeaderList;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

export const contentType = (file: string) => TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";

/** Text types worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/** Files a host reads for its own configuration; Netlify does not serve them either. */
const HOST_FILES = new Set(["/_headers", "/_redirects"]);

export type Resolution =
  | { kind: "file"; file: string; status: 200 }
  | { kind: "redirect"; location: string }
  | { kind: "not-found" }
  | { kind: "bad-request"; reason: string };

/** Splits a request target into its raw path and query (`?…`, kept as sent for redirects). */
export function splitTarget(target: string): { rawPath: string; search: string } | null {
  let t = target;
  if (!t.startsWith("/")) {
    // absolute-form (`GET http://host/path`): only its path and query count
    try {
      const url = new URL(t);
      if (url.protocol !== "http:" && url.protocol !== "https:") return null;
      t = url.pathname + url.search;
    } catch {
      return null;
    }
  }
  const hash = t.indexOf("#");
  if (hash >= 0) t = t.slice(0, hash);
  const q = t.indexOf("?");
  return q < 0 ? { rawPath: t, search: "" } : { rawPath: t.slice(0, q), search: t.slice(q) };
}

/** The decoded path as segments, or why it is refused. Empty segments (duplicate slashes) are dropped. */
export function decodeSegments(rawPath: string): { decoded: string; segments: string[]; trailingSlash: boolean } | { error: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { error: "malformed percent-encoding" };
  }
  if (decoded.includes("\0")) return { error: "NUL in path" };
  // A backslash is a separator on Windows and, in a Location header, to browsers (`/\evil.example`).
  if (decoded.includes("\\")) return { error: "backslash in path" };
  const parts = decoded.split("/");
  if (parts.some((p) => p === "..")) return { error: "`..` in path" };
  return { decoded, segments: parts.filter((p) => p !== "" && p !== "."), trailingSlash: decoded.endsWith("/") };
}

/** Percent-encodes a segment for a Location header, leaving the characters a path may carry as they are. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/%(40|3A|2B|2C|3B|3D|21|24|26|27|28|29|2A)/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );

const joinPath = (segments: string[], trailingSlash: boolean, encode: (s: string) => string = (s) => s) =>
  segments.length === 0 ? "/" : `/${segments.map(encode).join("/")}${trailingSlash ? "/" : ""}`;

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where a request path leads in `publicDir`: a file, a redirect to the page's canonical URL, or nothing.
 * Pure apart from `stat`, so the rules are tested without a server.
 */
export function resolvePath(publicDir: string, rawPath: string, search = ""): Resolution {
  const root = path.resolve(publicDir);
  const decoded = decodeSegments(rawPath);
  if ("error" in decoded) return { kind: "bad-request", reason: decoded.error };
  const { segments, trailingSlash } = decoded;
  // served only under its one spelling (no duplicate slashes or `.` segments): anything else is redirected
  const canonical = (slash: boolean) => joinPath(segments, slash) === decoded.decoded;
  const within = (rel: string[]) => {
    const file = path.resolve(root, ...rel);
    // belt and braces: `..` is already refused, but nothing outside public/ is ever served
    return file === root || file.startsWith(root + path.sep) ? file : null;
  };
  const redirectTo = (rel: string[], slash: boolean) => ({
    kind: "redirect" as const,
    location: joinPath(rel, slash, encodeSegment) + search,
  });

  if (HOST_FILES.has(`/${segments.join("/")}`)) return { kind: "not-found" };

  // /pricing/index.html → /pricing/ (the page's one URL; its relative links and its policy expect it)
  if (segments.at(-1) === "index.html" && !trailingSlash) {
    const dir = segments.slice(0, -1);
    const page = within([...dir, "index.html"]);
    if (page && isFile(page)) return redirectTo(dir, true);
  }

  const exact = within(segments);
  if (exact && segments.length > 0 && !trailingSlash && isFile(exact)) {
    return canonical(false) ? { kind: "file", file: exact, status: 200 } : redirectTo(segments, false);
  }

  const page = within([...segments, "index.html"]);
  if (page && isFile(page)) {
    return canonical(true) ? { kind: "file", file: page, status: 200 } : redirectTo(segments, true);
  }
  return { kind: "not-found" };
}

/** A weak validator from size and modification time, as `send` (Express's static) makes it. */
export const etagOf = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

function notModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const inm = req.headers["if-none-match"];
  if (inm !== undefined) {
    const strip = (tag: string) => tag.trim().replace(/^W\//, "");
    return inm.trim() === "*" || inm.split(",").some((tag) => strip(tag) === strip(etag));
  }
  const ims = req.headers["if-modified-since"];
  if (ims) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

const acceptsGzip = (req: IncomingMessage) => /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));

export interface StaticFilesOptions {
  publicDir: string;
  headersFor: HeadersFor;
  /** Bytes of compressed files kept in memory (each file is compressed once per modification). */
  gzipCacheBytes?: number;
}

/** Answers GET/HEAD for the built site; any other method 405. */
export function createStaticFiles({ publicDir, headersFor, gzipCacheBytes = 64 * 1024 * 1024 }: StaticFilesOptions) {
  const root = path.resolve(publicDir);
  const notFoundPage = path.join(root, "404.html");
  const gzipCache = new Map<string, Buffer>();
  let gzipCached = 0;

  const gzipped = (file: string, etag: string, body: Buffer): Buffer => {
    const key = `${file}\0${etag}`;
    let found = gzipCache.get(key);
    if (!found) {
      found = zlib.gzipSync(body, { level: 6 });
      if (gzipCached + found.length <= gzipCacheBytes) {
        gzipCache.set(key, found);
        gzipCached += found.length;
      }
    }
    return found;
  };

  const applyTable = (res: ServerResponse, pathname: string) => {
    for (const { key, value } of headersFor(pathname, [])) res.setHeader(key, value);
  };

  const sendFile = (req: IncomingMessage, res: ServerResponse, file: string, status: number) => {
    let stat: fs.Stats;
    let body: Buffer;
    try {
      stat = fs.statSync(file);
      body = fs.readFileSync(file);
    } catch {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("Internal server error");
      return;
    }
    const type = contentType(file);
    const etag = etagOf(stat);
    res.setHeader("Content-Type", type);
    res.setHeader("ETag", etag);
    res.setHeader("Last-Modified", stat.mtime.toUTCString());
    const compressible = COMPRESSIBLE.test(type) && body.length > 1024;
    if (compressible) res.setHeader("Vary", "Accept-Encoding");
    if (status === 200 && notModified(req, etag, stat.mtime)) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (compressible && acceptsGzip(req)) {
      body = gzipped(file, etag, body);
      res.setHeader("Content-Encoding", "gzip");
    }
    res.statusCode = status;
    res.setHeader("Content-Length", body.length);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  return function serveStatic(req: IncomingMessage, res: ServerResponse): void {
    const target = splitTarget(req.url ?? "/");
    if (!target) {
      applyTable(res, "/");
      res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad request");
      return;
    }
    applyTable(res, target.rawPath);
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" }).end("Method not allowed");
      return;
    }
    const found = resolvePath(root, target.rawPath, target.search);
    switch (found.kind) {
      case "file":
        return sendFile(req, res, found.file, 200);
      case "redirect":
        {
          const text = `Moved permanently to ${found.location}`;
          res.writeHead(301, {
            Location: found.location,
            "Content-Type": "text/plain; charset=utf-8",
            "Content-Length": Buffer.byteLength(text),
          });
          res.end(req.method === "HEAD" ? undefined : text);
        }
        return;
      case "bad-request":
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" }).end("Bad request");
        return;
      case "not-found":
        // the 404 page is answered under the unknown path, with that path's rules (the one policy)
        if (isFile(notFoundPage)) return sendFile(req, res, notFoundPage, 404);
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
    }
  };
}
