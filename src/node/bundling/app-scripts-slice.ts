/** Gatsby's inline start-up scripts out of every page's HTML (docs/techniques/small-html.md). */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Compiler } from "webpack";
import { APP_SCRIPTS_SLICE, DEFERRED_SCRIPTS_ID, GATSBY_SCRIPTS_SLICE, sliceFileName } from "../../lib/app-scripts-slice";

const CHUNK_MAP_SCRIPT = /\s*<script\s+id="gatsby-chunk-mapping"\s*>\s*([\s\S]*?)\s*<\/script>\s*/;
const COMPILATION_HASH_SCRIPT = /<script>\s*(window\.___webpackCompilationHash="[^"\\]*";)\s*<\/script>/;
/** The folder Gatsby's bundles are served from (its public path), read from their script tags. */
const BUNDLE_FOLDER = /<script\b[^>]*\ssrc="([^"]*)\/[^"/]*"/;

/**
 * What Gatsby's page-path script did, from the attribute the page renderer moves the path to
 * (src/ssr/page-path-script.tsx): the template the bootstrap inserts this file from is in every page.
 */
export const PAGE_PATH_FROM_TEMPLATE = `window.pagePath=document.getElementById(${JSON.stringify(DEFERRED_SCRIPTS_ID)}).dataset.pagePath;`;

/** The start-up file in public/, named by its content (so it can be cached for good). */
export const chunkMapFileName = (content: string) =>
  `chunk-map-${crypto.createHash("sha256").update(content).digest("hex").slice(0, 20)}.js`;
export const CHUNK_MAP_FILE = /^chunk-map-[0-9a-f]{20}\.js$/;

export interface AppScriptsSlice {
  /** The slice's HTML. */
  html: string;
  /** The start-up script file (its name in public/). */
  file: { name: string; content: string };
}

/**
 * Gatsby's scripts slice with its inline scripts (the chunk map, the compilation hash) replaced by one script
 * file that also sets the page path: no inline script is left for a page to carry and the policy to hash. The
 * file comes first, and the bootstrap inserts the slice's scripts without `async`, so it runs before the bundles.
 */
export function appScriptsSlice(gatsbySlice: string): AppScriptsSlice {
  let html = gatsbySlice;
  const lines: string[] = [];
  for (const pattern of [CHUNK_MAP_SCRIPT, COMPILATION_HASH_SCRIPT]) {
    const found = pattern.exec(html);
    if (!found) continue;
    lines.push(found[1]);
    html = html.slice(0, found.index) + html.slice(found.index + found[0].length);
  }
  const content = [...lines, PAGE_PATH_FROM_TEMPLATE].join("\n");
  const name = chunkMapFileName(content);
  const folder = BUNDLE_FOLDER.exec(gatsbySlice)?.[1] ?? "";
  return { html: `<script src="${folder}/${name}"></script>${html}`, file: { name, content } };
}

const writeIfChanged = (file: string, content: string) => {
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === content) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};

/** Writes the site's scripts slice and its start-up file from Gatsby's slice in publicDir, when there is one. */
export function writeAppScriptsSlice(publicDir: string): AppScriptsSlice | null {
  const slices = path.join(publicDir, "_gatsby", "slices");
  const gatsbyFile = path.join(slices, sliceFileName(GATSBY_SCRIPTS_SLICE));
  if (!fs.existsSync(gatsbyFile)) return null;
  const slice = appScriptsSlice(fs.readFileSync(gatsbyFile, "utf8"));
  writeIfChanged(path.join(publicDir, slice.file.name), slice.file.content);
  writeIfChanged(path.join(slices, sliceFileName(APP_SCRIPTS_SLICE)), slice.html);
  return slice;
}

/**
 * The browser build's webpack plugin: after each compilation, once Gatsby's own `done` hook (which writes
 * its slice) has run — a later stage runs after it — writes the site's slice.
 */
export class AppScriptsSlicePlugin {
  constructor(private readonly publicDir: string) {}

  apply(compiler: Compiler) {
    compiler.hooks.done.tap({ name: "AppScriptsSlicePlugin", stage: 100 }, () => {
      writeAppScriptsSlice(this.publicDir);
    });
  }
}
