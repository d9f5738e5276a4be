/** Gatsby's chunk map out of every page's HTML (docs/techniques/small-html.md). */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Compiler } from "webpack";
import { APP_SCRIPTS_SLICE, GATSBY_SCRIPTS_SLICE, sliceFileName } from "../../lib/app-scripts-slice";

const CHUNK_MAP_SCRIPT = /<script\s+id="gatsby-chunk-mapping"\s*>\s*([\s\S]*?)\s*<\/script>/;
/** The folder Gatsby's bundles are served from (its public path), read from their script tags. */
const BUNDLE_FOLDER = /<script\b[^>]*\ssrc="([^"]*)\/[^"/]*"/;

/** The chunk map's file in public/, named by its content (so it can be cached for good). */
export const chunkMapFileName = (content: string) =>
  `chunk-map-${crypto.createHash("sha256").update(content).digest("hex").slice(0, 20)}.js`;
export const CHUNK_MAP_FILE = /^chunk-map-[0-9a-f]{20}\.js$/;

export interface AppScriptsSlice {
  /** The slice's HTML. */
  html: string;
  /** The chunk map's script file (its name in public/), or null when the slice had no chunk map. */
  file: { name: string; content: string } | null;
}

/** Gatsby's scripts slice with its inline chunk map replaced by a script loading the same text from a file. */
export function appScriptsSlice(gatsbySlice: string): AppScriptsSlice {
  const found = CHUNK_MAP_SCRIPT.exec(gatsbySlice);
  if (!found) return { html: gatsbySlice, file: null };
  const content = found[1];
  const name = chunkMapFileName(content);
  const folder = BUNDLE_FOLDER.exec(gatsbySlice)?.[1] ?? "";
  const html =
    gatsbySlice.slice(0, found.index) + `<script src="${folder}/${name}"></script>` + gatsbySlice.slice(found.index + found[0].length);
  return { html, file: { name, content } };
}

const writeIfChanged = (file: string, content: string) => {
  if (fs.existsSync(file) && fs.readFileSync(file, "utf8") === content) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
};

/** Writes the site's scripts slice and the chunk map file from Gatsby's slice in publicDir, when there is one. */
export function writeAppScriptsSlice(publicDir: string): AppScriptsSlice | null {
  const slices = path.join(publicDir, "_gatsby", "slices");
  const gatsbyFile = path.join(slices, sliceFileName(GATSBY_SCRIPTS_SLICE));
  if (!fs.existsSync(gatsbyFile)) return null;
  const slice = appScriptsSlice(fs.readFileSync(gatsbyFile, "utf8"));
  if (slice.file) writeIfChanged(path.join(publicDir, slice.file.name), slice.file.content);
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
