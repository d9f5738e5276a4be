// @vitest-environment jsdom
/**
 * The browser's styled-components sheet takes over the server's style element (src/hydration/server-styles.ts,
 * with the group list of src/hydration/server-style-groups.ts):
 * a real server render with styled-components, its marker rules replaced by the group list as gatsby-ssr does,
 * then a fresh copy of the library in "the browser", as on a page load. Nothing may be inserted twice, a new
 * rule must land in its component's place in the cascade, and anything unexpected must fall back to
 * styled-components' own rehydration.
 */
import { createRequire } from "node:module";
import { act, type ReactElement, type ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adoptableServerStyles, markServerStylesActive } from "../../../src/hydration/server-styles";
import {
  compactServerStyles,
  decodeServerGroups,
  encodeServerGroups,
  namesInRules,
  readServerGroups,
  withMarkers,
} from "../../../src/hydration/server-style-groups";

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
  const element = sheet.getStyleElement();
  const head = renderToStaticMarkup(<>{adoptableServerStyles([element])}</>);
  sheet.seal();
  return { html, head, element };
}

async function loadInBrowser({ html, head }: { html: string; head: string }) {
  document.head.innerHTML = head;
  document.body.innerHTML = `<div id="root">${html}</div>`;
  vi.resetModules();
  // The browser build, as webpack bundles it for the browser (Vite would pick the Node build).
  // @ts-expect-error the build file has no declaration of its own; it is the package's, typed as Sc
  const sc = (await import("styled-components/dist/styled-components.browser.esm.js")) as unknown as Sc;
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
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { element } = await serverRender(({ Base }) => <Base $tone="red">x</Base>);
    const head = renderToStaticMarkup(<>{markServerStylesActive([element])}</>);
    expect(head).toMatch(/^<style data-styled="active" data-styled-version="[\d.]+" data-styled-ssr="">/);
    const other = <style data-global-style="">{"body{}"}</style>;
    expect(markServerStylesActive([other, [<meta key="m" name="x" />]])).toEqual([other, [<meta key="m" name="x" />]]);
  });
});

describe("readServerGroups", () => {
  const text = (...parts: string[]) => parts.map((p) => `${p}/*!sc*/\n`).join("");

  it("counts each group's rules and reads its class names", () => {
    const compact = compactServerStyles(
      text(
        ".a{color:red;}",
        "@media (min-width:1px){.a{color:blue;}}",
        'data-styled.g1[id="sc-x"]{content:"a,"}',
        ".b{color:green;}",
        ".c{color:teal;}",
        'data-styled.g3[id="sc-y"]{content:"b,c,"}',
      ),
    );
    expect(compact).toEqual({
      css: text(".a{color:red;}", "@media (min-width:1px){.a{color:blue;}}", ".b{color:green;}", ".c{color:teal;}"),
      groups: "x.2 2:y.2",
    });
    expect(readServerGroups(compact.css, compact.groups)).toEqual([
      { group: 1, id: "sc-x", names: ["a"], size: 2, rules: [".a{color:red;}", "@media (min-width:1px){.a{color:blue;}}"] },
      { group: 3, id: "sc-y", names: ["b", "c"], size: 2, rules: [".b{color:green;}", ".c{color:teal;}"] },
    ]);
  });

  it("refuses rules after the last marker, groups out of order, and a list that does not hold every rule", () => {
    expect(() => compactServerStyles(text(".a{}", 'data-styled.g1[id="sc-x"]{content:"a,"}', ".stray{color:red;}"))).toThrow(
      /after the last group/,
    );
    expect(() => compactServerStyles(text('data-styled.g1[id="sc-x"]{content:"a,"}'))).toThrow(/without rules/);
    expect(() =>
      compactServerStyles(text(".a{}", 'data-styled.g2[id="sc-x"]{content:"a,"}', ".b{}", 'data-styled.g1[id="sc-y"]{content:"b,"}')),
    ).toThrow(/out of order/);
    expect(() => readServerGroups(text(".a{}", ".b{}"), "x")).toThrow(/hold 1 rules, the element 2/);
    expect(() => readServerGroups(text(".a{}"), "x.2")).toThrow(/hold 2 rules, the element 1/);
    expect(() => readServerGroups(text(".a{}"), null)).toThrow(/no data-sc-groups/);
  });
});

