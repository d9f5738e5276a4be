import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { PREVIEW_COOKIE, previewAccess } from "../../../../src/node/preview/access";

const SECRET = "0123456789abcdef0123456789abcdef";
const ORIGINS = ["https://app.contentful.com", "https://app.eu.contentful.com"];

function call(url: string, cookie?: string) {
  const headers: Record<string, string> = {};
  const res = {
    statusCode: 200,
    body: "",
    setHeader: (key: string, value: string) => void (headers[key.toLowerCase()] = value),
    end: (body?: string) => void (res.body = body ?? ""),
  };
  let passed = false;
  previewAccess({ secret: SECRET, appOrigins: ORIGINS })(
    { url, headers: cookie ? { cookie } : {} } as IncomingMessage,
    res as unknown as ServerResponse,
    () => void (passed = true),
  );
  return { passed, status: res.statusCode, headers, body: res.body };
}

describe("the preview server's access secret (docs/content.md#live-preview)", () => {
  it("refuses a request without the secret or its cookie with 401", () => {
    const r = call("/blog/csat-vs-nps/");
    expect(r.passed).toBe(false);
    expect(r.status).toBe(401);
    expect(r.body).toContain("needs its access link");
  });

  it("refuses a wrong secret and a forged cookie", () => {
    expect(call("/?preview_secret=nope").status).toBe(401);
    expect(call("/", `${PREVIEW_COOKIE}=${SECRET}`).status).toBe(401);
  });

  it("trades the right secret for a partitioned cross-site cookie and drops it from the URL", () => {
    const r = call(`/blog/x/?a=1&preview_secret=${SECRET}`);
    expect(r.status).toBe(303);
    expect(r.headers.location).toBe("/blog/x/?a=1");
    const cookie = r.headers["set-cookie"];
    expect(cookie).toMatch(/; HttpOnly; Secure; Partitioned; SameSite=None/);
    expect(cookie).not.toContain(SECRET);
    const value = /^nd_preview=([^;]+)/.exec(cookie)![1];
    expect(call("/blog/x/", `${PREVIEW_COOKIE}=${value}`).passed).toBe(true);
  });

  it("lets the refresh webhook through to Gatsby's own token check", () => {
    expect(call("/__refresh").passed).toBe(true);
  });

  it("allows Contentful's web app to frame every answer, and sends no X-Frame-Options", () => {
    const r = call("/");
    expect(r.headers["content-security-policy"]).toBe("frame-ancestors https://app.contentful.com https://app.eu.contentful.com");
    expect(r.headers["x-frame-options"]).toBeUndefined();
    expect(r.headers["x-content-type-options"]).toBe("nosniff");
  });
});
