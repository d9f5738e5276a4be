// @vitest-environment jsdom
/**
 * The lead form without JavaScript: a browser's own form post (application/x-www-form-urlencoded) to submitForm,
 * judged by the same rules and kept the same way as the script's JSON; answered with a redirect back to the page
 * or a page of its own.
 */
import fs from "node:fs";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { handleSubmitForm } from "../../../src/server/handlers";
import { readFormEncoded } from "../../../src/server/http";
import { returnPath, submissionFromForm } from "../../../src/server/native-form/parse";
import { FILE_NEEDS_SCRIPT, problemsOf } from "../../../src/server/native-form/rules";
import { escapeHtml } from "../../../src/server/native-form/view";
import { outboxFile, readOutbox } from "../../../src/server/outbox";
import { SUBMISSION_LIMIT_BYTES } from "../../../src/server/validate-submission";
import type { LeadFormDefinition } from "../../../src/lib/lead-form/types";
import { XSS_PAYLOADS } from "../../fixtures/xss-payloads";
import { freshLeadsDirPerTest } from "../../fixtures/fresh-leads-dir";
import { deps, fakeReq, fakeRes, testProtection, validDemo } from "../../fixtures/lead-server-helpers";

const FORM = "application/x-www-form-urlencoded";
const SITE = "http://localhost:9000";
const PAGE = `${SITE}/lp/get-a-demo/?utm_source=ads&utm_campaign=spring`;

const leadsDir = freshLeadsDirPerTest();

/** What the get-a-demo page's form posts without JavaScript: its controls by name (an unticked box sends nothing). */
function demoForm(overrides: Record<string, string | undefined> = {}) {
  const values: Record<string, string | undefined> = {
    formId: "get-a-demo",
    utm_source: "",
    utm_campaign: "",
    firstname: "Jordan",
    lastname: "Rivera",
    email: "jordan@acme.com",
    company: "Acme & Sons",
    phone: "",
    number_of_employees: "11-50",
    looking_for: "just_exploring",
    "legal--consentToProcess__TEXT": "By clicking below…",
    "legal--908__TEXT": "I agree to receive other communications from Northdesk.",
    ...overrides,
  };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined) params.append(k, v);
  return params.toString();
}
const browserHeaders = { origin: SITE, host: "localhost:9000", referer: PAGE, cookie: "theme=dark; hubspotutk=abc123" };
async function post(body: string, headers: Record<string, string> = browserHeaders, d = deps(leadsDir()), type = FORM) {
  const res = fakeRes();
  await handleSubmitForm(fakeReq(body, { type, headers }), res, d);
  return res;
}
const written = () => (fs.existsSync(outboxFile(leadsDir())) ? readOutbox(leadsDir()) : []);
const doc = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("reading a form-encoded body", () => {
  const read = (body: string, type = FORM, extra: Record<string, string> = {}) =>
    readFormEncoded(fakeReq(body, { type, headers: extra }), SUBMISSION_LIMIT_BYTES);
  it("decodes names and values as a browser encodes them (+, percent escapes, UTF-8, new lines)", async () => {
    const body = new URLSearchParams({ company: "Acme & Sons+Co", message: "Zoë: 100%\r\nline two", "legal--908": "true" }).toString();
    expect(await read(body)).toEqual({ company: "Acme & Sons+Co", message: "Zoë: 100%\r\nline two", "legal--908": "true" });
    expect(await read("a=1+2&b=%E2%9C%93&c=")).toEqual({ a: "1 2", b: "✓", c: "" });
  });
  it("accepts a charset parameter but checks the media type exactly", async () => {
    expect(await read("a=1", `${FORM}; charset=UTF-8`)).toEqual({ a: "1" });
    await expect(read("a=1", `${FORM}x`)).rejects.toMatchObject({ status: 415 });
    await expect(read("a=1", "multipart/form-data; boundary=x")).rejects.toMatchObject({ status: 415 });
    await expect(read("a=1", "text/plain")).rejects.toMatchObject({ status: 415 });
  });
  it("a name sent twice is refused (no form of ours has one)", async () => {
    await expect(read("email=a%40b.co&email=c%40d.co")).rejects.toMatchObject({ status: 400, message: /email was sent more than once/ });
  });
  it("__proto__ is a name like any other (and later refused as an unknown field)", async () => {
    const fields = await read("__proto__=x&formId=get-a-demo");
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(["__proto__", "formId"]);
  });
  it("refuses a body declared over 64 KB before reading a byte of it", async () => {
    const stream = new Readable({
      read() {
        throw new Error("the body was read");
      },
    });
    const req = Object.assign(stream, {
      method: "POST",
      headers: { "content-type": FORM, "content-length": String(SUBMISSION_LIMIT_BYTES + 1) },
    });
    await expect(readFormEncoded(req as never, SUBMISSION_LIMIT_BYTES)).rejects.toMatchObject({ status: 413 });
  });
  it("stops reading a chunked body at 64 KB", async () => {
    const req = fakeReq(`pad=${"x".repeat(SUBMISSION_LIMIT_BYTES)}`, { type: FORM });
    delete req.headers["content-length"];
    await expect(readFormEncoded(req, SUBMISSION_LIMIT_BYTES)).rejects.toMatchObject({ status: 413 });
  });
});