describe("the group list", () => {
  const groups = [
    { group: 1, id: "sc-global-widXT1", size: 1 },
    { group: 2, id: "sc-63dk5t-0", size: 3 },
    { group: 3, id: "sc-63dk5t-1", size: 1 },
    { group: 12, id: "Nav-x1", size: 2 },
    { group: 13, id: "sc-keyframes-gWpsBT", size: 1 },
    { group: 40, id: "1abc-0", size: 25 },
    { group: 41, id: "sc-", size: 1 },
    { group: 42, id: "sc", size: 1 },
  ];

  it("writes the delta, the id without sc- and the size, each left out when it says nothing", () => {
    expect(encodeServerGroups(groups)).toBe("global-widXT1 63dk5t-0.3 63dk5t-1 9:!Nav-x1.2 keyframes-gWpsBT 27:!1abc-0.25 !sc- !sc");
    expect(encodeServerGroups([])).toBe("");
  });

  it("reads back what it wrote, ids with and without sc- exactly", () => {
    expect(decodeServerGroups(encodeServerGroups(groups))).toEqual(groups);
    expect(decodeServerGroups("")).toEqual([]);
  });

  it("refuses what it would not write", () => {
    expect(() =>
      encodeServerGroups([
        { group: 2, id: "sc-a", size: 1 },
        { group: 2, id: "sc-b", size: 1 },
      ]),
    ).toThrow(/out of order/);
    expect(() => encodeServerGroups([{ group: 1, id: "sc-a b", size: 1 }])).toThrow(/cannot hold/);
    expect(() => encodeServerGroups([{ group: 1, id: "sc-a", size: 0 }])).toThrow(/has 0 rules/);
    for (const bad of [" ", "a  b", "a.", "0:a", "a.0", "a:b", "!", "x.1.2", 'a"b', "a,b"])
      expect(() => decodeServerGroups(bad), bad).toThrow();
  });
});

