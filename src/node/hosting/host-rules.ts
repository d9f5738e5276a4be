/**
 * The host's caching rules (docs/security.md): which Cache-Control every built file is served with, as rules
 * in the `headers` format Gatsby's adapters read, none overlapping (a host that applies every matching rule
 * must not get two caching headers for one file).
 */
import fs from "node:fs";
import path from "node:path";
import { CHUNK_MAP_FILE } from "../bundling/app-scripts-slice";

/** A header table that would ship wrong: the build fails with it. */
export class SecurityHeadersError extends Error {}

export interface HeaderEntry {
  key: string;
  value: string;
}
/** Gatsby's `headers` config entry (gatsby-config `headers`, read by adapters). */
export interface HeaderRule {
  source: string;
  headers: HeaderEntry[];
}

export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";

/** webpack's name for a content-hashed top-level bundle (`[name]-[contenthash].js`, numbered chunks included). */
const HASHED_BUNDLE = /^[\w.~-]+-[0-9a-f]{20}\.(?:js|css)$/;

/**
 * The content-hashed files webpack emitted (public/webpack.stats.json names the entry and named chunks;
 * numbered shared chunks such as `916-<hash>.js` only by their file name) and the chunk map's file:
 * cached for a year.
 */
export function hashedAssets(publicDir: string): string[] {
  const file = path.join(publicDir, "webpack.stats.json");
  if (!fs.existsSync(file)) return [];
  const chunkMaps = fs.readdirSync(publicDir).filter((name) => CHUNK_MAP_FILE.test(name) || HASHED_BUNDLE.test(name));
  const stats = JSON.parse(fs.readFileSync(file, "utf8")) as {
    assetsByChunkName?: Record<string, string[]>;
    childAssetsByChunkName?: Record<string, Record<string, string[]>>;
  };
  const names = new Set<string>([
    ...Object.values(stats.assetsByChunkName ?? {}).flat(),
    ...Object.values(stats.childAssetsByChunkName ?? {}).flatMap((byRel) => Object.values(byRel).flat()),
  ]);
  return [
    ...new Set([...[...names].filter((name) => !name.endsWith(".map") && fs.existsSync(path.join(publicDir, name))), ...chunkMaps]),
  ].sort();
}

export const header = (key: string, value: string): HeaderEntry => ({ key, value });

/** The one spelling of the caching header in every rule (a host warns when a path gets it in two cases). */
export const CACHE_HEADER = "Cache-Control";
/** What an error answer (404, 5xx) carries instead of its path's caching, on every host. */
export const ERROR_CACHE_CONTROL = "no-store";

export const isCacheHeader = (h: HeaderEntry) => h.key.toLowerCase() === CACHE_HEADER.toLowerCase();

/**
 * The headers of an error answer from a path's headers: the same security headers and policy, but never
 * the path's caching (a 404 under /static/ must not be kept for a year).
 */
export function errorResponseHeaders(headers: readonly HeaderEntry[]): HeaderEntry[] {
  return [...headers.filter((h) => !isCacheHeader(h)), header(CACHE_HEADER, ERROR_CACHE_CONTROL)];
}

/**
 * A `_headers` rule's path as Netlify matches it (netlify-cli's @netlify/headers-parser getForRegExp, which
 * follows the CDN's regular expressions): case-insensitive, a `:name` segment is one segment, a standalone
 * `*` is anything (slashes included, and the slash before it optional, so `/blog/*` also takes `/blog-x.js`),
 * a `*` inside a segment is anything. tests/src/node/hosting/security-headers.test.ts checks it against the parser.
 */
export function netlifyPathPattern(source: string): RegExp {
  const escape = (text: string) => text.replace(/[|\\{}()[\]^$+*?.]/g, "\\$&").replace(/-/g, "\\x2d");
  const parts = source
    .split("/")
    .map((part) => part.trimEnd())
    .filter(Boolean)
    .map((part) =>
      part.startsWith(":") ? "([^/]+)" : part === "*" ? "?(.*)" : part.includes("*") ? part.replace(/\*/g, "(.*)") : escape(part),
    );
  return new RegExp(`^/${parts.join("/")}/?$`, "iu");
}

