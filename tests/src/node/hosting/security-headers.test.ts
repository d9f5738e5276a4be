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
  CSP_REPORT_GROUP,
  CSP_REPORT_ONLY_HEADER,
  CSP_REPORT_PATH,
  REPORTING_ENDPOINTS_HEADER,
  overPlainHttp,
  readHeadersManifest,
  writeHeadersManifest,
  SecurityHeadersError,
  hashedAssets,
  CACHE_HEADER,
  checkCacheRules,
  checkShippedHeaders,
  ERROR_CACHE_CONTROL,
  errorResponseHeaders,
  listFiles,
  netlifyHostRules,
  netlifyPathPattern,
} from "../../../../src/node/hosting/security-headers";
import type { ThirdPartySettings } from "../../../../src/config/third-party";
import { VENDOR_IDS, vendor } from "../../../../src/vendors/catalog";
import { httpsOrigin, scriptSource } from "../../../../src/vendors/sources";
import { netlifyHeaderRoutes, verifyShippedHeaders } from "../../../../src/node/hosting/netlify-adapter";
import { builtHtmlFiles, inlineScripts, readBuiltPages } from "../../../../src/node/html/html-output";
import { createHeadersMatcher } from "gatsby/dist/utils/adapter/create-headers";
import { cacheControlFor, parseNetlifyHeaders } from "../../../fixtures/netlify-headers";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
const none: ThirdPartySettings = { scriptIds: {}, ipLookupUrl: "https://api.ipify.org?format=json", appHost: "secure.northdesk.com" };
const withProvider = { provider: { name: "osano" as const, scriptUrl: "https://cmp.example.com/c.js" } };
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

