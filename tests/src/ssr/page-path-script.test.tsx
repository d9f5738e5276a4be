// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFERRED_SCRIPTS_ID } from "../../../src/lib/app-scripts-slice";
import { pagePathFromAttribute } from "../../../src/ssr/page-path-script";

// What Gatsby's static-entry renders into every page (GATSBY_SLICES on, no inline page data).
const gatsbyLoader = (pagePath: string, rest = "") => (
  <script
    key="script-loader"
    id="gatsby-script-loader"
    dangerouslySetInnerHTML={{ __html: `/*<![CDATA[*/window.pagePath=${JSON.stringify(pagePath)};${rest}/*]]>*/` }}
  />
);

describe("pagePathFromAttribute", () => {
  it("gives every page the same script text, the path in a data attribute", () => {
    const a = renderToStaticMarkup(<>{pagePathFromAttribute([gatsbyLoader("/blog/a/")])}</>);
    const b = renderToStaticMarkup(<>{pagePathFromAttribute([gatsbyLoader('/blog/"quoted"/ü/')])}</>);
    const text = (html: string) => /<script[^>]*>([\s\S]*)<\/script>/.exec(html)![1];
    expect(text(a)).toBe(text(b));
    expect(a).toContain('data-page-path="/blog/a/"');
    expect(b).toContain('data-page-path="/blog/&quot;quoted&quot;/ü/"');
  });

  it("sets window.pagePath from the attribute when the script runs", () => {
    document.body.innerHTML = renderToStaticMarkup(<>{pagePathFromAttribute([gatsbyLoader("/pricing/")])}</>);
    const script = document.querySelector("script")!;
    Object.defineProperty(document, "currentScript", { value: script, configurable: true });
    try {
      new Function(script.textContent!)();
      expect((window as unknown as { pagePath: string }).pagePath).toBe("/pricing/");
    } finally {
      Object.defineProperty(document, "currentScript", { value: null, configurable: true });
    }
  });

  it("keeps the rest of Gatsby's script and leaves other elements alone", () => {
    const other = <script key="x" id="other" dangerouslySetInnerHTML={{ __html: 'window.pagePath="/x/";' }} />;
    const [loader, untouched] = pagePathFromAttribute([gatsbyLoader("/", 'window.___webpackCompilationHash="abc";'), other]);
    expect(renderToStaticMarkup(<>{loader}</>)).toContain(
      'window.pagePath=document.currentScript.dataset.pagePath;window.___webpackCompilationHash="abc";',
    );
    expect(untouched).toBe(other);
  });

  it("moves the path onto the scripts' template and drops the script when the template is there", () => {
    const template = <template key="t" id={DEFERRED_SCRIPTS_ID} />;
    const html = renderToStaticMarkup(<>{pagePathFromAttribute([gatsbyLoader("/blog/a/"), template])}</>);
    expect(html).toBe(`<template id="${DEFERRED_SCRIPTS_ID}" data-page-path="/blog/a/"></template>`);
  });

  it("keeps the script when Gatsby's has more than the path, even with the template", () => {
    const template = <template key="t" id={DEFERRED_SCRIPTS_ID} />;
    const html = renderToStaticMarkup(<>{pagePathFromAttribute([gatsbyLoader("/", 'window.x="y";'), template])}</>);
    expect(html).toContain('window.pagePath=document.currentScript.dataset.pagePath;window.x="y";');
    expect(html).toContain(`<template id="${DEFERRED_SCRIPTS_ID}"></template>`);
  });
});
