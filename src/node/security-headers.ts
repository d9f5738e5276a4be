/**
 * The site's security and caching headers, in one place (docs/architecture.md#security).
 *
 * - Every page shares one Content-Security-Policy: after the build (onPostBuild) `sitePolicy` reads every
 *   built HTML page and allows the hashes of the inline scripts Gatsby and we emit. Those are the same on
 *   every page (Gatsby's `window.pagePath="…"` script reads the path from a data attribute:
 *   src/components/seo/page-path-script.tsx), so the policy does not grow with the page count; a build whose pages
 *   carry more distinct inline scripts than MAX_INLINE_SCRIPTS fails rather than emit a policy per page.
 * - `hostHeaderRules` is the table a host gets: one rule for every path (security headers, the policy, and
 *   revalidated caching for paths no file rule names), then Cache-Control rules that split the built files
 *   between them without overlap: immutable for `/static/*` and each content-hashed webpack asset (with its
 *   source map and licence file), revalidated for everything else (one rule per top-level folder or file).
 *   It is written to HEADERS_MANIFEST, which both the local server (scripts/serve.ts) and the Netlify
 *   adapter (src/node/netlify-adapter.ts, `public/_headers`) serve, so both answer with the same headers.
 *   On Netlify, where every matching rule applies, `/*` goes without Cache-Control (netlifyHostRules), so
 *   each file matches exactly one rule that sets it (checkCacheRules, with Netlify's path matching).
 * - Error answers (a 404 or 5xx, wherever) are never cached for long: errorResponseHeaders.
 *
 * The policy allows script only from the site itself, the hashes of its own inline scripts and exactly
 * the hosts of the configured third-party scripts; never 'unsafe-inline' or 'unsafe-eval' for scripts.
 */
import fs from "node:fs";
import path from "node:path";
import { configuredScriptSources } from "../lib/third-party-scripts";
import { NINETAILED_DEFAULT_URL, type ThirdPartySettings } from "../config/third-party";
import type { BuiltPage } from "./html-output";
import { CHUNK_MAP_FILE } from "./app-scripts-slice";

export interface HeaderEntry {
  key: string;
  value: string;
}
/** Gatsby's `headers` config entry (gatsby-config `headers`, read by adapters). */
export interface HeaderRule {
  source: string;
  headers: HeaderEntry[];
}

/** Where onPostBuild leaves the rules for scripts/serve.ts, relative to the site's root. */
export const HEADERS_MANIFEST = path.join(".cache", "security-headers.json");

export const CSP_HEADER = "Content-Security-Policy";

/** Headers every response carries, whatever the path. */
export const STATIC_SECURITY_HEADERS: readonly HeaderEntry[] = [
  // Two years, as the HSTS preload list requires; browsers ignore it over plain http (localhost).
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Only features Chromium knows (an unknown one is logged as an error on every page).
  {
    key: "Permissions-Policy",
    value: "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
  },
  // For browsers without CSP frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/** The hosts the policy names, derived from the public configuration. */
export interface PolicySources {
  /** Origins of the configured third-party scripts (root-relative scripts are covered by 'self'). */
  scriptOrigins: string[];
  /** Origins the page and the service worker fetch from besides itself. */
  connectOrigins: string[];
  /** Where forms may post besides the site (the app host's sign-up and login). */
  formOrigins: string[];
  /** Where content images come from besides the site: the image CDN, Contentful's Images API. */
  imageOrigins: string[];
}

/** Hosts serving content images when configured (IMAGE_CDN_DOMAIN; Contentful assets on its Images API). */
export function contentImageHosts(config: { imageCdnDomain?: string; contentful?: unknown }): string[] {
  return [config.imageCdnDomain, config.contentful ? "images.ctfassets.net" : undefined].filter((h): h is string => Boolean(h));
}

const originOf = (url: string): string | undefined => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" ? parsed.origin : undefined;
  } catch {
    return undefined; // root-relative: the site's own origin ('self')
  }
};
const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort();

/**
 * connect-src also lists the script hosts: scripts report to their own origin. (The service worker's
 * caching rules match same-origin URLs only, src/node/plugin-options.ts, so it fetches no third party.)
 */
