import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  inlineScripts,
  inlineScriptsFromTree,
  readBuiltPages,
  readBuiltPagesInParallel,
  scanInlineScripts,
} from "../../../../src/node/html/html-output";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
const page = (body: string) => `<!doctype html><html><head><title>t</title></head><body>${body}</body></html>`;

describe("scanInlineScripts (tokenizer only) against the parse5 tree", () => {
  // Each input: what the fast scan must hash on its own, exactly as the tree walk does.
  const handled: [string, string, string[]][] = [
    ["a script inside <template> content", `<template><div><script>tpl()</script></div></template>`, ["tpl()"]],
    [
      "</script inside a string and a comment-like run (script data escaped states)",
      `<script>var s = "</scr" + "ipt>"; /* <!-- <script> x </script> --> */ go();</script>`,
      [`var s = "</scr" + "ipt>"; /* <!-- <script> x </script> --> */ go();`],
    ],
    [
      "a double-escaped script that ends later than a naive search thinks",
      `<script><!--<script>a()</script>b()--></script>`,
      ["<!--<script>a()</script>b()-->"],
    ],
    ["an HTML comment", `<!-- <script>notRun()</script> --><script>run()</script>`, ["run()"]],
    [
      "type variants: data blocks, upper case and spaces, module, external",
      `<script type=" TEXT/JavaScript ">a()</script><script type="Module">b()</script><script type="text/babel">c</script>` +
        `<script type="application/ld+json">{}</script><script src="">d()</script><script language="vbscript">e()</script>`,
      ["a()", "b()", "e()"],
    ],
    [
      "raw text and RCDATA elements hide markup (noscript: scripting on)",
      `<style>p{}</style><script>x()</script></style><noscript><script>ns()</script></noscript><textarea><script>ta()</script></textarea>` +
        `<title><script>ti()</script></title><xmp><script>xm()</script></xmp><iframe><script>if()</script></iframe><noembed><script>ne()</script></noembed>`,
      ["x()"],
    ],
    ["<plaintext> runs to the end", `<script>a()</script><plaintext><script>b()</script>`, ["a()"]],
    [
      "an inline SVG with a title and style, then a script",
      `<svg viewBox="0 0 1 1" role="img"><title>Logo</title><style>a > b { fill: red }</style><path d="M0 0"/><g></svg><script>after()</script>`,
      ["after()"],
    ],
    [
      "CDATA in SVG is text, in HTML a bogus comment",
      `<svg><![CDATA[<script>no()</script>]]></svg><![CDATA[<script>x]]><script>yes()</script>`,
      ["yes()"],
    ],
    ["NUL bytes and CRLF as the tree sees them", `<script>a\u0000b();\r\nc()</script>`, ["a\ufffdb();\nc()"]],
    ["an unclosed script: the rest of the document is its text", `<p>x</p><script>tail()`, ["tail()</body></html>"]],
    ["duplicates once, in document order", `<script>b()</script><script>a()</script><script>b()</script>`, ["b()", "a()"]],
    ["a script after a closed table", `<table><tr><td>1</td></tr></table><script>t()</script>`, ["t()"]],
  ];
  for (const [what, body, scripts] of handled) {
    it(`handles ${what}`, () => {
      const html = page(body);
      const expected = { hashes: scripts.map(sha), blocked: [] };
      expect(inlineScriptsFromTree(html)).toEqual(expected);
      expect(scanInlineScripts(html)).toEqual(expected);
    });
  }

  // Inputs whose report depends on what the tree builder does: the scan hands them to the tree.
  const handedOver: [string, string][] = [
    ["a script in SVG", `<svg><script>svg()</script></svg>`],
    ["a script in SVG foreignObject", `<svg><foreignObject><div><script>fo()</script></div></foreignObject></svg>`],
    ["a script in a MathML text integration point", `<math><mi><script>mi()</script></mi></math>`],
    ["an HTML element breaking out of SVG", `<svg><p><script>p()</script>`],
    ["an SVG end tag that closes nothing open", `<svg></div><script>x()</script>`],
    [
      "a script in an open table (foster parenting)",
      `<table><script>a()</script><tr><td><script>b()</script></td></tr><div><script>c()</script></div></table>`,
    ],
    ["a select (its insertion mode ignores start tags)", `<select><style><script>s()</script></style></select>`],
    ["a col in template content", `<template><col><style><script>x()</script></style></template>`],
    ["a </table> inside a template", `<table><tr><td><template></table></template><script>x()</script>`],
    ["a frameset", `<frameset><script>f()</script></frameset>`],
    ["a handler attribute", `<img src=x onerror="go()">`],
    ["a handler in template content", `<template><button OnClick="go()">x</button></template>`],
    ["a javascript: URL with spaces and capitals", `<a href="  JaVaScRiPt:go()">x</a>`],
    ["a javascript: URL written with a character reference", `<form action="&#106;avascript:go()"></form>`],
    ["a javascript: formaction", `<button formaction="javascript:go()">x</button>`],
    ["a javascript: xlink:href in SVG", `<svg><a xlink:href="javascript:go()"><text>x</text></a></svg>`],
  ];

  it("reports javascript: URLs a browser would run despite tabs, newlines or leading control characters", () => {
    const html = page(`<a href="java&#9;script:a()">1</a><a href="jav&#10;ascript:b()">2</a><a href="&#1;javascript:c()">3</a>`);
    expect(inlineScripts(html).blocked).toEqual(['<a href="javascript:…">', '<a href="javascript:…">', '<a href="javascript:…">']);
  });
  for (const [what, body] of handedOver) {
    it(`hands ${what} to the tree, which reports it`, () => {
      const html = page(body);
      expect(scanInlineScripts(html)).toBeNull();
      expect(inlineScripts(html)).toEqual(inlineScriptsFromTree(html));
    });
  }

  it("reports handlers and javascript: URLs from the tree, anywhere in the document", () => {
    const html = page(
      `<template><img src=x onerror="a()"></template><a href="\tjavascript:b()">x</a><button formaction="JAVASCRIPT:c()">y</button>`,
    );
    expect(inlineScripts(html).blocked).toEqual(["<img onerror>", '<a href="javascript:…">', '<button formaction="javascript:…">']);
  });

  it("hashes foster-parented scripts in the tree's order", () => {
    const html = page(`<table><tr><td><script>inCell()</script></td></tr><div><script>fostered()</script></div></table>`);
    expect(inlineScripts(html).hashes).toEqual([sha("fostered()"), sha("inCell()")]);
  });
});

