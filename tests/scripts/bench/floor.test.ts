import { describe, expect, it } from "vitest";
import { stripScripts } from "../../../scripts/bench/floor";

describe("a page's script-free floor (npm run bench)", () => {
  it("removes every script element that runs: external, inline, module, import map, Partytown's, and those inside a template", () => {
    const html =
      `<!DOCTYPE html><html><head><script type="module">a()</script><script type="importmap">{"imports":{}}</script>` +
      `<style>p{color:red}</style></head><body><p>Text</p><script id="gatsby-script-loader" data-page-path="/">window.pagePath="/";</script>` +
      `<script type="text/partytown">b()</script><script type="text/javascript">c()</script>` +
      `<template id="t"><script src="/app.js" async></script></template><script src="/framework.js" async></script></body></html>`;
    expect(stripScripts(html)).toBe(
      `<!DOCTYPE html><html><head><style>p{color:red}</style></head><body><p>Text</p><template id="t"></template></body></html>`,
    );
  });

  it("keeps JSON data blocks (structured data), which the browser never runs", () => {
    const html =
      `<html><head><script type="application/ld+json">{"@context":"x"}</script><script type="Application/JSON; charset=utf-8">{}</script>` +
      `<script>run()</script></head><body></body></html>`;
    expect(stripScripts(html)).toBe(
      `<html><head><script type="application/ld+json">{"@context":"x"}</script><script type="Application/JSON; charset=utf-8">{}</script>` +
        `</head><body></body></html>`,
    );
  });

  it("removes links that preload script, keeps every other link and the rest of the text byte for byte", () => {
    const html =
      `<html><head><link as="script" rel="preload" href="/app.js"/><link rel="modulepreload" href="/m.js">` +
      `<link rel="preload" as="image" href="/hero.png" fetchpriority="high"><link rel="stylesheet" href="/s.css">` +
      `<link rel="prefetch" href="/next.js"></head><body><noscript><img src="/n.png" alt=""></noscript><img src="/a.png" alt="A"  width=1></body></html>`;
    expect(stripScripts(html)).toBe(
      `<html><head><link rel="preload" as="image" href="/hero.png" fetchpriority="high"><link rel="stylesheet" href="/s.css">` +
        `<link rel="prefetch" href="/next.js"></head><body><noscript><img src="/n.png" alt=""></noscript><img src="/a.png" alt="A"  width=1></body></html>`,
    );
  });

  it("leaves a page without scripts as it is", () => {
    const html = "<!DOCTYPE html><html><head><title>x</title></head><body><h1>x</h1></body></html>";
    expect(stripScripts(html)).toBe(html);
  });
});
