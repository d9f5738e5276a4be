/**
 * What the build wrote into public/*.html, read once per changed page after the build (onPostBuild):
 *
 * - NUL bytes are removed. React 18.3's streaming server renderer, which Gatsby 5 renders every page
 *   with, can leak them into its output: it flushes whole 2 KB buffers even when a multi-byte UTF-8
 *   character did not fit at the end of one (react#24985, fixed by react#26228 in React 19 only).
 *   Browsers drop U+0000 while parsing, so pages look right, but the HTML is invalid (the Nu checker:
 *   "Saw U+0000 in stream"). A NUL is never meaningful in our HTML, so every one is removed.
 * - The executable inline scripts are hashed for the Content-Security-Policy (security-headers.ts), and
 *   constructs no hash can allow (inline handlers, javascript: URLs) are reported.
 *
 * Incremental: a digest cache in .cache remembers each page's size, mtime and findings, so a rebuild
 * reads and parses only the pages Gatsby rewrote; unchanged pages keep their findings.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse } from "parse5";

/** Where readBuiltPages keeps what it found per page, relative to the site's root. */
export const BUILT_PAGES_CACHE = path.join(".cache", "built-pages.json");

/** Removes NUL bytes from one document; returns null when there are none. */
export function withoutNulBytes(html: Buffer): Buffer | null {
  if (!html.includes(0)) return null;
  return Buffer.from(html.filter((byte) => byte !== 0));
}

/** Script types a browser runs; anything else (application/ld+json, …) is a data block CSP ignores. */
const EXECUTABLE_TYPES = new Set([
  "",
  "module",
  "text/javascript",
  "application/javascript",
  "application/ecmascript",
  "text/ecmascript",
  "text/jscript",
  "application/x-javascript",
]);

interface HtmlNode {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

function walk(node: HtmlNode, visit: (node: HtmlNode) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}

const attr = (node: HtmlNode, name: string) => node.attrs?.find((a) => a.name === name)?.value;

export interface InlineScriptReport {
  /** 'sha256-…' of every inline script the browser would run, in document order (duplicates kept once). */
  hashes: string[];
  /** Constructs no hash can allow: on* handler attributes and javascript: URLs. */
  blocked: string[];
}

/** Parses the page as a browser does (parse5) and hashes the text of each executable inline script. */
export function inlineScripts(html: string): InlineScriptReport {
  const hashes: string[] = [];
  const blocked: string[] = [];
  walk(parse(html) as unknown as HtmlNode, (node) => {
    if (!node.tagName) return;
    for (const { name, value } of node.attrs ?? []) {
      if (/^on/i.test(name)) blocked.push(`<${node.tagName} ${name}>`);
      if (["href", "src", "action", "formaction", "xlink:href"].includes(name) && /^\s*javascript:/i.test(value)) {
        blocked.push(`<${node.tagName} ${name}="javascript:…">`);
      }
    }
    if (node.tagName !== "script" || attr(node, "src") !== undefined) return;
    const type = (attr(node, "type") ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) return;
    const text = (node.childNodes ?? []).map((c) => c.value ?? "").join("");
    const hash = `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  });
  return { hashes, blocked };
}

/** Built HTML files under publicDir with the path each is served at ("/pricing/", "/404.html"). */
export function builtHtmlFiles(publicDir: string): { file: string; route: string }[] {
  const out: { file: string; route: string }[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["page-data", "slice-data", "static", "icons", "~partytown"].includes(entry.name)) visit(full);
      } else if (entry.name.endsWith(".html")) {
        const rel = path.relative(publicDir, full).split(path.sep).join("/");
        out.push({ file: full, route: entry.name === "index.html" ? `/${rel.slice(0, -"index.html".length)}` : `/${rel}` });
      }
    }
  };
  visit(publicDir);
  return out.sort((a, b) => a.route.localeCompare(b.route));
}

export interface BuiltPage extends InlineScriptReport {
  route: string;
}

interface CachedPage extends BuiltPage {
  size: number;
  mtimeMs: number;
}

export interface BuiltPagesReport {
  pages: BuiltPage[];
  /** Pages whose NUL bytes were removed (paths relative to publicDir). */
  fixed: string[];
  /** Pages read and parsed this time (the others were unchanged since the last build). */
  parsed: number;
}

function readCache(file: string | undefined): Map<string, CachedPage> {
  if (!file || !fs.existsSync(file)) return new Map();
  try {
    const entries = JSON.parse(fs.readFileSync(file, "utf8")) as CachedPage[];
    return new Map(entries.map((entry) => [entry.route, entry]));
  } catch {
    return new Map(); // unreadable: read every page again
  }
}

/** Every built page's inline scripts, NUL bytes removed; pages unchanged since `cacheFile` was written are not read. */
export function readBuiltPages(publicDir: string, cacheFile?: string): BuiltPagesReport {
  const cache = readCache(cacheFile);
  const fixed: string[] = [];
  let parsed = 0;
  const entries: CachedPage[] = builtHtmlFiles(publicDir).map(({ file, route }) => {
    const stat = fs.statSync(file);
    const known = cache.get(route);
    if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known;
    parsed++;
    let html: Buffer = fs.readFileSync(file);
    const clean = withoutNulBytes(html);
    if (clean) {
      fs.writeFileSync(file, clean);
      fixed.push(path.relative(publicDir, file));
      html = clean;
    }
    const after = clean ? fs.statSync(file) : stat;
    return { route, ...inlineScripts(html.toString("utf8")), size: after.size, mtimeMs: after.mtimeMs };
  });
  if (cacheFile) {
    fs.mkdirSync(path.dirname(cacheFile), { recursive: true });
    fs.writeFileSync(cacheFile, JSON.stringify(entries));
  }
  return { pages: entries.map(({ route, hashes, blocked }) => ({ route, hashes, blocked })), fixed, parsed };
}

/** Strips NUL bytes from every built page; returns the paths it rewrote. */
export function stripNulBytes(publicDir: string): string[] {
  return readBuiltPages(publicDir).fixed;
}
