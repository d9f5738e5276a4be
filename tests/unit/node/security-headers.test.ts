import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CSP_HEADER,
  contentSecurityPolicy,
  CACHE_IMMUTABLE,
  CACHE_REVALIDATE,
  hostHeaderRules,
  MAX_INLINE_SCRIPTS,
  sitePolicy,
  policySources,
  contentImageHosts,
  readHeadersManifest,
  writeHeadersManifest,
  SecurityHeadersError,
  hashedAssets,
} from "../../../src/node/security-headers";
import type { ThirdPartySettings } from "../../../src/config/third-party";
import { netlifyHeaderRoutes } from "../../../src/node/netlify-adapter";
import { builtHtmlFiles, inlineScripts, readBuiltPages } from "../../../src/node/html-output";
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
const none: ThirdPartySettings = { scriptIds: {}, ipLookupUrl: "https://api.ipify.org?format=json", appHost: "secure.northdesk.com" };
const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)
    .split(" ");

describe("inlineScripts", () => {
  it("hashes the exact text of each executable inline script, once, and skips data blocks and external scripts", () => {
    const a = `/*<![CDATA[*/window.pagePath="/pricing/";/*]]>*/`;
    const b = `\n  window.___chunkMapping="{}";\n`;
    const html = `<!doctype html><html><head><script type="application/ld+json">{"a":1}</script><script src="/app.js"></script></head>
      <body><script>${a}</script><script type="module">${b}</script><script>${a}</script><script type="text/template"><b>x</b></script></body></html>`;
    expect(inlineScripts(html)).toEqual({ hashes: [sha(a), sha(b)], blocked: [] });
  });
  it("reports what no hash can allow: handler attributes and javascript: URLs", () => {
    const { blocked } = inlineScripts(
      `<body><img src=x onerror="go()"><a href=" javascript:go()">x</a><svg><a xlink:href="javascript:go()"></a></svg></body>`,
    );
    expect(blocked).toEqual(["<img onerror>", '<a href="javascript:…">', '<a href="javascript:…">']); // the SVG one is xlink:href
  });
});

