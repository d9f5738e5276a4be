// @vitest-environment jsdom
/**
 * The browser's styled-components sheet takes over the server's style element (src/hydration/server-styles.ts):
 * a real server render with styled-components, then a fresh copy of the library in "the browser", as on a
 * page load. Nothing may be inserted twice, a new rule must land in its component's place in the cascade,
 * and anything unexpected must fall back to styled-components' own rehydration.
 */
import { act, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { markServerStylesActive, readServerGroups } from "../../../src/hydration/server-styles";

type Sc = typeof import("styled-components");
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Two components, the second extending the first (its rules must stay after the first's). */
function defineComponents(sc: Sc, order: "base-first" | "extension-first" = "base-first") {
  const make = {
    base: () => sc.default.p.withConfig({ componentId: "sc-base" })<{ $tone: string }>`color: ${(p) => p.$tone};`,
    other: () => sc.default.span.withConfig({ componentId: "sc-other" })`font-weight: 700; @media (min-width: 10px) { font-weight: 800; }`,
  };
  const other = order === "extension-first" ? make.other() : undefined;
  const Base = make.base();
  const Extended = sc.default(Base).withConfig({ componentId: "sc-ext" })`color: black;`;
  return { Base, Extended, Other: other ?? make.other() };
}

/** The page as the build writes it: app HTML, and the head's style element after gatsby-ssr's onPreRenderHTML. */
async function serverRender(app: (c: ReturnType<typeof defineComponents>) => ReactNode) {
  vi.resetModules();
  const sc: Sc = await import("styled-components");
  const { renderToStaticMarkup, renderToString } = await import("react-dom/server");
  const components = defineComponents(sc);
  const sheet = new sc.ServerStyleSheet();
  const html = renderToString(sheet.collectStyles(app(components)));
  const head = renderToStaticMarkup(<>{markServerStylesActive([sheet.getStyleElement()])}</>);
  sheet.seal();
  return { html, head };
}

async function loadInBrowser({ html, head }: { html: string; head: string }) {
  document.head.innerHTML = head;
  document.body.innerHTML = `<div id="root">${html}</div>`;
  vi.resetModules();
  const sc: Sc = await import("styled-components");
  const { adoptServerStyles } = await import("../../../src/hydration/server-styles");
  const { createRoot } = await import("react-dom/client");
  return { sc, adoptServerStyles, createRoot };
}

const styleElements = () => [...document.querySelectorAll("style")];
const rulesText = () => styleElements().flatMap((s) => [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText));

afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("markServerStylesActive", () => {
  it("marks the styled-components element, also inside nested arrays, and nothing else", async () => {
    const { head } = await serverRender(({ Base }) => <Base $tone="red">x</Base>);
    expect(head).toMatch(/^<style data-styled="active" data-styled-version="[\d.]+" data-styled-ssr="">/);
    const other = <style data-global-style="">{"body{}"}</style>;
    expect(markServerStylesActive([other, [<meta key="m" name="x" />]])).toEqual([other, [<meta key="m" name="x" />]]);
  });
});

describe("readServerGroups", () => {
  const text = (...parts: string[]) => parts.map((p) => `${p}/*!sc*/\n`).join("");

  it("counts each group's rules, its marker included, and reads its class names", () => {
    const css = text(
      ".a{color:red;}",
      "@media (min-width:1px){.a{color:blue;}}",
      'data-styled.g1[id="sc-x"]{content:"a,"}',
      ".b{color:green;}",
      ".c{color:teal;}",
      'data-styled.g3[id="sc-y"]{content:"b,c,"}',
    );
    expect(readServerGroups(css, 6)).toEqual([
      { group: 1, id: "sc-x", names: ["a"], size: 3 },
      { group: 3, id: "sc-y", names: ["b", "c"], size: 3 },
    ]);
  });

  it("refuses a rule the browser dropped, rules after the last marker and groups out of order", () => {
    const css = text(".a{color:red;}", 'data-styled.g1[id="sc-x"]{content:"a,"}');
    expect(() => readServerGroups(css, 1)).toThrow(/kept 1 of the 2/);
    expect(() => readServerGroups(text('data-styled.g1[id="sc-x"]{content:"a,"}', ".stray{color:red;}"), 2)).toThrow(
      /after the last group/,
    );
    expect(() => readServerGroups(text('data-styled.g2[id="sc-x"]{content:"a,"}', 'data-styled.g1[id="sc-y"]{content:"b,"}'), 2)).toThrow(
      /out of order/,
    );
  });
});

describe("adoptServerStyles", () => {
  const app = ({ Base, Extended, Other }: ReturnType<typeof defineComponents>) => (
    <>
      <Base $tone="red">base</Base>
      <Extended $tone="red">extended</Extended>
      <Other>other</Other>
    </>
  );

  it("runs the page on the server's element: nothing copied, nothing inserted twice", async () => {
    const page = await serverRender(app);
    const { sc, adoptServerStyles, createRoot } = await loadInBrowser(page);
    const server = document.querySelector("style")!;
    const before = rulesText();

    expect(adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet)).toBe("adopted");
    const components = defineComponents(sc, "extension-first");
    const root = createRoot(document.getElementById("root")!);
    await act(async () => root.render(app(components)));

    expect(styleElements()).toEqual([server]);
    expect(rulesText()).toEqual(before);
    root.unmount();
  });

  it("puts a rule the browser adds in its component's place: before the components defined after it", async () => {
    const page = await serverRender(app);
    const { sc, adoptServerStyles, createRoot } = await loadInBrowser(page);
    adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet);
    const components = defineComponents(sc, "extension-first");
    const root = createRoot(document.getElementById("root")!);
    await act(async () =>
      root.render(
        app({ ...components, Base: ((p: { $tone: string; children: ReactNode }) => <components.Base {...p} $tone="blue" />) as never }),
      ),
    );

    const rules = rulesText();
    const blue = rules.findIndex((r) => r.includes("blue"));
    const extension = rules.findIndex((r) => r.includes("black"));
    expect(blue).toBeGreaterThan(rules.findIndex((r) => r.includes("red")));
    expect(blue).toBeLessThan(extension);
    expect(styleElements()).toHaveLength(1);
    root.unmount();
  });

  it("falls back when the browser dropped a server rule (indexes would no longer line up)", async () => {
    const page = await serverRender(app);
    const { sc, adoptServerStyles } = await loadInBrowser(page);
    document.querySelector("style")!.sheet!.deleteRule(0);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet)).toBe("fallback");
  });

  it("does nothing without a server element", async () => {
    const { sc, adoptServerStyles } = await loadInBrowser({ html: "", head: "" });
    expect(adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet)).toBe("none");
  });

  it("falls back to styled-components' own rehydration when a component was registered first", async () => {
    const page = await serverRender(app);
    const { sc, adoptServerStyles } = await loadInBrowser(page);
    const server = document.querySelector("style")!;
    const before = rulesText().filter((r) => !r.startsWith("data-styled"));
    sc.__PRIVATE__.mainSheet.registerName("sc-early", "early");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});

    expect(adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet)).toBe("fallback");
    expect(warn).toHaveBeenCalledWith("Server styles not adopted:", expect.any(Error));
    expect(server.isConnected).toBe(false);
    expect(rulesText()).toEqual(before); // copied into styled-components' own element, markers dropped
    expect(sc.__PRIVATE__.mainSheet.hasNameForId("sc-base", before[0].match(/^\.(\w+)/)![1])).toBe(true);
  });
});