describe("where the answer sends the visitor back (same-origin paths only)", () => {
  const req = { headers: { host: "www.northdesk.com", origin: "https://www.northdesk.com" } };
  it.each([
    ["the page on the request's host", "https://www.northdesk.com/lp/get-a-demo/", "/lp/get-a-demo/"],
    ["with its query (hidden fields, attribution)", "https://www.northdesk.com/lp/x/?utm_source=a&b=%22", "/lp/x/?utm_source=a&b=%22"],
    ["without its fragment", "https://www.northdesk.com/pricing/#plans", "/pricing/"],
  ])("%s", (_, candidate, expected) => {
    expect(returnPath([candidate], req)).toBe(expected);
  });
  it.each([
    ["another host", "https://evil.example/lp/get-a-demo/"],
    ["a look-alike host", "https://www.northdesk.com.evil.example/"],
    ["another port", "https://www.northdesk.com:8443/"],
    ["a protocol-relative path", "https://www.northdesk.com//evil.example/x"],
    ["a backslash path (read as //)", "https://www.northdesk.com/\\evil.example/x"],
    ["a relative path", "/lp/get-a-demo/"],
    ["a protocol-relative URL", "//evil.example/"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["the function itself", "https://www.northdesk.com/api/hubspot/submitForm"],
    ["garbage", "http://[::1"],
    ["nothing", undefined],
  ])("not %s", (_, candidate) => {
    expect(returnPath([candidate], req)).toBeNull();
  });
  it("the request's Origin when its Host is another (behind a proxy)", () => {
    const proxied = { headers: { host: "127.0.0.1:8000", origin: "https://www.northdesk.com" } };
    expect(returnPath(["https://www.northdesk.com/a/"], proxied)).toBe("/a/");
    expect(returnPath(["https://evil.example/a/"], proxied)).toBeNull();
  });
  it("takes the first candidate that qualifies", () => {
    expect(returnPath(["https://evil.example/", "https://www.northdesk.com/b/"], req)).toBe("/b/");
  });
  it("without Host or Origin nothing qualifies", () => {
    expect(returnPath(["https://www.northdesk.com/b/"], { headers: {} })).toBeNull();
  });
});

describe("a native post is the same submission as the script's JSON", () => {
  const forms = deps(leadsDir()).forms;
  it("consent boxes: a ticked one is posted as its value (true), an unticked one not at all → 'false' (docs/product-rules.md#lead-form-definition)", () => {
    const webinar = forms.get("webinar-registration");
    const submission = submissionFromForm({ formId: "webinar-registration", "legal--909": "true" }, webinar, { ipAddress: "198.51.100.4" });
    expect(submission).toMatchObject({ "legal--908": "false", "legal--909": "true", ipAddress: "198.51.100.4" });
    expect(submissionFromForm({ "legal--908": "on" }, webinar, { ipAddress: "" })["legal--908"]).toBe("false");
  });
  it("hidden fields take the page's same-named query parameter (docs/product-rules.md#lead-form-flow); posted values and context win", () => {
    const s = submissionFromForm({ formId: "get-a-demo", utm_source: "", utm_campaign: "posted" }, forms.get("get-a-demo"), {
      pageUri: PAGE,
      hubspotutk: "abc",
      ipAddress: "198.51.100.4",
    });
    expect(s).toMatchObject({ utm_source: "ads", utm_campaign: "posted", pageUri: PAGE, hubspotutk: "abc" });
  });
  it("problems are every field's, by the rules validateSubmission applies", () => {
    const demo = forms.get("get-a-demo")!;
    const problems = problemsOf(demo, { ...validDemo(), firstname: "", email: "j@gmail.com", looking_for: "nope" });
    expect(problems.map((p) => [p.name, p.message])).toEqual([
      ["firstname", "Sorry, that is required"],
      ["email", "Please enter a valid email address"],
      ["looking_for", "Sorry, that is required"],
    ]);
  });
});

describe("POST submitForm as application/x-www-form-urlencoded", () => {
  it("accepted: stored like JSON, then 303 back to the page at #<form id>-sent", async () => {
    const res = await post(demoForm({ "legal--908": "true" }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/lp/get-a-demo/?utm_source=ads&utm_campaign=spring#get-a-demo-sent");
    expect(res.headers["cache-control"]).toBe("no-store");
    const [lead] = written();
    expect(lead.submission).toMatchObject({
      formId: "get-a-demo",
      firstname: "Jordan",
      company: "Acme & Sons",
      "legal--908": "true",
      utm_source: "ads",
      utm_campaign: "spring",
      hubspotutk: "abc123",
      pageUri: PAGE,
      pageName: "",
      ipAddress: "203.0.113.50",
    });
  });
  it("an unticked consent box is stored as 'false'", async () => {
    expect((await post(demoForm())).statusCode).toBe(303);
    expect(written()[0].submission["legal--908"]).toBe("false");
  });
  it("a foreign Referer is not followed: a thank-you page instead of a redirect", async () => {
    const res = await post(demoForm(), { ...browserHeaders, referer: "https://evil.example/lp/get-a-demo/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain("A product expert will email you");
    expect(written()).toHaveLength(1);
    expect(written()[0].submission.pageUri).toBe("");
  });
  it("a posted pageUri (the error page's form) is where it goes back to; an off-site one is not", async () => {
    const again = { ...browserHeaders, referer: `${SITE}/api/hubspot/submitForm` };
    expect((await post(demoForm({ pageUri: `${SITE}/pricing/` }), again)).headers.location).toBe("/pricing/#get-a-demo-sent");
    expect((await post(demoForm({ pageUri: "https://evil.example/" }), again)).statusCode).toBe(200);
  });

  it("<!channel>@example.com posted without JavaScript: the 422 page says the email is not valid, the value escaped, nothing written", async () => {
    const res = await post(demoForm({ email: "<!channel>@example.com" }));
    expect(res.statusCode).toBe(422);
    const page = doc(res.body);
    const links = [...page.querySelector('[role="alert"]')!.querySelectorAll("a")].map((a) => a.textContent);
    expect(links).toEqual(["Work email: Please enter a valid email address"]);
    expect((page.querySelector("form")!.elements.namedItem("email") as HTMLInputElement).value).toBe("<!channel>@example.com");
    expect(res.body).not.toContain("<!channel>");
    expect(written()).toHaveLength(0);
  });

  it("problems: 422 page with a focused error summary linking to each field, the form again with the values", async () => {
    const res = await post(demoForm({ email: "jordan@gmail.com", firstname: "", "legal--908": "true" }));
    expect(res.statusCode).toBe(422);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const page = doc(res.body);
    const summary = page.querySelector('[role="alert"]')!;
    expect(summary.hasAttribute("autofocus")).toBe(true);
    expect(summary.getAttribute("tabindex")).toBe("-1");
    const links = [...summary.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent]);
    expect(links).toEqual([
      ["#field-firstname", "First name: Sorry, that is required"],
      ["#field-email", "Work email: Please enter a valid email address"],
    ]);
    for (const [href] of links) expect(page.querySelector(href!)).not.toBeNull();
    const form = page.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/hubspot/submitForm");
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    expect(value("email")).toBe("jordan@gmail.com");
    expect(value("company")).toBe("Acme & Sons");
    expect(value("number_of_employees")).toBe("11-50");
    expect(value("looking_for")).toBe("just_exploring");
    expect(value("pageUri")).toBe(PAGE);
    expect(value("utm_source")).toBe("ads");
    expect((form.elements.namedItem("legal--908") as HTMLInputElement).checked).toBe(true);
    expect(page.getElementById("field-email")!.getAttribute("aria-invalid")).toBe("true");
    expect(page.getElementById("field-email")!.getAttribute("aria-describedby")).toBe("field-email-error");
    expect(page.getElementById("field-company")!.hasAttribute("aria-invalid")).toBe(false);
    expect(page.querySelectorAll("script")).toHaveLength(0);
    expect(written()).toHaveLength(0);
  });
  it("posting the error page's form again (its own fields as they are) is accepted", async () => {
    const first = doc((await post(demoForm({ email: "jordan@gmail.com" }))).body);
    const form = first.querySelector("form")!;
    (form.elements.namedItem("email") as HTMLInputElement).value = "jordan@acme.com";
    const again = new URLSearchParams();
    for (const el of form.querySelectorAll<HTMLInputElement>("input[name], select[name], textarea[name]")) {
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) continue;
      again.append(el.name, el.value);
    }
    const res = await post(again.toString(), { ...browserHeaders, referer: `${SITE}/api/hubspot/submitForm` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/lp/get-a-demo/?utm_source=ads&utm_campaign=spring#get-a-demo-sent");
    expect(written()[0].submission).toMatchObject({ email: "jordan@acme.com", utm_source: "ads", pageUri: PAGE });
  });
  it("everything the visitor sent is escaped on the page", async () => {
    for (const payload of XSS_PAYLOADS) {
      const res = await post(demoForm({ email: payload, company: payload, firstname: payload }));
      expect(res.statusCode).toBe(422);
      const page = doc(res.body);
      expect(page.querySelectorAll("script, img, svg, iframe, object, embed, [onerror], [onload], [onclick], [onfocus]")).toHaveLength(0);
      expect((page.querySelector("form")!.elements.namedItem("company") as HTMLInputElement).value).toBe(payload);
    }
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;");
  });
  it("a required file field cannot be filled without JavaScript: says so", async () => {
    const withFile: LeadFormDefinition = {
      alternative_id: "rfp",
      name: "Send an RFP",
      fieldGroups: [
        { alternative_fields: [{ name: "email", label: "Work email", fieldType: "email", required: true, hidden: false }] },
        { alternative_fields: [{ name: "rfp", label: "Your RFP", fieldType: "file", required: true, hidden: false }] },
      ],
    };
    const d = deps(leadsDir());
    d.forms = new Map([...d.forms, ["rfp", withFile]]);
    const res = await post(new URLSearchParams({ formId: "rfp", email: "a@acme.com", rfp: "" }).toString(), browserHeaders, d);
    expect(res.statusCode).toBe(422);
    const summary = doc(res.body).querySelector('[role="alert"]')!;
    expect(summary.textContent).toContain(`Your RFP: ${FILE_NEEDS_SCRIPT}`);
    expect(written()).toHaveLength(0);
  });
  it("an unknown field or form: a page with the message, nothing stored", async () => {
    const unknown = await post(demoForm({ admin: "1" }));
    expect(unknown.statusCode).toBe(400);
    expect(doc(unknown.body).querySelector('[role="alert"]')!.textContent).toContain("Unknown field: admin");
    expect(doc(unknown.body).querySelector("a")!.getAttribute("href")).toBe("/lp/get-a-demo/?utm_source=ads&utm_campaign=spring");
    expect((await post(new URLSearchParams({ formId: "nope" }).toString())).statusCode).toBe(404);
    expect(written()).toHaveLength(0);
  });
  it("the same protection as JSON: a cross-site post is refused (403), before the body is read", async () => {
    const res = await post(demoForm(), { ...browserHeaders, origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("Cross-site requests are not accepted");
    expect(written()).toHaveLength(0);
  });
  it("the same rate limit as JSON: 429 with Retry-After", async () => {
    const d = deps(leadsDir(), undefined, fetch, testProtection({ rateLimit: 1 }));
    expect((await post(demoForm(), browserHeaders, d)).statusCode).toBe(303);
    const refused = await post(demoForm(), browserHeaders, d);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(written()).toHaveLength(1);
  });
  it("over 64 KB: 413 page", async () => {
    const res = await post(demoForm({ company: "x".repeat(SUBMISSION_LIMIT_BYTES) }));
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(written()).toHaveLength(0);
  });
  it("the JSON path answers exactly as before", async () => {
    const res = await post(JSON.stringify(validDemo()), browserHeaders, deps(leadsDir()), "application/json");
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ success: true, id: expect.any(String), delivered: false });
    const bad = await post(
      JSON.stringify({ ...validDemo(), email: "j@gmail.com" }),
      browserHeaders,
      deps(leadsDir()),
      "application/json; charset=utf-8",
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toEqual({ success: false, message: "Work email: Please enter a valid email address" });
  });
});
