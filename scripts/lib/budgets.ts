/**
 * Performance budgets of the built site (docs/architecture.md#first-load-javascript), counted from the files on disk so the
 * check is deterministic: first-load JavaScript per page (gzip -9 of every same-origin script the
 * HTML loads or preloads, the page's component chunk, and inline scripts — the same rule as
 * docs/architecture.md#first-load-javascript), no render-blocking third-party resource in any page, and no script
 * fetched before the page's largest paint (docs/page-load.md), and the first second's own weight: the head's
 * inline scripts and the early script (docs/page-load.md#the-first-second).
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { EARLY_FILE } from "../../src/node/bundling/early-script";

export const FIRST_LOAD_JS_BUDGET = 110 * 1024;
/**
 * What the first second puts in every page's HTML (docs/page-load.md#the-first-second): the executable inline
 * scripts of the head (the early script's bootstrap, and on a page with a personalized slot the pre-paint
 * script), gzip -9. Head bytes delay the first paint once the HTML no longer fits the first round trip.
 */
export const HEAD_SCRIPTS_BUDGET = 1.5 * 1024;
/**
 * The early script itself (public/static/early-<hash>.js, gzip -9): fetched after the first frame, cached for good.
 * 10 KB since consent joined it (docs/page-load.md#the-first-second: the consent face must run before anything
 * optional does).
 */
export const EARLY_SCRIPT_BUDGET = 10 * 1024;
/** The host's header rules (public/_headers on Netlify): constant in the page count, well under Netlify's limits. */
export const HOST_RULES_BUDGET = 200 * 1024;

export interface PageBudget {
  path: string;
  template: string;
  firstLoadJs: number;
  blocking: string[];
  /** Scripts the browser fetches as it reads the page, next to the page's largest paint. */
  earlyScripts: string[];
  /** gzip -9 of the head's executable inline scripts (HEAD_SCRIPTS_BUDGET). */
  headScripts: number;
}

const gzipSize = (data: Buffer | string) => zlib.gzipSync(data, { level: 9 }).length;

/** Every page in a build, as site paths (each index.html under publicDir). */
export function builtPages(publicDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !["page-data", "static", "icons", "~partytown", "slice-data"].includes(entry.name)) walk(full);
      else if (entry.name === "index.html")
        out.push(dir === publicDir ? "/" : `/${path.relative(publicDir, dir).split(path.sep).join("/")}/`);
    }
  };
  walk(publicDir);
  return out.sort();
}

/** Scripts and stylesheets from other origins that block rendering (no async/defer, or a stylesheet link). */
export function renderBlockingThirdParty(html: string): string[] {
  const head = html.split(/<body\b/i)[0] ?? html;
  const found: string[] = [];
  for (const m of head.matchAll(/<script\b([^>]*)>/gi)) {
    const attrs = m[1];
    const src = /\bsrc="([^"]+)"/i.exec(attrs)?.[1];
    if (src && /^(https?:)?\/\//i.test(src) && !/\b(async|defer)\b/i.test(attrs) && !/type="module"/i.test(attrs)) found.push(src);
  }
  for (const m of head.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = m[1];
    const href = /\bhref="([^"]+)"/i.exec(attrs)?.[1];
    if (href && /\brel="stylesheet"/i.test(attrs) && /^(https?:)?\/\//i.test(href) && !/\bmedia="print"/i.test(attrs)) found.push(href);
  }
  return found;
}

/**
 * Scripts a page makes the browser fetch while it loads, competing with its largest paint for bandwidth
 * and main thread: any `<script src>` and any link preloading a script, except inside a `<template>`,
 * whose content the browser neither fetches nor runs. Gatsby's app scripts wait in one until that paint
 * is on screen (src/ssr/deferred-app-scripts.tsx).
 */
export function scriptsBeforePaint(html: string): string[] {
  const live = html.replace(/<template\b[^>]*>[\s\S]*?<\/template>/gi, "");
  const found: string[] = [];
  for (const m of live.matchAll(/<script\b[^>]*\bsrc="([^"]*)"/gi)) found.push(m[1]);
  for (const m of live.matchAll(/<link\b[^>]*>/gi)) {
    const rel = /\brel="([^"]*)"/i.exec(m[0])?.[1].toLowerCase().split(/\s+/) ?? [];
    if (rel.includes("modulepreload") || (rel.includes("preload") && /\bas="script"/i.test(m[0])))
      found.push(/\bhref="([^"]*)"/i.exec(m[0])?.[1] ?? "");
  }
  return found;
}

/** gzip -9 of the executable inline scripts in the page's `<head>` (data blocks such as JSON-LD are not run). */
export function headScriptsSize(html: string): number {
  const end = html.indexOf("</head>");
  const head = end < 0 ? html : html.slice(0, end);
  let total = 0;
  for (const m of head.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const type = /\btype="([^"]*)"/i.exec(m[1])?.[1].toLowerCase();
    if (/\bsrc=/i.test(m[1]) || (type && type !== "text/javascript" && type !== "module")) continue;
    total += gzipSize(m[2]);
  }
  return total;
}

/** The early script of a build (its site path and gzip -9 size), or undefined when the build has none. */
export function earlyScriptSize(publicDir: string): { src: string; gzip: number } | undefined {
  const dir = path.join(publicDir, "static");
  const name = fs.existsSync(dir) ? fs.readdirSync(dir).find((f) => EARLY_FILE.test(f)) : undefined;
  return name ? { src: `/static/${name}`, gzip: gzipSize(fs.readFileSync(path.join(dir, name))) } : undefined;
}

export function measurePage(publicDir: string, pagePath: string, cache = new Map<string, number>()): PageBudget {
  const html = fs.readFileSync(path.join(publicDir, pagePath, "index.html"), "utf8");
  const sources = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) sources.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/g))
    if (/rel="preload"/.test(m[0]) && /as="script"/.test(m[0])) {
      const href = /href="([^"]+)"/.exec(m[0])?.[1];
      if (href) sources.add(href);
    }
  const pageData = path.join(publicDir, "page-data", pagePath === "/" ? "index" : pagePath.replace(/^\/|\/$/g, ""), "page-data.json");
  const template = fs.existsSync(pageData) ? String(JSON.parse(fs.readFileSync(pageData, "utf8")).componentChunkName) : "";
  const chunkMapFile = path.join(publicDir, "chunk-map.json");
  const chunkMap: Record<string, string[]> = fs.existsSync(chunkMapFile) ? JSON.parse(fs.readFileSync(chunkMapFile, "utf8")) : {};
  for (const s of chunkMap[template] ?? []) sources.add(s);

  let total = 0;
  for (const src of sources) {
    if (/^(https?:)?\/\//.test(src)) continue; // third-party: reported by renderBlockingThirdParty when it blocks
    const file = path.join(publicDir, src.split("?")[0]);
    if (!cache.has(file)) cache.set(file, fs.existsSync(file) ? gzipSize(fs.readFileSync(file)) : 0);
    total += cache.get(file)!;
  }
  for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) total += gzipSize(m[1]);
  return {
    path: pagePath,
    template,
    firstLoadJs: total,
    blocking: renderBlockingThirdParty(html),
    earlyScripts: scriptsBeforePaint(html),
    headScripts: headScriptsSize(html),
  };
}

export function measureSite(publicDir: string): PageBudget[] {
  const cache = new Map<string, number>();
  return builtPages(publicDir).map((p) => measurePage(publicDir, p, cache));
}
