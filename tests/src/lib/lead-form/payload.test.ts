import { describe, expect, it } from "vitest";
import { buildPayload, htmlToText, initialValues } from "../../../../src/lib/lead-form/payload";
import type { LeadFormDefinition } from "../../../../src/lib/lead-form/types";

const form: LeadFormDefinition = {
  alternative_id: "demo",
  fieldGroups: [
    {
      alternative_fields: [
        { name: "email", label: "Email", fieldType: "email", required: true, hidden: false },
        { name: "utm_source", label: "Source", fieldType: "single_line_text", required: false, hidden: true, defaultValue: "site" },
        { name: "tags", label: "Tags", fieldType: "single_line_text", required: false, hidden: true, defaultValues: ["a", "b", "c"] },
        { name: "visible_default", label: "V", fieldType: "single_line_text", required: false, hidden: false, defaultValue: "v" },
      ],
    },
  ],
  legalConsentOptions: {
    consentToProcessText: "<p>I <strong>agree</strong> &amp; consent.</p>",
    communicationsCheckboxes: [
      { label: "Other <em>communications</em>", subscriptionTypeId: 908, required: false },
      { label: "Webinars", subscriptionTypeId: 909, required: false },
    ],
  },
};

describe("initial values (docs/product-rules.md#lead-form-definition, #lead-form-flow)", () => {
  it("defaultValues are joined with semicolons", () => {
    const field = { name: "t", label: "", fieldType: "x", required: false, hidden: true, defaultValues: ["a", "b"] };
    expect(initialValues({ alternative_id: "t", fieldGroups: [{ alternative_fields: [field] }] }).t).toBe("a;b");
  });
  it("hidden fields take a same-named URL parameter, visible ones do not", () => {
    expect(initialValues(form, "?utm_source=newsletter&visible_default=hack&email=x")).toEqual({
      email: "",
      utm_source: "newsletter",
      tags: "a;b;c",
      visible_default: "v",
    });
    expect(initialValues(form, "").utm_source).toBe("site");
  });
});

describe("payload (docs/product-rules.md#lead-form-definition)", () => {
  it("has the context, every field by name and the consent values", () => {
    const payload = buildPayload(form, { email: "a@b.co", utm_source: "x", tags: "a;b" }, new Set([909]), {
      hubspotutk: "utk",
      pageUri: "http://localhost/lp/",
      pageName: "Get a demo",
      ipAddress: "1.2.3.4",
    });
    expect(payload).toEqual({
      formId: "demo",
      hubspotutk: "utk",
      pageUri: "http://localhost/lp/",
      pageName: "Get a demo",
      ipAddress: "1.2.3.4",
      email: "a@b.co",
      utm_source: "x",
      tags: "a;b",
      visible_default: "",
      "legal--908": "false",
      "legal--908__TEXT": "Other communications",
      "legal--909": "true",
      "legal--909__TEXT": "Webinars",
      "legal--consentToProcess__TEXT": "I agree & consent.",
    });
  });
  it("a form without consent options sends no legal values", () => {
    const payload = buildPayload({ ...form, legalConsentOptions: null }, {}, new Set(), {
      hubspotutk: "",
      pageUri: "",
      pageName: "",
      ipAddress: "",
    });
    expect(Object.keys(payload).some((k) => k.startsWith("legal--"))).toBe(false);
  });
  it("htmlToText flattens markup", () => expect(htmlToText("<p>a<br>b&nbsp;c</p>")).toBe("a b c"));
});