/** Files a host never serves from the publish folder: Netlify's own rule files. */
const HOST_FILES = new Set(["_headers", "_redirects"]);

/** The URLs a built file answers: its path, and for a folder's index.html the folder itself. */
export function fileUrls(file: string): string[] {
  const url = `/${file}`;
  if (file === "index.html") return ["/", url];
  return file.endsWith("/index.html") ? [url.slice(0, -"index.html".length), url] : [url];
}

/**
 * Cache-Control rules that give every file in `files` (paths relative to public/, with `/`) exactly one
 * rule under Netlify's matching: `/static/*` and each hashed asset immutable; every other top-level
 * folder `/D/*` (or, when that pattern would also take a path outside the folder, `/D` and `/D/:segment/*`),
 * every other top-level file, and `/`, revalidated.
 */
export function cacheRules(files: readonly string[], hashed: readonly string[]): HeaderRule[] {
  const immutable = (source: string): HeaderRule => ({ source, headers: [header(CACHE_HEADER, CACHE_IMMUTABLE)] });
  const revalidate = (source: string): HeaderRule => ({ source, headers: [header(CACHE_HEADER, CACHE_REVALIDATE)] });
  const served = files.filter((f) => !HOST_FILES.has(f));
  const present = new Set(served);
  const hashedFiles = new Set(
    hashed.flatMap((asset) => [asset, `${asset}.map`, `${asset}.LICENSE.txt`]).filter((f) => present.has(f) || hashed.includes(f)),
  );
  const rules: HeaderRule[] = [immutable("/static/*"), ...[...hashedFiles].sort().map((f) => immutable(`/${f}`))];
  const folders = [...new Set(served.filter((f) => f.includes("/")).map((f) => f.slice(0, f.indexOf("/"))))]
    .filter((d) => d !== "static")
    .sort();
  const topFiles = served.filter((f) => !f.includes("/") && !hashedFiles.has(f)).sort();
  const allUrls = served.flatMap(fileUrls);
  for (const folder of folders) {
    const wide = netlifyPathPattern(`/${folder}/*`);
    const inside = (url: string) => url === `/${folder}` || url.startsWith(`/${folder}/`);
    if (allUrls.some((url) => wide.test(url) && !inside(url))) rules.push(revalidate(`/${folder}`), revalidate(`/${folder}/:segment/*`));
    else rules.push(revalidate(`/${folder}/*`));
  }
  if (served.includes("index.html")) rules.push(revalidate("/"));
  for (const file of topFiles) rules.push(revalidate(`/${file}`));
  return rules;
}

/** Every file under `dir`, relative, with `/`. */
export function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

export interface CacheRuleProblem {
  url: string;
  rules: string[];
}

/**
 * Under Netlify's matching, the URLs of `files` that do not match exactly one rule carrying Cache-Control
 * (none, or two: the CDN's choice between two is not something to depend on).
 */
export function checkCacheRules(rules: readonly HeaderRule[], files: readonly string[]): CacheRuleProblem[] {
  const cached = rules
    .filter((rule) => rule.headers.some(isCacheHeader))
    .map((rule) => ({ source: rule.source, pattern: netlifyPathPattern(rule.source) }));
  return files
    .filter((f) => !HOST_FILES.has(f))
    .flatMap(fileUrls)
    .map((url) => ({ url, rules: cached.filter((rule) => rule.pattern.test(url)).map((rule) => rule.source) }))
    .filter((found) => found.rules.length !== 1);
}

/** Netlify's `_headers` format: a path line, then its indented `Name: value` lines; `#` comments. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    if (line.startsWith("/")) rules.push({ source: line, headers: [] });
    else {
      const colon = line.indexOf(":");
      const rule = rules.at(-1);
      if (!rule || colon <= 0) throw new SecurityHeadersError(`_headers line ${index + 1} is neither a path nor a header: ${line}`);
      rule.headers.push(header(line.slice(0, colon).trim(), line.slice(colon + 1).trim()));
    }
  }
  return rules;
}