export function policySources(settings: ThirdPartySettings, imageHosts: readonly string[] = []): PolicySources {
  const scriptOrigins = unique(configuredScriptSources(settings.scriptIds).map(originOf));
  const personalization = settings.personalization ? originOf(settings.personalization.url ?? NINETAILED_DEFAULT_URL) : undefined;
  return {
    scriptOrigins,
    connectOrigins: unique([
      ...scriptOrigins,
      personalization,
      originOf(settings.ipLookupUrl),
      settings.analyticsBeacon ? originOf(settings.analyticsBeacon.url) : undefined,
    ]),
    formOrigins: unique([originOf(`https://${settings.appHost}/`)]),
    imageOrigins: unique(imageHosts.map((host) => originOf(`https://${host}/`))),
  };
}

/**
 * One policy. style-src keeps 'unsafe-inline': styled-components adds <style> elements at run time
 * and the server-rendered HTML carries style attributes (gatsby-plugin-image, styled-components'
 * critical CSS); hashing those per page would not cover the run-time ones. Styles cannot run script,
 * and content HTML loses every style tag and attribute in the sanitizer.
 */
export function contentSecurityPolicy(sources: PolicySources, scriptHashes: readonly string[]): string {
  const list = (...values: string[]) => values.filter(Boolean).join(" ");
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    ["script-src", list("'self'", ...[...new Set(scriptHashes)].sort(), ...sources.scriptOrigins)],
    ["style-src", "'self' 'unsafe-inline'"],
    ["img-src", list("'self'", "data:", ...unique([...sources.imageOrigins, ...sources.scriptOrigins]))],
    ["font-src", "'self' data:"],
    ["connect-src", list("'self'", ...sources.connectOrigins)],
    ["frame-src", sources.scriptOrigins.length ? list(...sources.scriptOrigins) : "'none'"],
    ["worker-src", "'self'"],
    ["manifest-src", "'self'"],
    ["media-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", list("'self'", ...sources.formOrigins)],
    ["frame-ancestors", "'none'"],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

export class SecurityHeadersError extends Error {}

/** More distinct inline scripts than this across the pages means one varies per page: the build fails. */
export const MAX_INLINE_SCRIPTS = 12;

export const CACHE_REVALIDATE = "public, max-age=0, must-revalidate";
export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The one policy every page is served with: the hashes of every executable inline script on any built
 * page. A page with an inline handler or a javascript: URL, or inline scripts that vary per page, fail the build.
 */
export function sitePolicy(pages: readonly BuiltPage[], sources: PolicySources): { policy: string; hashes: string[]; pages: number } {
  const blocked = pages.flatMap((p) => p.blocked.map((b) => `${p.route}: ${b}`));
  if (blocked.length) {
    throw new SecurityHeadersError(`Inline script constructs the Content-Security-Policy would block:\n${blocked.slice(0, 20).join("\n")}`);
  }
  const seenOn = new Map<string, string[]>();
  for (const page of pages) {
    for (const hash of page.hashes) {
      const routes = seenOn.get(hash);
      if (routes) routes.push(page.route);
      else seenOn.set(hash, [page.route]);
    }
  }
  const hashes = [...seenOn.keys()].sort();
  if (hashes.length > MAX_INLINE_SCRIPTS) {
    const rare = [...seenOn.entries()].sort((a, b) => a[1].length - b[1].length).slice(0, 5);
    throw new SecurityHeadersError(
      `${hashes.length} distinct inline scripts across ${pages.length} pages: one varies per page, so the policy would grow with the site. ` +
        `Move its data out of the script text (a data attribute, page data). Rarest: ${rare.map(([h, r]) => `${h} on ${r.slice(0, 3).join(", ")}`).join("; ")}`,
    );
  }
  return { policy: contentSecurityPolicy(sources, hashes), hashes, pages: pages.length };
}

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

const header = (key: string, value: string): HeaderEntry => ({ key, value });

/** The one spelling of the caching header in every rule (a host warns when a path gets it in two cases). */
export const CACHE_HEADER = "Cache-Control";
/** What an error answer (404, 5xx) carries instead of its path's caching, on every host. */
export const ERROR_CACHE_CONTROL = "no-store";

const isCacheHeader = (h: HeaderEntry) => h.key.toLowerCase() === CACHE_HEADER.toLowerCase();

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
 * a `*` inside a segment is anything. tests/unit/node/security-headers.test.ts checks it against the parser.
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

/**
 * The rules a host applies: every path (security headers, the policy, and revalidation for what no file
 * rule names, such as the 404 page answered under an unknown path), then the file rules (cacheRules;
 * without `files`, only `/static/*` and the hashed assets). Gatsby's matcher (the local server) lets a
 * more specific rule override `/*`; Netlify applies every match, so it gets `/*` without Cache-Control.
 */
export function hostHeaderRules(policy: string, assets: readonly string[], files: readonly string[] = []): HeaderRule[] {
  return [
    { source: "/*", headers: [header(CACHE_HEADER, CACHE_REVALIDATE), ...STATIC_SECURITY_HEADERS, header(CSP_HEADER, policy)] },
    ...cacheRules(files, assets),
  ];
}

/** The table for a host that applies every matching rule (Netlify): `/*` keeps its security headers only. */
export function netlifyHostRules(rules: readonly HeaderRule[]): HeaderRule[] {
  return rules.map((rule) => (rule.source === "/*" ? { ...rule, headers: rule.headers.filter((h) => !isCacheHeader(h)) } : rule));
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

/**
 * The Netlify build's check of what it ships (netlify-adapter.ts, after the adapter wrote `_headers`):
 * every page gets the site's policy and HSTS from `/*`, and every file exactly one Cache-Control rule.
 * Returns the problems, empty when there are none.
 */
export function checkShippedHeaders(headersFile: string, expected: readonly HeaderRule[], files: readonly string[]): string[] {
  if (!fs.existsSync(headersFile)) return [`${headersFile} is missing`];
  const shipped = parseHeadersFile(fs.readFileSync(headersFile, "utf8"));
  const value = (rules: readonly HeaderRule[], key: string) =>
    rules.find((r) => r.source === "/*")?.headers.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;
  const problems: string[] = [];
  for (const key of [CSP_HEADER, "Strict-Transport-Security"]) {
    const want = value(expected, key);
    const got = shipped.filter((r) => r.source === "/*").flatMap((r) => r.headers.filter((h) => h.key.toLowerCase() === key.toLowerCase()));
    if (!want) problems.push(`the site's own rules have no ${key}`);
    else if (got.length !== 1 || got[0].value !== want)
      problems.push(`${key} for /*: expected the site's value, found ${got.length ? got.map((h) => h.value).join(" | ") : "none"}`);
  }
  const names = new Set(shipped.flatMap((r) => r.headers.filter(isCacheHeader).map((h) => h.key)));
  if (names.size > 1) problems.push(`Cache-Control is spelled ${[...names].join(" and ")}`);
  const overlaps = checkCacheRules(shipped, files);
  if (overlaps.length)
    problems.push(
      `${overlaps.length} URLs do not match exactly one Cache-Control rule: ${overlaps
        .slice(0, 5)
        .map((o) => `${o.url} (${o.rules.join(", ") || "none"})`)
        .join("; ")}`,
    );
  return problems;
}

export function writeHeadersManifest(rootDir: string, rules: HeaderRule[]): string {
  const file = path.join(rootDir, HEADERS_MANIFEST);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(rules, null, 2));
  return file;
}

export function readHeadersManifest(rootDir: string): HeaderRule[] {
  const file = path.join(rootDir, HEADERS_MANIFEST);
  if (!fs.existsSync(file)) throw new SecurityHeadersError(`${file} is missing: build the site first (npm run build)`);
  const rules = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  if (
    !Array.isArray(rules) ||
    !rules.every(
      (r: HeaderRule) =>
        typeof r?.source === "string" &&
        Array.isArray(r.headers) &&
        r.headers.every((h) => typeof h?.key === "string" && typeof h.value === "string"),
    )
  ) {
    throw new SecurityHeadersError(`${file} is not a list of header rules`);
  }
  return rules as HeaderRule[];
}

/** onPostBuild: the policy from the built pages (html-output.ts readBuiltPages) and the host rules, written to HEADERS_MANIFEST. */
export function applySecurityHeaders(
  reporter: { info(message: string): void; panic(message: string, error?: Error): never },
  rootDir: string,
  pages: readonly BuiltPage[],
  settings: ThirdPartySettings,
  imageHosts: readonly string[] = [],
): HeaderRule[] {
  try {
    const { policy, hashes } = sitePolicy(pages, policySources(settings, imageHosts));
    const publicDir = path.join(rootDir, "public");
    const rules = hostHeaderRules(policy, hashedAssets(publicDir), listFiles(publicDir));
    const file = writeHeadersManifest(rootDir, rules);
    reporter.info(
      `security headers: one policy for ${pages.length} pages (${hashes.length} inline script hashes), ${rules.length} host rules in ${path.relative(rootDir, file)}`,
    );
    return rules;
  } catch (error) {
    return reporter.panic(`security headers: ${error instanceof Error ? error.message : String(error)}`, error as Error);
  }
}