describe("namesInRules", () => {
  it("reads a component's generated class names, with styled-components' a-d hyphen", () => {
    expect(namesInRules("sc-x-0", [".KnDGh{color:red;}", "@media (min-width:1px){.KnDGh:hover .fa-dXy>a{color:blue;}}"])).toEqual([
      "KnDGh",
      "fa-dXy",
    ]);
  });

  it("keeps other class tokens (harmless) but never a component id or a number", () => {
    expect(namesInRules("sc-x-0", [".sc-63dk5t-0:hover .Ab{margin:.5em;background:url(/a.png);}", ".Ab.card-image{}"])).toEqual([
      "Ab",
      "png",
      "card-image",
    ]);
  });

  it("names a keyframes group by its @keyframes and a global style by its group id", () => {
    expect(namesInRules("sc-keyframes-gWpsBT", ["@keyframes gWpsBT{from{opacity:0;}to{opacity:1;}}"])).toEqual(["gWpsBT"]);
    expect(namesInRules("sc-global-cakxBO1", ["@media print{.no-print{display:none;}}"])).toEqual(["sc-global-cakxBO1"]);
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

/** styled-components' Node build, as Gatsby's SSR loads it: global styles render on the server only there, with no window. */
const nodeRequire = createRequire(import.meta.url);
function nodeStyledComponents(): Sc {
  const path = nodeRequire.resolve("styled-components/dist/styled-components.cjs.js");
  delete nodeRequire.cache[path];
  return nodeRequire(path) as Sc;
}

/** Every kind of group: a global style, an unused component (a gap), a custom id, several names, keyframes, an extension. */
function defineKinds(sc: Sc) {
  const Print = sc.createGlobalStyle`@media print { .no-print { display: none; } }`;
  const fade = sc.keyframes`from { opacity: 0; } to { opacity: 1; }`;
  const Unused = sc.default.div.withConfig({ componentId: "sc-unused-0" })`color: gray;`;
  const Nav = sc.default.nav.withConfig({ componentId: "Nav-x1" })<{ $wide?: boolean }>`
    width: ${(p) => (p.$wide ? "100%" : "50%")};
    animation: ${fade} 1s;
  `;
  const Card = sc.default.div.withConfig({ componentId: "sc-card-0" })`
    padding: 1px;
    .card-image { width: 2px; }
    @media (min-width: 10px) { padding: 2px; }
  `;
  const Wide = sc.default(Nav).withConfig({ componentId: "sc-wide-0" })`width: 90%;`;
  return { Print, Unused, Nav, Card, Wide };
}
const kindsApp = (c: ReturnType<typeof defineKinds>, print = true) => (
  <>
    {print && <c.Print />}
    <c.Nav $wide>wide</c.Nav>
    <c.Nav>narrow</c.Nav>
    <c.Card>card</c.Card>
    <c.Wide>extended</c.Wide>
  </>
);

async function nodeServerRender() {
  const { renderToStaticMarkup, renderToString } = await import("react-dom/server");
  vi.stubGlobal("window", undefined);
  try {
    const sc = nodeStyledComponents();
    const sheet = new sc.ServerStyleSheet();
    const html = renderToString(sheet.collectStyles(kindsApp(defineKinds(sc))));
    const element = sheet.getStyleElement() as ReactElement<{ dangerouslySetInnerHTML: { __html: string } }>[];
    const head = renderToStaticMarkup(<>{adoptableServerStyles([element])}</>);
    sheet.seal();
    return { html, head, markers: element[0].props.dangerouslySetInnerHTML.__html };
  } finally {
    vi.unstubAllGlobals();
  }
}

/** styled-components' own reading of its marker rules: group, id and names. */
const markerGroups = (css: string) =>
  [...css.matchAll(/^data-styled\.g(\d+)\[id="([\w-]+)"\]\{content:"([^"]*)"\}/gm)].map(([, group, id, names]) => ({
    group: Number(group),
    id,
    names: names.split(",").filter(Boolean),
  }));

describe("adoptableServerStyles", () => {
  it("drops every marker rule and lists every kind of group, gaps and ids without sc- included", async () => {
    const { head, markers } = await nodeServerRender();
    const style = new DOMParser().parseFromString(head, "text/html").querySelector("style")!;
    expect(head).not.toContain("data-styled.g");
    expect(style.getAttribute("data-sc-groups")).toMatch(/^global-\w+1 2:!Nav-x1\.2 card-0\.3 wide-0 keyframes-[a-zA-Z-]+$/);
    expect(style.textContent).toBe(
      markers
        .split("/*!sc*/\n")
        .filter((part) => part && !part.startsWith("data-styled."))
        .map((part) => `${part}/*!sc*/\n`)
        .join(""),
    );
    expect(style.getAttribute("data-styled")).toBe("active");
    expect(style.hasAttribute("data-styled-ssr")).toBe(true);
  });

  it("reads back, from the rules alone, every name styled-components registered", async () => {
    const { head, markers } = await nodeServerRender();
    const style = new DOMParser().parseFromString(head, "text/html").querySelector("style")!;
    const groups = readServerGroups(style.textContent!, style.getAttribute("data-sc-groups"));
    const expected = markerGroups(markers);
    expect(expected.map(({ names }) => names.length)).toEqual([1, 2, 1, 1, 1]);
    expect(groups.map(({ group, id }) => ({ group, id }))).toEqual(expected.map(({ group, id }) => ({ group, id })));
    groups.forEach(({ names }, i) => expect(names).toEqual(expect.arrayContaining(expected[i].names)));
    // Given back to styled-components as markers, the same CSS comes out again.
    expect(compactServerStyles(withMarkers(groups))).toEqual({ css: style.textContent, groups: style.getAttribute("data-sc-groups") });
  });
});

describe("adoptServerStyles, every kind of group", () => {
  async function adoptKinds(prepare: () => void = () => {}) {
    const { html, head } = await nodeServerRender();
    const { sc, adoptServerStyles, createRoot } = await loadInBrowser({ html, head });
    const server = document.querySelector("style")!;
    const before = rulesText();
    prepare();
    const result = adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet);
    const components = defineKinds(sc);
    const root = createRoot(document.getElementById("root")!);
    await act(async () => root.render(kindsApp(components)));
    return { sc, server, before, result, components, root };
  }

  it("adopts them all: nothing inserted, and a global style that unmounts takes its rules with it", async () => {
    const { server, before, result, components, root } = await adoptKinds();
    expect(result).toBe("adopted");
    expect(styleElements()).toEqual([server]);
    expect(rulesText()).toEqual(before);

    await act(async () => root.render(kindsApp(components, false)));
    expect(styleElements()).toEqual([server]);
    expect(rulesText()).toEqual(before.filter((rule) => !rule.includes("no-print")));
    root.unmount();
  });

  it("falls back with the markers rebuilt: the page stays styled and styled-components manages every group", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    let server: HTMLStyleElement | undefined;
    const { before, result, components, root } = await adoptKinds(() => {
      server = document.querySelector("style")!;
      server.sheet!.deleteRule(0);
    });
    expect(result).toBe("fallback");
    expect(server!.isConnected).toBe(false);
    expect(styleElements()).toHaveLength(1);
    expect(rulesText()).toEqual(before); // every rule copied, nothing inserted twice on render

    await act(async () => root.render(kindsApp(components, false)));
    expect(rulesText()).toEqual(before.filter((rule) => !rule.includes("no-print")));
    root.unmount();
  });

  it("leaves the server's element in place and styled when the group list is missing or unreadable", async () => {
    for (const damage of [
      (el: Element) => el.removeAttribute("data-sc-groups"),
      (el: Element) => el.setAttribute("data-sc-groups", "x.99"),
    ]) {
      const { html, head } = await nodeServerRender();
      const { sc, adoptServerStyles } = await loadInBrowser({ html, head });
      const server = document.querySelector("style")!;
      const before = rulesText();
      damage(server);
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      expect(adoptServerStyles(document, sc.__PRIVATE__.mainSheet as never, sc.__PRIVATE__.StyleSheet)).toBe("kept");
      expect(warn).toHaveBeenCalledWith("Server styles left unmanaged:", expect.any(Error));
      expect(styleElements()).toEqual([server]);
      expect(rulesText()).toEqual(before);
      vi.restoreAllMocks();
    }
  });
});
