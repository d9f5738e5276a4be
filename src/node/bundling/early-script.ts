// The early script's build: src/browser/early bundled with esbuild from the runtime's own modules, content-named
// under /static/ (docs/page-load.md#the-first-second).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildSync } from "esbuild";
import { publicVariables } from "../../config";
import { inlineScriptConstants, MINIFIED_IIFE, readConstants } from "./inline-scripts";

export const EARLY_ENTRY = "src/browser/early/entry.ts";
export const EARLY_FILE = /^early-[0-9a-f]{20}\.js$/;

export interface EarlyScript {
  /** The script's path on the site (`/static/early-<hash>.js`). */
  src: string;
  /** Its minified text. */
  text: string;
}

/** Bundles the early script; `env` is the build's environment (only GATSBY_* and NODE_ENV are read). */
export function bundleEarlyScript(rootDir: string, env: Record<string, string | undefined>): EarlyScript {
  const define: Record<string, string> = { "process.env": "{}", "process.env.NODE_ENV": JSON.stringify("production") };
  for (const [name, value] of Object.entries(env))
    if (name.startsWith("GATSBY_")) define[`process.env.${name}`] = JSON.stringify(value ?? "");
  // As in webpack's bundles (src/config personalizationSdkConstant): without a client id the personalization module is dropped.
  define.PERSONALIZATION_SDK = JSON.stringify(Boolean(env.GATSBY_NINETAILED_CLIENT_ID?.trim()));
  // The consent sweep's store table, computed from the catalog here: the catalog itself stays out of this script.
  define.EARLY_STORE_TABLE = JSON.stringify(readConstants("src/consent/store-table.ts", rootDir).STORE_TABLE);
  define.EARLY_STORE_TABLE_SET = "true";
  const result = buildSync({
    ...MINIFIED_IIFE,
    // Browsers older than its target get a syntax error in this one script; the runtime records attribution later.
    absWorkingDir: rootDir,
    entryPoints: [EARLY_ENTRY],
    define,
  });
  const text = result.outputFiles[0].text;
  const name = `early-${crypto.createHash("sha256").update(text).digest("hex").slice(0, 20)}.js`;
  return { src: `/static/${name}`, text };
}

/** Writes the script into public/static, removing early scripts of earlier builds. */
export function writeEarlyScript(publicDir: string, script: EarlyScript): void {
  const dir = path.join(publicDir, "static");
  fs.mkdirSync(dir, { recursive: true });
  const name = path.basename(script.src);
  for (const file of fs.readdirSync(dir)) if (EARLY_FILE.test(file) && file !== name) fs.rmSync(path.join(dir, file));
  fs.writeFileSync(path.join(dir, name), script.text);
}

let built: EarlyScript | undefined;

/**
 * EARLY_SCRIPT_SRC for webpack's DefinePlugin (every stage): the early script is bundled and written once per
 * process (a develop server rebuilds it when it restarts).
 */
export function earlyScriptConstant(rootDir: string, env: Record<string, string | undefined> = publicVariables()): Record<string, string> {
  if (!built) {
    built = bundleEarlyScript(rootDir, env);
    writeEarlyScript(path.join(rootDir, "public"), built);
  }
  return { EARLY_SCRIPT_SRC: JSON.stringify(built.src), ...inlineScriptConstants(rootDir, built.src) };
}
