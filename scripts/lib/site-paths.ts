/**
 * How the local server reads a request path (docs/local-server.md): the raw path, the /api/ prefix, whether a
 * request carries a body, and where a path leads among the built files of public/.
 */
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import path from "node:path";

/** Files a host reads for its own configuration; Netlify does not serve them either. */
const HOST_FILES = new Set(["_headers", "_redirects"]);

export const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
/** The path of a request target, as sent (`*`, the asterisk form, is looked up as `/*`). */
export const rawPathOf = (url: string) => {
  const pathname = url.split(/[?#]/, 1)[0];
  return pathname.startsWith("/") ? pathname : `/${pathname}`;
};
export const isApi = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** Percent-encodes a path segment for a Location header, leaving the characters a path may carry. */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/%(40|3A|2B|2C|3B|3D|21|24|26|27|28|29|2A)/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
const urlOf = (segments: string[], slash: boolean) =>
  segments.length === 0 ? "/" : `/${segments.map(encodeSegment).join("/")}${slash ? "/" : ""}`;

type Resolution = { file: string } | { redirect: string } | "not-found" | "bad-request";

/** A regular file below `root` (already a real path) reached through no symlink, or null. */
async function servable(root: string, segments: string[]): Promise<string | null> {
  const file = path.join(root, ...segments);
  try {
    if ((await fs.promises.realpath(file)) !== file) return null;
    return (await fs.promises.stat(file)).isFile() ? file : null;
  } catch {
    return null;
  }
}

/**
 * Where a request path leads, as `gatsby serve` answers `trailingSlash: "always"`: a page only at
 * `/<path>/`; other spellings of an existing page or file (`/pricing`, `/pricing/index.html`,
 * `//pricing//`, `/./pricing`) are redirected to it; nothing is served through a symlink, as a dotfile,
 * or outside `root`; `..`, NUL, a backslash or bad percent-encoding is a bad request.
 */
export async function resolvePath(root: string, rawPath: string): Promise<Resolution> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return "bad-request";
  }
  if (/[\0\\]/.test(decoded) || decoded.split("/").includes("..")) return "bad-request";
  const segments = decoded.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.some((s) => s.startsWith(".")) || HOST_FILES.has(segments.join("/"))) return "not-found";
  const slash = decoded.endsWith("/");
  // served only under its one spelling; any other is redirected there
  const answer = (file: string, withSlash: boolean): Resolution =>
    decoded === (segments.length ? `/${segments.join("/")}${withSlash ? "/" : ""}` : "/")
      ? { file }
      : { redirect: urlOf(segments, withSlash) };

  if (segments.at(-1) === "index.html" && !slash && (await servable(root, segments))) {
    return { redirect: urlOf(segments.slice(0, -1), true) };
  }
  const file = segments.length > 0 && !slash ? await servable(root, segments) : null;
  if (file) return answer(file, false);
  const page = await servable(root, [...segments, "index.html"]);
  if (page) return answer(page, true);
  return "not-found";
}
