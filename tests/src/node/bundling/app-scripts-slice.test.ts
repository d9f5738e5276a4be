// @vitest-environment jsdom
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AsyncSeriesHook } from "tapable";
import type { Compiler } from "webpack";
import { afterEach, describe, expect, it } from "vitest";
import {
  AppScriptsSlicePlugin,
  PAGE_PATH_FROM_TEMPLATE,
  appScriptsSlice,
  writeAppScriptsSlice,
} from "../../../../src/node/bundling/app-scripts-slice";
import { DEFERRED_SCRIPTS_ID } from "../../../../src/lib/app-scripts-slice";

// What gatsby-webpack-stats-extractor writes as public/_gatsby/slices/_gatsby-scripts-1.html.
const chunkMap = `window.___chunkMapping="{\\"app\\":[\\"/app-abc.js\\"],\\"component---src-pages-index-tsx\\":[\\"/component---src-pages-index-tsx-def.js\\"]}";`;
const gatsbySlice = (map = chunkMap) =>
  `\n          <script\n            id="gatsby-chunk-mapping"\n          >\n            ${map}\n          </script>\n        ` +
  `<script>window.___webpackCompilationHash="h1";</script><script src="/webpack-runtime-1.js" async></script><script src="/app-abc.js" async></script>`;
const fileName = (content: string) => `chunk-map-${crypto.createHash("sha256").update(content).digest("hex").slice(0, 20)}.js`;

describe("appScriptsSlice", () => {
  const startup = (map = chunkMap) => [map, 'window.___webpackCompilationHash="h1";', PAGE_PATH_FROM_TEMPLATE].join("\n");

  it("moves the inline chunk map and compilation hash, byte for byte, into one file named by its content, first", () => {
    const { html, file } = appScriptsSlice(gatsbySlice());
    expect(file).toEqual({ name: fileName(startup()), content: startup() });
    expect(html).toBe(
      `<script src="/${fileName(startup())}"></script>` +
        `<script src="/webpack-runtime-1.js" async></script><script src="/app-abc.js" async></script>`,
    );
    expect(html).not.toMatch(/<script>|___chunkMapping|___webpackCompilationHash/);
  });

  it("sets Gatsby's globals and the page path from the scripts' template when the file runs", () => {
    document.body.innerHTML = `<template id="${DEFERRED_SCRIPTS_ID}" data-page-path="/blog/&quot;q&quot;/"></template>`;
    new Function(appScriptsSlice(gatsbySlice()).file.content)();
    const globals = window as unknown as Record<string, unknown>;
    expect(globals.pagePath).toBe('/blog/"q"/');
    expect(globals.___webpackCompilationHash).toBe("h1");
    expect(JSON.parse(globals.___chunkMapping as string)).toHaveProperty("app");
  });

  it("serves the file from the bundles' folder (a path prefix)", () => {
    const { html } = appScriptsSlice(gatsbySlice().replace(/src="\//g, 'src="/docs/'));
    expect(html).toMatch(/^<script src="\/docs\/chunk-map-[0-9a-f]{20}\.js"><\/script>/);
  });

  it("names another chunk map or another release another file", () => {
    const name = appScriptsSlice(gatsbySlice()).file.name;
    expect(appScriptsSlice(gatsbySlice(chunkMap.replace("abc", "xyz"))).file.name).not.toBe(name);
    expect(appScriptsSlice(gatsbySlice().replace('"h1"', '"h2"')).file.name).not.toBe(name);
  });

  it("still sets the page path for a slice without inline scripts", () => {
    const slice = `<script src="/app-abc.js" async></script>`;
    const { html, file } = appScriptsSlice(slice);
    expect(file.content).toBe(PAGE_PATH_FROM_TEMPLATE);
    expect(html).toBe(`<script src="/${file.name}"></script>${slice}`);
  });
});

describe("writing the slice after Gatsby's", () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const publicDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "app-scripts-slice-"));
    dirs.push(dir);
    return dir;
  };
  const slices = (dir: string) => path.join(dir, "_gatsby", "slices");

  it("writes nothing before Gatsby has written its slice", () => {
    const dir = publicDir();
    expect(writeAppScriptsSlice(dir)).toBeNull();
    expect(fs.existsSync(slices(dir))).toBe(false);
  });

  it("writes the site's slice and the chunk map file into public/", () => {
    const dir = publicDir();
    fs.mkdirSync(slices(dir), { recursive: true });
    fs.writeFileSync(path.join(slices(dir), "_gatsby-scripts-1.html"), gatsbySlice());
    writeAppScriptsSlice(dir);
    expect(fs.readFileSync(path.join(slices(dir), "northdesk-app-scripts-1.html"), "utf8")).toBe(appScriptsSlice(gatsbySlice()).html);
    const { file } = appScriptsSlice(gatsbySlice());
    expect(fs.readFileSync(path.join(dir, file.name), "utf8")).toBe(file.content);
  });

  it("runs after Gatsby's own done hook, registered before or after it, so a new bundle reaches the pages", async () => {
    const dir = publicDir();
    const done = new AsyncSeriesHook<[unknown]>(["stats"]);
    new AppScriptsSlicePlugin(dir).apply({ hooks: { done } } as unknown as Compiler);
    // Gatsby's stats extractor: an async tap at the default stage that writes its slice
    done.tapAsync("GatsbyWebpackStatsExtractor", (_stats, callback) => {
      setTimeout(() => {
        fs.mkdirSync(slices(dir), { recursive: true });
        fs.writeFileSync(path.join(slices(dir), "_gatsby-scripts-1.html"), gatsbySlice(chunkMap.replace("abc", "new")));
        callback();
      }, 5);
    });
    await done.promise({});
    const html = fs.readFileSync(path.join(slices(dir), "northdesk-app-scripts-1.html"), "utf8");
    expect(html).toContain(appScriptsSlice(gatsbySlice(chunkMap.replace("abc", "new"))).file.name);
  });
});