describe("policySources and contentSecurityPolicy", () => {
  it("with no third-party script configured, scripts come from the site and its hashes only", () => {
    const policy = contentSecurityPolicy(policySources(none), [sha("x")]);
    expect(directive(policy, "script-src")).toEqual(["'self'", sha("x")]);
    expect(directive(policy, "connect-src")).toEqual(["'self'", "https://api.ipify.org"]);
    expect(directive(policy, "frame-src")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });
  it("images may come from the configured image CDN and, with Contentful, its Images API; nothing else", () => {
    expect(directive(contentSecurityPolicy(policySources(none), []), "img-src")).toEqual(["'self'", "data:"]);
    const hosts = contentImageHosts({ imageCdnDomain: "images.northdesk.com", contentful: { spaceId: "s" } });
    expect(hosts).toEqual(["images.northdesk.com", "images.ctfassets.net"]);
    expect(directive(contentSecurityPolicy(policySources(none, hosts), []), "img-src")).toEqual([
      "'self'",
      "data:",
      "https://images.ctfassets.net",
      "https://images.northdesk.com",
    ]);
    expect(contentImageHosts({})).toEqual([]);
  });
  it("adds exactly the hosts of the configured scripts, the Experience API and the app host's forms", () => {
    const sources = policySources({
      ...none,
      scriptIds: {
        "tag-manager": "GTM-1",
        gtag: "G-1",
        heap: "42",
        "consent-manager": "https://cmp.example.com/c.js",
        "speed-insights": "/_vercel/insights/script.js",
      },
      personalization: { clientId: "org", environment: "main" },
    });
    expect(sources.scriptOrigins).toEqual(["https://cdn.heapanalytics.com", "https://cmp.example.com", "https://www.googletagmanager.com"]);
    expect(sources.connectOrigins).toContain("https://experience.ninetailed.co");
    expect(sources.formOrigins).toEqual(["https://secure.northdesk.com"]);
    const policy = contentSecurityPolicy(sources, []);
    expect(directive(policy, "script-src")).toEqual([
      "'self'",
      "https://cdn.heapanalytics.com",
      "https://cmp.example.com",
      "https://www.googletagmanager.com",
    ]);
    expect(directive(policy, "form-action")).toEqual(["'self'", "https://secure.northdesk.com"]);
  });
  it("lets the analytics beacon reach its collection endpoint, and only when one is configured", () => {
    const vendor = policySources({ ...none, analyticsBeacon: { url: "https://api-js.mixpanel.com/track/", token: "t" } });
    expect(directive(contentSecurityPolicy(vendor, []), "connect-src")).toEqual([
      "'self'",
      "https://api-js.mixpanel.com",
      "https://api.ipify.org",
    ]);
    const ours = policySources({ ...none, analyticsBeacon: { url: "/api/collect", token: "t" } });
    expect(directive(contentSecurityPolicy(ours, []), "connect-src")).toEqual(["'self'", "https://api.ipify.org"]);
  });
  it("ignores a script value that is not an https URL", () => {
    expect(
      policySources({ ...none, scriptIds: { "ad-pixel": "http://insecure.example.com/p.js", "visitor-analytics": "not a url" } })
        .scriptOrigins,
    ).toEqual([]);
  });
});

describe("sitePolicy and hostHeaderRules", () => {
  const site = (
    page = (route: string) =>
      `<html><body><script data-page-path="${route}">window.pagePath=document.currentScript.dataset.pagePath;</script><script>shared()</script></body></html>`,
  ) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-headers-"));
    fs.mkdirSync(path.join(dir, "public", "pricing"), { recursive: true });
    fs.mkdirSync(path.join(dir, "public", "page-data"), { recursive: true });
    fs.writeFileSync(path.join(dir, "public", "index.html"), page("/"));
    fs.writeFileSync(path.join(dir, "public", "pricing", "index.html"), page("/pricing/"));
    fs.writeFileSync(path.join(dir, "public", "404.html"), page("/404.html"));
    return dir;
  };

  it("one policy for every page, allowing the inline scripts any page has", () => {
    const dir = site();
    fs.writeFileSync(path.join(dir, "public", "404.html"), `<html><body><script>notFound()</script></body></html>`);
    const { policy, hashes, pages } = sitePolicy(readBuiltPages(path.join(dir, "public")).pages, policySources(none));
    expect(pages).toBe(3);
    expect(hashes).toEqual([sha("window.pagePath=document.currentScript.dataset.pagePath;"), sha("shared()"), sha("notFound()")].sort());
    expect(directive(policy, "script-src")).toEqual(["'self'", ...hashes]);
  });

  it("fails the build when an inline script varies per page (the policy would grow with the site)", () => {
    const dir = site((route) => `<html><body><script>window.pagePath="${route}";</script></body></html>`);
    for (let i = 0; i < MAX_INLINE_SCRIPTS; i++) {
      fs.mkdirSync(path.join(dir, "public", `p${i}`));
      fs.writeFileSync(
        path.join(dir, "public", `p${i}`, "index.html"),
        `<html><body><script>window.pagePath="/p${i}/";</script></body></html>`,
      );
    }
    expect(() => sitePolicy(readBuiltPages(path.join(dir, "public")).pages, policySources(none))).toThrow(/varies per page/);
  });

  it("a rebuild reads only the pages that changed; a changed page's scripts replace its old ones", () => {
    const dir = site();
    const cache = path.join(dir, ".cache", "built-pages.json");
    const publicDir = path.join(dir, "public");
    expect(readBuiltPages(publicDir, cache).parsed).toBe(3);
    expect(readBuiltPages(publicDir, cache).parsed).toBe(0);
    const pricing = path.join(publicDir, "pricing", "index.html");
    fs.writeFileSync(pricing, `<html><body><script>pricingOnly()</script>${"\u0000"}</body></html>`);
    fs.utimesSync(pricing, new Date(), new Date(Date.now() + 5000));
    const again = readBuiltPages(publicDir, cache);
    expect(again.parsed).toBe(1);
    expect(again.fixed).toEqual([path.join("pricing", "index.html")]);
    expect(again.pages.find((p) => p.route === "/pricing/")!.hashes).toEqual([sha("pricingOnly()")]);
    expect(fs.readFileSync(pricing, "utf8")).not.toContain("\u0000");
    expect(readBuiltPages(publicDir, cache).parsed).toBe(0);
    fs.rmSync(pricing);
    expect(readBuiltPages(publicDir, cache).pages.map((p) => p.route)).toEqual(["/", "/404.html"]);
  });

  it("fails when a built page carries an inline handler", () => {
    const dir = site();
    fs.writeFileSync(path.join(dir, "public", "pricing", "index.html"), `<html><body><button onclick="x()">x</button></body></html>`);
    expect(() => sitePolicy(readBuiltPages(path.join(dir, "public")).pages, policySources(none))).toThrow(SecurityHeadersError);
  });

  it("host rules: security headers, the policy and revalidation for every path; a year for /static/ and hashed scripts", () => {
    const rules = hostHeaderRules("default-src 'self'", ["app-0123456789abcdef0123.js"]);
    expect(rules.map((r) => r.source)).toEqual(["/*", "/static/*", "/app-0123456789abcdef0123.js"]);
    expect(rules[0].headers.map((h) => h.key)).toEqual(
      expect.arrayContaining([
        "Cache-Control",
        "Strict-Transport-Security",
        "X-Content-Type-Options",
        "Referrer-Policy",
        "Permissions-Policy",
        CSP_HEADER,
      ]),
    );
    const matcher = createHeadersMatcher(rules, "");
    const headerOf = (p: string, key: string) => matcher(p, []).find((h) => h.key === key)?.value;
    expect(headerOf("/blog/a/", "Cache-Control")).toBe(CACHE_REVALIDATE);
    expect(headerOf("/page-data/app-data.json", "Cache-Control")).toBe(CACHE_REVALIDATE);
    expect(headerOf("/sw.js", "Cache-Control")).toBe(CACHE_REVALIDATE);
    expect(headerOf("/static/abc/photo.png", "Cache-Control")).toBe(CACHE_IMMUTABLE);
    expect(headerOf("/app-0123456789abcdef0123.js", "Cache-Control")).toBe(CACHE_IMMUTABLE);
    expect(headerOf("/static/abc/photo.png", CSP_HEADER)).toBe("default-src 'self'");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-headers-"));
    writeHeadersManifest(dir, rules);
    expect(readHeadersManifest(dir)).toEqual(rules);
  });

  it("the Netlify rules are ours, then Gatsby's for paths ours do not name", () => {
    const ours = hostHeaderRules("default-src 'self'", ["app-1.js"]);
    const routes = netlifyHeaderRoutes(ours, [
      { path: "/*", headers: [{ key: "cache-control", value: "public, max-age=0, must-revalidate" }] },
      { path: "/app-1.js", headers: [{ key: "cache-control", value: CACHE_IMMUTABLE }] },
      { path: "/framework-2.js", headers: [{ key: "cache-control", value: CACHE_IMMUTABLE }] },
    ]);
    expect(routes.map((r) => r.path)).toEqual(["/*", "/static/*", "/app-1.js", "/framework-2.js"]);
  });
});

