/** A native post read as the script's submission: the request's cookie, the context filled in, the way back. */
import { describe, expect, it } from "vitest";
import { requestCookie, returnPath, submissionFromForm } from "../../../../src/server/native-form/parse";
import type { LeadFormDefinition } from "../../../../src/lib/lead-form/types";

const withCookie = (cookie: string | undefined) => ({ headers: { cookie } });

describe("requestCookie", () => {
  it.each([
    ["among others", "theme=dark; hubspotutk=abc123; other=1", "abc123"],
    ["without spaces", "a=1;hubspotutk=abc123", "abc123"],
    ["percent-encoded", "hubspotutk=a%20b%3Bc", "a b;c"],
    ["quoted: the quotes are the value's, as a browser keeps them", 'hubspotutk="abc123"', '"abc123"'],
    ["a bad escape, kept as sent", "hubspotutk=100%zz", "100%zz"],
    ["the first of two", "hubspotutk=first; hubspotutk=second", "first"],
  ])("%s", (_, header, expected) => {
    expect(requestCookie(withCookie(header), "hubspotutk")).toBe(expected);
  });
  it.each([
    ["no Cookie header", undefined],
    ["another cookie only", "hubspotutk_old=abc"],
    ["a name-only pair", "hubspotutk"],
  ])("nothing for %s", (_, header) => {
    expect(requestCookie(withCookie(header), "hubspotutk")).toBeUndefined();
  });
});

const form: LeadFormDefinition = {
  alternative_id: "t",
  fieldGroups: [
    {
      alternative_fields: [
        { name: "email", label: "Email", fieldType: "email", required: true, hidden: false },
        { name: "utm_source", label: "", fieldType: "single_line_text", required: false, hidden: true },
      ],
    },
  ],
  legalConsentOptions: { communicationsCheckboxes: [{ subscriptionTypeId: 7, label: "News", required: false }] },
};

describe("submissionFromForm", () => {
  it("fills the script's context only where the post has none", () => {
    const s = submissionFromForm({ email: "a@b.co", pageUri: "https://x.test/p/?utm_source=q" }, form, {
      hubspotutk: "utk",
      pageUri: "https://x.test/referer/",
      ipAddress: "203.0.113.1",
    });
    expect(s).toEqual({
      email: "a@b.co",
      pageUri: "https://x.test/p/?utm_source=q",
      hubspotutk: "utk",
      ipAddress: "203.0.113.1",
      utm_source: "q",
      "legal--7": "false",
    });
  });
  it("a page address that is not a URL gives hidden fields nothing, and nothing throws", () => {
    expect(submissionFromForm({ pageUri: "not a url" }, form, { ipAddress: "" }).utm_source).toBe("");
  });
  it("an unknown form keeps the post as it is, with the context", () => {
    expect(submissionFromForm({ formId: "nope", x: "1" }, undefined, { ipAddress: "203.0.113.1" })).toEqual({
      formId: "nope",
      x: "1",
      hubspotutk: "",
      pageUri: "",
      ipAddress: "203.0.113.1",
    });
  });
});

describe("returnPath", () => {
  it("skips candidates that are not the site's pages and takes the next", () => {
    const req = { headers: { host: "x.test" } };
    expect(returnPath([undefined, "ftp://x.test/a/", "http://x.test/api/hubspot/file", "http://x.test/b/?q=1#h"], req)).toBe("/b/?q=1");
  });
});