describe("readBuiltPagesInParallel", () => {
  const site = (count: number) => {
    const publicDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "built-pages-")), "public");
    for (let i = 0; i < count; i++) {
      fs.mkdirSync(path.join(publicDir, `p${i}`), { recursive: true });
      const nul = i % 7 === 3 ? "\u0000" : "";
      const svg = i % 5 === 0 ? `<svg><script>svg${i}()</script></svg>` : `<svg><title>x</title></svg>`;
      fs.writeFileSync(
        path.join(publicDir, `p${i}`, "index.html"),
        page(`${svg}<script>shared()</script><script>page${i % 3}()</script>${nul}<p>${"text ".repeat(i)}</p>`),
      );
    }
    fs.writeFileSync(path.join(publicDir, "404.html"), page(`<a href="javascript:x()">x</a>`));
    return publicDir;
  };

  it("reads in worker threads what readBuiltPages reads in this one, NUL bytes removed, in the same order", async () => {
    const expected = readBuiltPages(site(40));
    const publicDir = site(40);
    const parallel = await readBuiltPagesInParallel(publicDir, undefined, { threads: 2, minPagesPerThread: 1 });
    expect(parallel.threads).toBe(2);
    expect(parallel.pages).toEqual(expected.pages);
    expect(parallel.fixed).toEqual(expected.fixed);
    expect(parallel.fixed).toHaveLength(6);
    expect(parallel.pages.find((p) => p.route === "/404.html")!.blocked).toEqual(['<a href="javascript:…">']);
    expect(parallel.pages.find((p) => p.route === "/p5/")!.hashes).toEqual([sha("svg5()"), sha("shared()"), sha("page2()")]);
    expect(fs.readFileSync(path.join(publicDir, "p3", "index.html"), "utf8")).not.toContain("\u0000");
  });

  it("keeps the digest cache: a second run reads nothing, a changed page alone is read again", async () => {
    const publicDir = site(30);
    const cache = path.join(path.dirname(publicDir), ".cache", "built-pages.json");
    const options = { threads: 2, minPagesPerThread: 1 };
    expect((await readBuiltPagesInParallel(publicDir, cache, options)).parsed).toBe(31);
    const again = await readBuiltPagesInParallel(publicDir, cache, options);
    expect(again).toMatchObject({ parsed: 0, threads: 1 });
    const changed = path.join(publicDir, "p1", "index.html");
    fs.writeFileSync(changed, page(`<script>changed()</script>`));
    fs.utimesSync(changed, new Date(), new Date(Date.now() + 5000));
    const third = await readBuiltPagesInParallel(publicDir, cache, options);
    expect(third.parsed).toBe(1);
    expect(third.pages.find((p) => p.route === "/p1/")!.hashes).toEqual([sha("changed()")]);
    expect(third.pages).toHaveLength(31);
  });

  it("stays in this thread for a few pages", async () => {
    expect((await readBuiltPagesInParallel(site(10), undefined, { threads: 4 })).threads).toBe(1);
  });
});
