import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { deferAppScripts } from "../../../src/ssr/deferred-app-scripts";
import { DEFERRED_SCRIPTS_ID } from "../../../src/lib/app-scripts-slice";

// What Gatsby's static-entry puts last in postBodyComponents: its scripts slice, rendered as the
// placeholder that slice stitching later fills with the chunk map, the compilation hash and the bundles.
const ScriptsSlice = ({ sliceId }: { sliceId: string }) => [
  createElement("slice-start", { key: "s", id: `${sliceId}-1` }),
  createElement("slice-end", { key: "e", id: `${sliceId}-1` }),
];
const scriptsSlice = <ScriptsSlice key="scripts" sliceId="_gatsby-scripts" />;
const pagePath = <script key="loader" id="gatsby-script-loader" dangerouslySetInnerHTML={{ __html: "window.pagePath='/';" }} />;

describe("deferAppScripts", () => {
  it("puts the site's scripts slice (Gatsby's, its chunk map in a file) inside the template in place of Gatsby's", () => {
    const html = renderToStaticMarkup(<>{deferAppScripts([pagePath, scriptsSlice])}</>);
    expect(html).toBe(
      `<script id="gatsby-script-loader">window.pagePath='/';</script>` +
        `<template id="${DEFERRED_SCRIPTS_ID}"><slice-start id="northdesk-app-scripts-1"></slice-start><slice-end id="northdesk-app-scripts-1"></slice-end></template>`,
    );
  });

  it("leaves the components alone when Gatsby renders no scripts slice", () => {
    const other = <ScriptsSlice key="other" sliceId="header" />;
    const components = [pagePath, other];
    expect(deferAppScripts(components)).toBe(components);
  });
});
