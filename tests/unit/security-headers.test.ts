import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CSP_HEADER,
  contentSecurityPolicy,
  headerRulesForBuild,
  inlineScripts,
  policySources,
  contentImageHosts,
  readHeadersManifest,
  writeHeadersManifest,
  SecurityHeadersError,
} from "../../src/node/security-headers";
import type { ThirdPartySettings } from "../../src/config/third-party";

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
  it("ignores a script value that is not an https URL", () => {
    expect(
      policySources({ ...none, scriptIds: { "ad-pixel": "http://insecure.example.com/p.js", "visitor-analytics": "not a url" } })
        .scriptOrigins,
    ).toEqual([]);
  });
});

describe("headerRulesForBuild", () => {
  const site = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nd-headers-"));
    const page = (route: string) => `<html><body><script>window.pagePath="${route}";</script><script>shared()</script></body></html>`;
    fs.mkdirSync(path.join(dir, "public", "pricing"), { recursive: true });
    fs.mkdirSync(path.join(dir, "public", "page-data"), { recursive: true });
    fs.writeFileSync(path.join(dir, "public", "index.html"), page("/"));
    fs.writeFileSync(path.join(dir, "public", "pricing", "index.html"), page("/pricing/"));
    fs.writeFileSync(path.join(dir, "public", "404.html"), page("/404.html"));
    return dir;
  };
  it("gives every page a policy with its own hashes and every other path the 404 page's", () => {
    const dir = site();
    const rules = headerRulesForBuild(path.join(dir, "public"), policySources(none));
    expect(rules.map((r) => r.source)).toEqual(["/*", "/", "/pricing/"]);
    const csp = (source: string) => rules.find((r) => r.source === source)!.headers.find((h) => h.key === CSP_HEADER)!.value;
    expect(directive(csp("/pricing/"), "script-src")).toEqual(["'self'", ...[sha(`window.pagePath="/pricing/";`), sha("shared()")].sort()]);
    expect(csp("/*")).toContain(sha(`window.pagePath="/404.html";`));
    expect(rules[0].headers.map((h) => h.key)).toEqual(
      expect.arrayContaining(["Strict-Transport-Security", "X-Content-Type-Options", "Referrer-Policy", "Permissions-Policy"]),
    );
    writeHeadersManifest(dir, rules);
    expect(readHeadersManifest(dir)).toEqual(rules);
  });
  it("fails when a built page carries an inline handler", () => {
    const dir = site();
    fs.writeFileSync(path.join(dir, "public", "pricing", "index.html"), `<html><body><button onclick="x()">x</button></body></html>`);
    expect(() => headerRulesForBuild(path.join(dir, "public"), policySources(none))).toThrow(SecurityHeadersError);
  });
});