describe("the built files the host rules and the policy read", () => {
  it("caches the chunk map's content-named file for good, like webpack's hashed bundles", () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "hashed-"));
    fs.writeFileSync(path.join(publicDir, "app-1a2b.js"), "");
    fs.writeFileSync(path.join(publicDir, "chunk-map-0123456789abcdef0123.js"), "");
    fs.writeFileSync(path.join(publicDir, "chunk-map.json"), "{}");
    fs.writeFileSync(
      path.join(publicDir, "webpack.stats.json"),
      JSON.stringify({ assetsByChunkName: { app: ["app-1a2b.js", "app-1a2b.js.map"] } }),
    );
    expect(hashedAssets(publicDir)).toEqual(["app-1a2b.js", "chunk-map-0123456789abcdef0123.js"]);
    fs.rmSync(publicDir, { recursive: true, force: true });
  });

  it("pages are the HTML files outside Gatsby's own folders: a slice Gatsby stitches into pages is not one", () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "built-"));
    for (const file of [
      "index.html",
      "pricing/index.html",
      "404.html",
      "_gatsby/slices/_gatsby-scripts-1.html",
      "page-data/x/index.html",
    ]) {
      fs.mkdirSync(path.dirname(path.join(publicDir, file)), { recursive: true });
      fs.writeFileSync(path.join(publicDir, file), "<!doctype html><title>x</title>");
    }
    expect(builtHtmlFiles(publicDir).map((f) => f.route)).toEqual(["/", "/404.html", "/pricing/"]);
    fs.rmSync(publicDir, { recursive: true, force: true });
  });
});
