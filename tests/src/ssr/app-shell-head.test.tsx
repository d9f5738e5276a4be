import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { validAppShellHead } from "../../../src/ssr/app-shell-head";

describe("the offline app shell's head (gatsby-ssr onPreRenderHTML)", () => {
  it("gets a title and a refresh whose url follows '; ' as HTML requires; the rest is untouched", () => {
    const head = validAppShellHead([
      <noscript key="disable-offline-shell">
        <meta httpEquiv="refresh" content="0;url=/.gatsby-plugin-offline:api=disableOfflineShell&redirect=true" />
      </noscript>,
      <link key="l" rel="preload" href="/app.js" as="script" />,
    ]);
    const html = renderToStaticMarkup(<>{head}</>);
    expect(html).toContain("<title>Northdesk</title>");
    expect(html).toContain('content="0; url=/.gatsby-plugin-offline:api=disableOfflineShell&amp;redirect=true"');
    expect(html).toContain('<link rel="preload" href="/app.js" as="script"/>');
  });

  it("keeps an existing title", () => {
    const html = renderToStaticMarkup(<>{validAppShellHead([<title key="t">Shell</title>])}</>);
    expect(html).toBe("<title>Shell</title>");
  });
});
