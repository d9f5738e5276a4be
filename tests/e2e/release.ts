/**
 * Simulates the next deploy of a Gatsby build without building again: writes, into a folder to layer
 * in front of the build (tests/e2e/static-host.ts), every file a real rebuild with one content change
 * and new code rewrites —
 * - a new webpack compilation hash in page-data/app-data.json and in the pages' start-up file, which sets
 *   `window.___webpackCompilationHash` (Gatsby's loader compares the two to detect a new release): a new
 *   file, named by its content, that every page's HTML now names (src/node/bundling/app-scripts-slice.ts);
 * - the changed page's HTML and page-data.json;
 * - sw.js with the app shell's new precache revision (the shell's HTML changed), so browsers install
 *   the new service worker, as they do after a real deploy.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { chunkMapFileName } from "../../src/node/bundling/app-scripts-slice";

export interface Release {
  dir: string;
  hash: string;
  /** Precache revision of the app shell in the new sw.js. */
  shellRevision: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const jsonInner = (s: string) => JSON.stringify(s).slice(1, -1);
const md5 = (s: string | Buffer) => crypto.createHash("md5").update(s).digest("hex");

function htmlFiles(dir: string, root = dir, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!["page-data", "static", "icons", "slice-data"].includes(entry.name)) htmlFiles(full, root, out);
    } else if (entry.name.endsWith(".html")) out.push(path.relative(root, full));
  }
  return out;
}

function write(dir: string, relative: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
  fs.writeFileSync(path.join(dir, relative), content);
}

export function makeRelease(publicDir: string, outDir: string, change: { path: string; from: string; to: string }): Release {
  const appData = JSON.parse(fs.readFileSync(path.join(publicDir, "page-data/app-data.json"), "utf8")) as {
    webpackCompilationHash: string;
  };
  const oldHash = appData.webpackCompilationHash;
  const hash = crypto.randomBytes(10).toString("hex");
  const pageDir = change.path.replace(/^\/|\/$/g, "");
  let changedHtml = false;
  let changedData = false;

  const files = htmlFiles(publicDir);
  const startup = /\/(chunk-map-[0-9a-f]{20}\.js)"/.exec(fs.readFileSync(path.join(publicDir, "index.html"), "utf8"))?.[1];
  if (!startup) throw new Error("the home page names no start-up file");
  const setHash = (h: string) => `window.___webpackCompilationHash="${h}"`;
  const content = fs.readFileSync(path.join(publicDir, startup), "utf8");
  if (!content.includes(setHash(oldHash))) throw new Error(`${startup} does not set the compilation hash ${oldHash}`);
  const newContent = content.split(setHash(oldHash)).join(setHash(hash));
  const newStartup = chunkMapFileName(newContent);
  write(outDir, newStartup, newContent);

  for (const file of files) {
    let html = fs.readFileSync(path.join(publicDir, file), "utf8");
    html = html.split(`/${startup}"`).join(`/${newStartup}"`);
    if (file === path.join(pageDir, "index.html")) {
      const before = html;
      html = html.split(escapeHtml(change.from)).join(escapeHtml(change.to));
      if (escapeHtml(change.from) !== change.from) html = html.split(change.from).join(change.to);
      changedHtml = html !== before;
    }
    write(outDir, file, html);
  }
  write(outDir, "page-data/app-data.json", JSON.stringify({ ...appData, webpackCompilationHash: hash }));

  const dataFile = path.join("page-data", pageDir || "index", "page-data.json");
  const data = fs.readFileSync(path.join(publicDir, dataFile), "utf8");
  const newData = data.split(jsonInner(change.from)).join(jsonInner(change.to));
  changedData = newData !== data;
  write(outDir, dataFile, newData);
  if (!changedHtml || !changedData) throw new Error(`"${change.from}" is not in the HTML and page data of ${change.path}`);

  const shell = "offline-plugin-app-shell-fallback/index.html";
  const shellRevision = md5(fs.readFileSync(path.join(outDir, shell)));
  const sw = fs.readFileSync(path.join(publicDir, "sw.js"), "utf8");
  const entry = new RegExp(`("url": "${shell.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}",\\s*"revision": ")([0-9a-f]+)(")`);
  if (!entry.test(sw)) throw new Error("sw.js has no precache entry for the app shell");
  write(outDir, "sw.js", sw.replace(entry, `$1${shellRevision}$3`));
  return { dir: outDir, hash, shellRevision };
}
