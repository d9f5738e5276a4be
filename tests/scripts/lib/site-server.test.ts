/**
 * The local server (scripts/serve.ts, scripts/lib/site-server.ts): the built site's files and URLs, the
 * header table, the functions loaded once, on first request, and called with their own headers, bodies refused from the
 * headers alone, graceful close. Runs on a small site of its own (tests/fixtures/site-fixture.ts). The attack findings
 * of issue 38 have their own file, site-server.hardening.test.ts.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { hostHeaderRules } from "../../../src/node/hosting/security-headers";
import { handleFile } from "../../../src/server/handlers";
import { FunctionLoadError, FUNCTIONS_MANIFEST, loadBuiltFunctions, type LoadedFunction } from "../../../scripts/lib/gatsby-functions";
import { headerMatcher } from "../../../scripts/lib/site-server";
import { deps, tempLeadsDir } from "../../fixtures/lead-server-helpers";
import { bytesReadBy, HASHED, makeSite, POLICY, raw, SECRET, start } from "../../fixtures/site-fixture";
import { REPO_ROOT } from "../../fixtures/repo-root";

describe("the built site's URLs (trailingSlash: always)", () => {
  it.each([
    ["/pricing", "/pricing/"],
    ["/pricing/index.html", "/pricing/"],
    ["//pricing//", "/pricing/"],
    ["/./pricing", "/pricing/"],
    ["/index.html", "/"],
    ["//", "/"],
    [`//${HASHED}`, `/${HASHED}`],
  ])("%s → 301 %s", async (from, to) => {
    const { port } = await start();
    const answer = await raw(port, `GET ${from} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(to);
  });

  it("keeps the query string", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/pricing?utm_source=x&a=1`, { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/pricing/?utm_source=x&a=1");
  });

  it("serves a page at its one URL and files as they are", async () => {
    const { base } = await start();
    expect(await (await fetch(`${base}/pricing/`)).text()).toContain("<title>pricing</title>");
    expect(await (await fetch(`${base}/`)).text()).toContain("<title>home</title>");
    expect(await (await fetch(`${base}/${HASHED}`)).text()).toBe("console.log(1)");
  });

  it("never redirects off the site: `//host/` is a path here, and one that does not exist", async () => {
    const { port } = await start();
    for (const target of ["//evil.example/", "//evil.example"]) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(404);
      expect(answer.headers.location, target).toBeUndefined();
    }
  });

  it("unknown paths and the host's own files are not found", async () => {
    const { base } = await start();
    expect((await fetch(`${base}/no-such-page/`)).status).toBe(404);
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
  });
});

describe("the server", () => {
  it("answers pages with the header table: security headers, the policy, revalidated HTML; no X-Powered-By", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/pricing/`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toBe(POLICY);
    expect(res.headers.get("strict-transport-security")).toContain("max-age=63072000");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(res.headers.get("x-powered-by")).toBeNull();
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(await res.text()).toContain("<title>pricing</title>");
  });

  it("caches hashed scripts and /static/ for a year, page data and sw.js revalidate", async () => {
    const { base } = await start();
    const cache = async (p: string) => (await fetch(`${base}${p}`)).headers.get("cache-control");
    expect(await cache(`/${HASHED}`)).toBe("public, max-age=31536000, immutable");
    expect(await cache("/static/abc/logo.png")).toBe("public, max-age=31536000, immutable");
    expect(await cache("/page-data/index/page-data.json")).toBe("public, max-age=0, must-revalidate");
    expect(await cache("/sw.js")).toBe("public, max-age=0, must-revalidate");
    expect((await fetch(`${base}/static/abc/logo.png`)).headers.get("content-type")).toBe("image/png");
  });

  it("applies the table as Netlify does: every matching rule in order, a later header replacing an earlier one", () => {
    const headersFor = headerMatcher(hostHeaderRules(POLICY, [HASHED]));
    expect(headersFor("/static/a.png")["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(headersFor("/static/a.png")["content-security-policy"]).toBe(POLICY);
    expect(headersFor(`/${HASHED}`)["cache-control"]).toBe("public, max-age=31536000, immutable");
    // the rules the build writes for a folder next to a file of the same prefix: `:name` is one segment
    const segment = headerMatcher([{ source: "/blog/:slug/*", headers: [{ key: "X-Rule", value: "folder" }] }]);
    expect(segment("/blog/post/")["x-rule"]).toBe("folder");
    expect(segment("/blog/post/page-data.json")["x-rule"]).toBe("folder");
    expect(segment("/blog-x.js")["x-rule"]).toBeUndefined();
  });

  it("redirects non-canonical page URLs with 301, keeping the query", async () => {
    const { base } = await start();
    for (const [from, to] of [
      ["/pricing?a=1", "/pricing/?a=1"],
      ["/pricing/index.html", "/pricing/"],
      ["//pricing", "/pricing/"],
    ]) {
      const res = await fetch(`${base}${from}`, { redirect: "manual" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("answers an unknown path with the 404 page, status 404, under the same policy", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/no-such-page/`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("We couldn't find that page");
    expect(res.headers.get("content-security-policy")).toBe(POLICY);
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
  });

  it("refuses path traversal, also spelled in ways fetch would normalise away", async () => {
    const { port } = await start();
    for (const target of [
      "/../secret.txt",
      "/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/..%2f..%2fsecret.txt",
      "/static/..%5c..%5c..%5csecret.txt",
      "/a%00.html",
      "/%E0%A4%A",
    ]) {
      const answer = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, target).toBe(400);
      expect(answer.body, target).not.toContain(SECRET);
    }
  });

  it("HEAD, ETag and 304", async () => {
    const { base } = await start();
    const head = await fetch(`${base}/pricing/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(head.headers.get("last-modified")).toBeTruthy();
    const again = await fetch(`${base}/pricing/`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await fetch(`${base}/pricing/`, { method: "POST" })).status).toBe(405);
  });

  it("loads each function once, however many requests it answers", async () => {
    delete (globalThis as { __echoLoads?: number }).__echoLoads;
    const { base } = await start();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fetch(`${base}/api/hubspot/echo?n=${i}&tag=a&tag=b`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: `{"i":${i}}`,
        }).then((r) => r.json() as Promise<{ loads: number; bytes: number; query: Record<string, unknown> }>),
      ),
    );
    expect(answers.map((a) => a.loads)).toEqual(Array(30).fill(1));
    expect((globalThis as { __echoLoads?: number }).__echoLoads).toBe(1);
    expect(answers[3]).toMatchObject({ bytes: 7, query: { n: "3", tag: ["a", "b"] } });
  });

  it("gives a function Gatsby's request fields: cookies, and params of a file route (`[id]`, `[...rest]`)", async () => {
    const echo = (route: string, matchPath: string): LoadedFunction => ({
      route,
      matchPath,
      handler: (req, res) => res.json({ params: req.params, cookies: req.cookies }),
    });
    const { base } = await start({ extra: [echo("users/[id]", "users/:id"), echo("files/[...rest]", "files/*rest")] });
    expect(await (await fetch(`${base}/api/users/42`, { headers: { cookie: "a=1; b=%20x" } })).json()).toEqual({
      params: { id: "42" },
      cookies: { a: "1", b: " x" },
    });
    expect(((await (await fetch(`${base}/api/files/a/b`)).json()) as { params: unknown }).params).toEqual({ rest: "a/b" });
  });

  it("finds the built functions from Gatsby's manifest, relative to it (the build may have run elsewhere)", () => {
    const root = makeSite();
    expect(loadBuiltFunctions(root).map((f) => f.route)).toEqual(["hubspot/echo"]);
    fs.writeFileSync(path.join(root, FUNCTIONS_MANIFEST), JSON.stringify([{ route: "renamed" }]));
    expect(() => loadBuiltFunctions(root)).toThrow(/Gatsby changed its manifest/);
    fs.rmSync(path.join(root, FUNCTIONS_MANIFEST));
    expect(loadBuiltFunctions(root)).toEqual([]);
  });

  it("requires a function's bundle on its first request, not at start", async () => {
    delete (globalThis as { __echoLoads?: number }).__echoLoads;
    const { base } = await start();
    expect((globalThis as { __echoLoads?: number }).__echoLoads).toBeUndefined();
    expect((await fetch(`${base}/api/hubspot/echo`)).status).toBe(200);
    expect((globalThis as { __echoLoads?: number }).__echoLoads).toBe(1);
  });

  it("a bundle missing from the build stops the start", async () => {
    const root = makeSite();
    fs.rmSync(path.join(root, ".cache/functions/hubspot/echo.js"));
    expect(() => loadBuiltFunctions(root)).toThrow(/echo\.js: no such function bundle/);
    await expect(start({ root })).rejects.toThrow(/no such function bundle/);
  });

  it("a bundle that throws as it loads: 503 JSON without its error, one log line, loaded once it is fixed", async () => {
    const root = makeSite();
    const bundle = path.join(root, ".cache/functions/hubspot/echo.js");
    const working = fs.readFileSync(bundle, "utf8");
    fs.writeFileSync(bundle, `throw new Error("cannot find module 'pg'");`);
    const lines: string[] = [];
    const { base } = await start({ root, log: (line) => lines.push(line) });
    const res = await fetch(`${base}/api/hubspot/echo`);
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ success: false, message: "This service is not available on this server right now." });
    expect(body).not.toMatch(/pg|echo\.js|\bat\b/);
    expect(lines).toEqual([`[serve] /api/hubspot/echo failed: ${bundle} failed to load: cannot find module 'pg'`]);
    fs.writeFileSync(bundle, working);
    expect((await fetch(`${base}/api/hubspot/echo`)).status).toBe(200);
    const [notAFunction] = loadBuiltFunctions(root, () => ({ default: 42 }));
    expect(() => notAFunction.handler({} as never, {} as never)).toThrow(FunctionLoadError);
    expect(() => notAFunction.handler({} as never, {} as never)).toThrow(/echo\.js does not export a function$/);
  });

  // The upgrade canary for the one private Gatsby detail the server reads (docs/local-server.md): the real
  // build's manifest, when this checkout has a build.
  it.runIf(fs.existsSync(path.resolve(REPO_ROOT, FUNCTIONS_MANIFEST)))("reads this checkout's build: the lead functions", () => {
    const routes = loadBuiltFunctions(REPO_ROOT, () => () => undefined).map((f) => f.route);
    expect(routes).toEqual(expect.arrayContaining(["hubspot/submitForm", "hubspot/uploadFile", "hubspot/file"]));
  });

  it("passes the socket's address and adds no X-Forwarded-For; a sent one reaches the function as sent", async () => {
    const { base } = await start();
    const plain = (await (await fetch(`${base}/api/hubspot/echo`, { method: "POST", body: "" })).json()) as {
      ip: string;
      xff: string | null;
    };
    expect(plain.ip).toMatch(/127\.0\.0\.1$/);
    expect(plain.xff).toBeNull();
    const forged = (await (
      await fetch(`${base}/api/hubspot/echo`, { method: "POST", body: "", headers: { "x-forwarded-for": "1.2.3.4" } })
    ).json()) as {
      xff: string;
    };
    expect(forged.xff).toBe("1.2.3.4");
  });

  it("keeps a function's own headers (the file endpoint's sandbox policy) and applies no table under /api/", async () => {
    const leadsDir = tempLeadsDir();
    const d = deps(leadsDir);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const stored = await d.store.uploads.saveFile({ filename: "a.png", mime: "image/png", bytes: png }, "203.0.113.1");
    const file: LoadedFunction = { route: "hubspot/file", handler: (req, res) => handleFile(req, res, d) };
    const { base } = await start({ extra: [file] });
    const res = await fetch(`${base}/api/hubspot/file?id=${stored.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), png)).toBe(0);
    const missing = await fetch(`${base}/api/hubspot/file?id=00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-security-policy")).toBeNull();
    expect(missing.headers.get("cache-control")).toBe("no-store");
    fs.rmSync(leadsDir, { recursive: true, force: true });
  });

  it("answers an unknown /api path 404 JSON", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/api/nope`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual({ success: false, message: "Not found" });
  });

  it("a function that throws: 500 JSON, logged in one line", async () => {
    const lines: string[] = [];
    const boom: LoadedFunction = {
      route: "boom",
      handler: () => {
        throw new Error("kaboom");
      },
    };
    const { base } = await start({ extra: [boom], log: (line) => lines.push(line) });
    const res = await fetch(`${base}/api/boom`);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: "Something went wrong on our side. Please try again." });
    expect(lines).toEqual(["[serve] /api/boom failed: kaboom"]);
  });
});

describe("bodies refused from the headers alone, never read", () => {
  // The body is sent in part and never finished: a server that read it would wait forever for the rest.
  it.each([
    ["multipart, 200 MB declared", "multipart/form-data; boundary=xyz", `Content-Length: ${200 * 1024 * 1024}`, 415],
    ["multipart, chunked (no length)", "multipart/form-data; boundary=xyz", "Transfer-Encoding: chunked", 415],
    ["JSON over the limit", "application/json", `Content-Length: ${200 * 1024 * 1024}`, 413],
  ])("%s: answered at once, the connection closed, the function never called", async (_, type, length, status) => {
    let called = 0;
    const spy: LoadedFunction = {
      route: "hubspot/spy",
      handler: async (_req, res) => {
        called++;
        res.status(200).json({});
      },
    };
    const { site, port } = await start({ extra: [spy], functionLimits: { "hubspot/spy": { bodyLimit: 1024 * 1024, concurrent: 8 } } });
    const serverRead = bytesReadBy(site);
    const answer = await raw(
      port,
      `POST /api/hubspot/spy HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Type: ${type}\r\n${length}\r\n\r\n`,
      length.startsWith("Transfer") ? `400\r\n${"a".repeat(1024)}\r\n` : Buffer.alloc(1024, 97),
      { waitForClose: 500 },
    );
    expect(answer.status).toBe(status);
    expect(answer.answeredAfter).toBeLessThan(1000);
    expect(answer.headers.connection).toBe("close");
    expect(answer.closedByServer).toBe(true);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false });
    expect(called).toBe(0);
    await vi.waitFor(() => expect(serverRead()).toBeGreaterThan(0));
    expect(serverRead()).toBeLessThan(64 * 1024);
  });

  it("with Expect: 100-continue the refused body is never asked for", async () => {
    const { port } = await start();
    const answer = await raw(
      port,
      `POST /api/hubspot/echo HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 209715200\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(answer.status).toBe(415);
    expect(answer.head).not.toContain("100 Continue");
  });

  it("with Expect: 100-continue an accepted body is asked for, then read", async () => {
    const { base } = await start();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${base}/api/hubspot/echo`,
        { method: "POST", headers: { "content-type": "application/json", "content-length": 2, expect: "100-continue" } },
        (res) => {
          let text = "";
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        },
      );
      req.on("continue", () => req.end("{}"));
      req.on("error", reject);
    });
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({ bytes: 2 });
  });
});

describe("close", () => {
  it("lets a request in flight finish, then closes", async () => {
    let entered = false;
    const slow: LoadedFunction = {
      route: "slow",
      handler: async (_req, res) => {
        entered = true;
        await new Promise((r) => setTimeout(r, 400));
        res.status(200).json({ done: true });
      },
    };
    const { site, base } = await start({ extra: [slow] });
    const inFlight = fetch(`${base}/api/slow`);
    await vi.waitFor(() => expect(entered).toBe(true));
    const closed = site.close(5000);
    expect(await (await inFlight).json()).toEqual({ done: true });
    expect(await closed).toBe(true);
    await expect(fetch(`${base}/`)).rejects.toThrow();
  });
});
