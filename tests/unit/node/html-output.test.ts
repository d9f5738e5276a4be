import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScripts, inlineScriptsFromTree, scanInlineScripts } from "../../../src/node/html-output";

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
