import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import {
  HEAD_SCRIPTS_BUDGET,
  builtPages,
  earlyScriptSize,
  headScriptsSize,
  measurePage,
  renderBlockingThirdParty,
  scriptsBeforePaint,
} from "../../../scripts/lib/budgets";
import { compiledBootstrap, compiledPrePaint } from "../../fixtures/inline-scripts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "budget-"));
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
};
const gz = (text: string) => zlib.gzipSync(text, { level: 9 }).length;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const app = "console.log('app');".repeat(50);
const chunk = "console.log('page');".repeat(20);
write("app-1.js", app);
write("component---page-1.js", chunk);
write("chunk-map.json", JSON.stringify({ "component---page": ["/component---page-1.js"] }));
write("page-data/index/page-data.json", JSON.stringify({ componentChunkName: "component---page" }));
write("page-data/blog/page-data.json", JSON.stringify({ componentChunkName: "component---page" }));
write(
  "index.html",
  `<html><head><script>window.x=1</script><link as="script" rel="preload" href="/app-1.js"><script async src="https://cdn.example/tag.js"></script></head><body><script src="/app-1.js" async></script></body></html>`,
);
write("blog/index.html", `<html><head><script src="https://cdn.example/blocking.js"></script></head><body></body></html>`);

describe("performance budgets (docs/architecture.md#budgets)", () => {
  it("lists every built page", () => {
    expect(builtPages(dir)).toEqual(["/", "/blog/"]);
  });
  it("counts each same-origin script once, the page chunk and inline scripts, gzip -9", () => {
    const page = measurePage(dir, "/");
    expect(page.template).toBe("component---page");
    expect(page.firstLoadJs).toBe(gz(app) + gz(chunk) + gz("window.x=1"));
    expect(page.blocking).toEqual([]);
  });
  it("flags third-party scripts without async/defer and third-party stylesheets in the head", () => {
    expect(measurePage(dir, "/blog/").blocking).toEqual(["https://cdn.example/blocking.js"]);
    expect(renderBlockingThirdParty('<head><link rel="stylesheet" href="https://fonts.example/a.css"></head>')).toEqual([
      "https://fonts.example/a.css",
    ]);
    expect(
      renderBlockingThirdParty('<head><script defer src="//cdn.example/a.js"></script><link rel="stylesheet" href="/local.css"></head>'),
    ).toEqual([]);
  });
});

describe("no script before the largest paint (docs/page-load.md)", () => {
  it("reports script elements and script preloads the browser fetches while the page loads", () => {
    expect(measurePage(dir, "/").earlyScripts).toEqual(["https://cdn.example/tag.js", "/app-1.js", "/app-1.js"]);
    expect(
      scriptsBeforePaint(
        `<head><link rel="modulepreload" href="/m.js"><link rel="preload" as="image" href="/hero.png"></head><body><script>inline()</script></body>`,
      ),
    ).toEqual(["/m.js"]);
  });
  it("leaves out what waits in a template until that paint is on screen", () => {
    const html =
      `<body><p>x</p><template id="gatsby-deferred-scripts"><script>window.___chunkMapping="{}";</script>` +
      `<script src="/webpack-runtime-1.js" async></script><script src="/app-1.js" async></script></template><script>load()</script></body>`;
    expect(scriptsBeforePaint(html)).toEqual([]);
  });
});

describe("the first second's weight (docs/page-load.md#the-first-second)", () => {
  it("counts the head's executable inline scripts, not data blocks, external scripts or the body's", () => {
    const html =
      `<html><head><script>early()</script><script type="application/ld+json">{"@context":"x"}</script>` +
      `<script src="/a.js"></script><script type="module">m()</script></head><body><script>late()</script></body></html>`;
    expect(headScriptsSize(html)).toBe(gz("early()") + gz("m()"));
    expect(measurePage(dir, "/").headScripts).toBe(gz("window.x=1"));
  });
  it("holds the bootstrap and the pre-paint script together within the budget", () => {
    const both = `<head><script>${compiledBootstrap().text}</script><script>${compiledPrePaint().text}</script></head>`;
    expect(headScriptsSize(both)).toBeLessThanOrEqual(HEAD_SCRIPTS_BUDGET);
  });
  it("finds a build's early script and its gzip size", () => {
    const text = "(()=>{document.cookie='a=b'})();".repeat(10);
    write("static/early-0123456789abcdef0123.js", text);
    write("static/other.js", "x");
    expect(earlyScriptSize(dir)).toEqual({ src: "/static/early-0123456789abcdef0123.js", gzip: gz(text) });
    expect(earlyScriptSize(path.join(dir, "page-data"))).toBeUndefined();
  });
});