describe("policySources and contentSecurityPolicy: the strict policy (docs/security.md#the-policy)", () => {
  const every = Object.fromEntries(VENDOR_IDS.map((id) => [id, vendor(id).src ? "id-1" : `https://${id}.third-party.test/s.js`]));
  const all: ThirdPartySettings = {
    ...none,
    scriptIds: every,
    personalization: { clientId: "org", environment: "main", url: "https://experience.example.com" },
    analyticsBeacon: { url: "https://api-js.mixpanel.com/track/", token: "t" },
  };

  it("script-src: 'strict-dynamic' and the hashes, with 'unsafe-inline' https: last as the CSP1/2 fallbacks; no host, no 'self'", () => {
    for (const settings of [none, all]) {
      const policy = contentSecurityPolicy(policySources(settings, withProvider), [sha("b"), sha("a"), sha("a")]);
      expect(directive(policy, "script-src")).toEqual(["'strict-dynamic'", ...[sha("a"), sha("b")].sort(), "'unsafe-inline'", "https:"]);
      expect(policy).not.toMatch(/'unsafe-eval'|'unsafe-hashes'|'wasm-unsafe-eval'/);
    }
  });

  it("no vendor host in script-src, whatever is configured (an allowed tag-manager host serves any container)", () => {
    const policy = contentSecurityPolicy(policySources(all, withProvider), [sha("x")]);
    expect(directive(policy, "script-src")!.filter((source) => source.includes("."))).toEqual([]);
    expect(policy).not.toMatch(/script-src[^;]*(googletagmanager|third-party\.test|hs-scripts|heapanalytics)/);
    // every vendor's script host the catalog declares is left out
    const hosts = Object.values(every).flatMap((value, i) => {
      const id = VENDOR_IDS[i];
      return vendor(id).csp({ origin: httpsOrigin(scriptSource(id, value)!), consentProvider: "osano" })["script-src"] ?? [];
    });
    expect(hosts.length).toBeGreaterThan(5);
    for (const host of hosts) expect(directive(policy, "script-src")).not.toContain(host);
  });

  it("object-src and base-uri 'none', frame-ancestors 'none'; worker-src the site's own", () => {
    const policy = contentSecurityPolicy(policySources(all, withProvider), []);
    expect(directive(policy, "object-src")).toEqual(["'none'"]);
    expect(directive(policy, "base-uri")).toEqual(["'none'"]);
    expect(directive(policy, "frame-ancestors")).toEqual(["'none'"]);
    expect(directive(policy, "worker-src")).toEqual(["'self'"]);
    expect(directive(policy, "default-src")).toEqual(["'self'"]);
    expect(directive(policy, "style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it("connect-src and img-src are 'self' https: (data: images too), the same with or without vendors; sockets by host", () => {
    const bare = contentSecurityPolicy(policySources(none, {}), []);
    const full = contentSecurityPolicy(policySources(all, withProvider), []);
    expect(directive(bare, "connect-src")).toEqual(["'self'", "https:"]);
    expect(directive(bare, "img-src")).toEqual(["'self'", "https:", "data:"]);
    expect(directive(full, "img-src")).toEqual(["'self'", "https:", "data:"]);
    // https: does not match wss: (CSP3 scheme matching): Beacon's socket host is named
    expect(directive(full, "connect-src")).toEqual(["'self'", "https:", "wss://*.pusher.com"]);
  });

  it("frame-src per vendor, from the catalog: each vendor's declared frames and nothing else; 'none' without one", () => {
    expect(directive(contentSecurityPolicy(policySources(none, {}), []), "frame-src")).toEqual(["'none'"]);
    for (const id of VENDOR_IDS) {
      const value = every[id];
      const declared = vendor(id).csp({ origin: httpsOrigin(scriptSource(id, value)!), consentProvider: "osano" });
      const policy = contentSecurityPolicy(policySources({ ...none, scriptIds: { [id]: value } }, withProvider), []);
      expect([id, directive(policy, "frame-src")]).toEqual([
        id,
        declared["frame-src"]?.length ? [...declared["frame-src"]].sort() : ["'none'"],
      ]);
    }
    expect(directive(contentSecurityPolicy(policySources(all, withProvider), []), "frame-src")).toEqual([
      "https://app.hubspot.com",
      "https://td.doubleclick.net",
    ]);
  });

  it("form-action: the site and the app host (sign-up and login)", () => {
    expect(directive(contentSecurityPolicy(policySources(none, {}), []), "form-action")).toEqual([
      "'self'",
      "https://secure.northdesk.com",
    ]);
  });

  it("violations are reported to the site's own endpoint, by report-uri and by report-to", () => {
    const policy = contentSecurityPolicy(policySources(none, {}), []);
    expect(directive(policy, "report-uri")).toEqual([CSP_REPORT_PATH]);
    expect(directive(policy, "report-to")).toEqual([CSP_REPORT_GROUP]);
    const rules = hostHeaderRules(policy, []);
    expect(rules[0].headers).toContainEqual({ key: REPORTING_ENDPOINTS_HEADER, value: `csp="/api/csp-report"` });
  });

  it("over plain http (the local server): no report-to and no Reporting-Endpoints, so every engine uses report-uri", () => {
    const policy = contentSecurityPolicy(policySources(none, {}), [sha("x")]);
    for (const reportOnly of [false, true]) {
      const [all, ...files] = overPlainHttp(hostHeaderRules(policy, ["app-1.js"], [], { reportOnly }));
      expect(all.headers.map((h) => h.key)).not.toContain(REPORTING_ENDPOINTS_HEADER);
      const served = all.headers.find((h) => h.key === (reportOnly ? CSP_REPORT_ONLY_HEADER : CSP_HEADER))!.value;
      expect(served).toBe(policy.replace("; report-to csp", ""));
      expect(directive(served, "report-uri")).toEqual([CSP_REPORT_PATH]);
      expect(files).toEqual(hostHeaderRules(policy, ["app-1.js"]).slice(1));
    }
  });

  it("CSP_REPORT_ONLY serves the same policy as Content-Security-Policy-Report-Only, and no enforced one", () => {
    const policy = contentSecurityPolicy(policySources(none, {}), []);
    const keys = (rules: ReturnType<typeof hostHeaderRules>) => rules[0].headers.map((h) => h.key);
    expect(keys(hostHeaderRules(policy, [], [], { reportOnly: true }))).toContain(CSP_REPORT_ONLY_HEADER);
    expect(keys(hostHeaderRules(policy, [], [], { reportOnly: true }))).not.toContain(CSP_HEADER);
    expect(keys(hostHeaderRules(policy, []))).not.toContain(CSP_REPORT_ONLY_HEADER);
    expect(hostHeaderRules(policy, [], [], { reportOnly: true })[0].headers.find((h) => h.key === CSP_REPORT_ONLY_HEADER)?.value).toBe(
      policy,
    );
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
    // the hashes are exactly the built pages' inline scripts
    expect(directive(policy, "script-src")).toEqual(["'strict-dynamic'", ...hashes, "'unsafe-inline'", "https:"]);
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
    // webpack's numbered shared chunks are not in the stats by name, only by their content-hashed file name
    fs.writeFileSync(path.join(publicDir, "916-c35eba06132c20ed6df8.js"), "");
    fs.writeFileSync(path.join(publicDir, "916-c35eba06132c20ed6df8.js.map"), "");
    expect(hashedAssets(publicDir)).toEqual(["916-c35eba06132c20ed6df8.js", "app-1a2b.js", "chunk-map-0123456789abcdef0123.js"]);
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

describe("host rules without overlap (Netlify applies every rule a path matches)", () => {
  /** Netlify's own parser of `_headers` (netlify-cli's), for its path matching. */
  async function netlifyParsed(text: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-netlify-headers-"));
    fs.writeFileSync(path.join(dir, "_headers"), text);
    try {
      return await parseNetlifyHeaders(path.join(dir, "_headers"));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const FILES = [
    "index.html",
    "404.html",
    "404/index.html",
    "500.html",
    "500/index.html",
    "app-0123456789abcdef0123.js",
    "app-0123456789abcdef0123.js.map",
    "app-0123456789abcdef0123.js.LICENSE.txt",
    "framework-0123456789abcdef0123.js",
    "chunk-map.json",
    "webpack.stats.json",
    "sw.js",
    "robots.txt",
    "manifest.webmanifest",
    "_headers",
    "_redirects",
    "blog/index.html",
    "blog/csat-vs-nps/index.html",
    "blog/category/support/page/2/index.html",
    "app/index.html",
    "page-data/app-data.json",
    "page-data/index/page-data.json",
    "page-data/sq/d/123.json",
    "static/0a1b/photo.webp",
    "static/0a1b/2c3d/photo.avif",
    "icons/check.svg",
  ];
  const HASHED = ["app-0123456789abcdef0123.js", "framework-0123456789abcdef0123.js"];

  it("our path matching is Netlify's: the same answer as @netlify/headers-parser for every rule and path", async () => {
    const sources = [
      "/",
      "/*",
      "/static/*",
      "/blog/*",
      "/blog",
      "/blog/:segment/*",
      "/404.html",
      "/app-1.js",
      "/a-b/*",
      "/*.html",
      "/x*y/z",
    ];
    const parsed = await netlifyParsed(sources.map((s) => `${s}\n  X-Rule: ${s}`).join("\n"));
    const urls = [
      "/",
      "/blog",
      "/blog/",
      "/blog/a/",
      "/blog/a/index.html",
      "/blog-1.js",
      "/BLOG/",
      "/static",
      "/static/a/b.png",
      "/static-1.js",
      "/404.html",
      "/404.html/",
      "/app-1.js",
      "/app-1xjs",
      "/a-b/c",
      "/a.b/c",
      "/x/index.html",
      "/xay/z",
    ];
    for (const source of sources) {
      const theirs = parsed.find((h) => h.for === source)!.forRegExp;
      for (const url of urls) expect(netlifyPathPattern(source).test(url), `${source} ${url}`).toBe(theirs.test(url));
    }
  });

  it("every file, and every page's folder URL, matches exactly one Cache-Control rule; the right one", async () => {
    const rules = netlifyHostRules(hostHeaderRules("default-src 'self'", HASHED, FILES));
    expect(checkCacheRules(rules, FILES)).toEqual([]);
    // /404/* would also take /404.html, /app/* the hashed /app-….js: those folders get the narrow pair
    expect(rules.map((r) => r.source)).toEqual(
      expect.arrayContaining(["/404", "/404/:segment/*", "/app", "/app/:segment/*", "/blog/*", "/page-data/*", "/icons/*", "/"]),
    );
    expect(rules.map((r) => r.source)).not.toContain("/_headers");
    // the same, through Netlify's own parser, on the `_headers` text
    const text = rules.map((r) => [r.source, ...r.headers.map((h) => `  ${h.key}: ${h.value}`)].join("\n")).join("\n");
    const parsed = await netlifyParsed(text);
    const cacheOf = (url: string) => {
      const matching = cacheControlFor(parsed, url);
      expect(
        matching.map((m) => m.rule),
        url,
      ).toHaveLength(1);
      return matching[0].value;
    };
    for (const url of [
      "/",
      "/index.html",
      "/blog/csat-vs-nps/",
      "/page-data/app-data.json",
      "/page-data/index/page-data.json",
      "/sw.js",
      "/404.html",
      "/404/",
      "/app/",
    ])
      expect(cacheOf(url), url).toBe(CACHE_REVALIDATE);
    for (const url of [
      "/static/0a1b/photo.webp",
      "/app-0123456789abcdef0123.js",
      "/app-0123456789abcdef0123.js.map",
      "/framework-0123456789abcdef0123.js",
    ])
      expect(cacheOf(url), url).toBe(CACHE_IMMUTABLE);
    // one spelling of the header everywhere
    expect(new Set(rules.flatMap((r) => r.headers.map((h) => h.key)).filter((k) => k.toLowerCase() === "cache-control"))).toEqual(
      new Set([CACHE_HEADER]),
    );
    // `/*` carries the security headers and the policy, and no caching on Netlify
    expect(rules[0].source).toBe("/*");
    expect(rules[0].headers.map((h) => h.key)).toEqual(expect.arrayContaining(["Strict-Transport-Security", CSP_HEADER]));
    expect(rules[0].headers.map((h) => h.key)).not.toContain(CACHE_HEADER);
  });

  it("the local server's matcher answers every file with the same Cache-Control as Netlify", () => {
    const local = createHeadersMatcher(hostHeaderRules("default-src 'self'", HASHED, FILES), "");
    const netlify = netlifyHostRules(hostHeaderRules("default-src 'self'", HASHED, FILES));
    for (const url of FILES.filter((f) => !f.startsWith("_")).flatMap((f) => [
      `/${f}`,
      ...(f.endsWith("/index.html") ? [`/${f.slice(0, -10)}`] : []),
    ])) {
      const mine = local(url, []).filter((h) => h.key === CACHE_HEADER);
      const theirs = netlify
        .filter((r) => netlifyPathPattern(r.source).test(url))
        .flatMap((r) => r.headers.filter((h) => h.key === CACHE_HEADER));
      expect(
        mine.map((h) => h.value),
        url,
      ).toEqual(theirs.map((h) => h.value));
    }
  });

  it("the old table (Cache-Control on /* and again on /static/* in another case) is caught", () => {
    const old = [
      { source: "/*", headers: [{ key: "Cache-Control", value: CACHE_REVALIDATE }] },
      { source: "/static/*", headers: [{ key: "cache-control", value: CACHE_IMMUTABLE }] },
    ];
    expect(checkCacheRules(old, ["static/a.png", "index.html"])).toEqual([{ url: "/static/a.png", rules: ["/*", "/static/*"] }]);
    expect(checkCacheRules([{ source: "/static/*", headers: [{ key: "Cache-Control", value: CACHE_IMMUTABLE }] }], ["sw.js"])).toEqual([
      { url: "/sw.js", rules: [] },
    ]);
  });

  it("a Netlify build's _headers must carry the site's policy and HSTS on /* and one spelling of Cache-Control", () => {
    const ours = hostHeaderRules("default-src 'self'", HASHED, FILES);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-shipped-"));
    const file = path.join(dir, "_headers");
    const write = (rules: { source: string; headers: { key: string; value: string }[] }[]) =>
      fs.writeFileSync(
        file,
        `## comment\n${rules.map((r) => [r.source, ...r.headers.map((h) => `  ${h.key}: ${h.value}`)].join("\n")).join("\n")}\n`,
      );
    write(netlifyHostRules(ours));
    expect(checkShippedHeaders(file, ours, FILES)).toEqual([]);
    // the stock adapter's `_headers`: Gatsby's base headers, no policy, no HSTS
    write([{ source: "/*", headers: [{ key: "x-frame-options", value: "DENY" }] }, ...netlifyHostRules(ours).slice(1)]);
    const problems = checkShippedHeaders(file, ours, FILES);
    expect(problems.join("\n")).toMatch(/Content-Security-Policy for \/\*: expected the site's value, found none/);
    expect(problems.join("\n")).toMatch(/Strict-Transport-Security for \/\*/);
    write([...netlifyHostRules(ours), { source: "/sw.js", headers: [{ key: "cache-control", value: CACHE_IMMUTABLE }] }]);
    expect(checkShippedHeaders(file, ours, FILES).join("\n")).toMatch(
      /spelled Cache-Control and cache-control[\s\S]*\/sw\.js \(\/sw\.js, \/sw\.js\)/,
    );
    expect(checkShippedHeaders(path.join(dir, "nope"), ours, FILES)).toEqual([`${path.join(dir, "nope")} is missing`]);
    // a report-only build ships its policy under that name, with the reporting endpoint
    const reportOnly = hostHeaderRules("default-src 'self'", HASHED, FILES, { reportOnly: true });
    write(netlifyHostRules(reportOnly));
    expect(checkShippedHeaders(file, reportOnly, FILES)).toEqual([]);
    expect(checkShippedHeaders(file, ours, FILES).join("\n")).toMatch(
      /Content-Security-Policy for \/\*: expected the site's value, found none/,
    );
    write(netlifyHostRules(ours).map((r) => ({ ...r, headers: r.headers.filter((h) => h.key !== REPORTING_ENDPOINTS_HEADER) })));
    expect(checkShippedHeaders(file, ours, FILES).join("\n")).toMatch(/Reporting-Endpoints for \/\*/);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the Netlify build panics with the problems when its _headers lacks the policy, and passes with ours", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "nd-verify-"));
    for (const file of FILES) {
      fs.mkdirSync(path.dirname(path.join(root, "public", file)), { recursive: true });
      fs.writeFileSync(path.join(root, "public", file), "");
    }
    const ours = hostHeaderRules("default-src 'self'", HASHED, FILES);
    const text = (rules: readonly { source: string; headers: { key: string; value: string }[] }[]) =>
      rules.map((r) => [r.source, ...r.headers.map((h) => `  ${h.key}: ${h.value}`)].join("\n")).join("\n");
    const reporter = {
      info: () => undefined,
      panic: (message: string): never => {
        throw new Error(message);
      },
    };
    fs.writeFileSync(path.join(root, "public", "_headers"), text(netlifyHostRules(ours)));
    expect(() => verifyShippedHeaders(root, ours, reporter)).not.toThrow();
    // the stock adapter's table: Gatsby's base headers on /*, no policy, no HSTS
    fs.writeFileSync(
      path.join(root, "public", "_headers"),
      text([{ source: "/*", headers: [{ key: "x-frame-options", value: "DENY" }] }, ...netlifyHostRules(ours).slice(1)]),
    );
    expect(() => verifyShippedHeaders(root, ours, reporter)).toThrow(
      /public\/_headers is not what this site must ship:[\s\S]*Content-Security-Policy/,
    );
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("an error answer keeps the path's security headers but is never cached", () => {
    const matcher = createHeadersMatcher(hostHeaderRules("default-src 'self'", HASHED, FILES), "");
    const headers = errorResponseHeaders(matcher("/static/0a1b/missing.png", []));
    expect(headers.filter((h) => h.key.toLowerCase() === "cache-control")).toEqual([{ key: CACHE_HEADER, value: ERROR_CACHE_CONTROL }]);
    expect(headers.find((h) => h.key === CSP_HEADER)?.value).toBe("default-src 'self'");
    expect(ERROR_CACHE_CONTROL).toBe("no-store");
  });

  it("lists a build's files relative to public/, with /", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-files-"));
    fs.mkdirSync(path.join(dir, "a", "b"), { recursive: true });
    fs.writeFileSync(path.join(dir, "a", "b", "index.html"), "");
    fs.writeFileSync(path.join(dir, "sw.js"), "");
    expect(listFiles(dir)).toEqual(["a/b/index.html", "sw.js"]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
