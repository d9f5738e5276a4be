import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  consentError,
  DEFAULT_SUCCESS_TEXT,
  fieldError,
  isCompactLayout,
  isEmailCatcher,
  isRenderable,
  EMAIL_GRAMMAR,
  isValidEmail,
  MESSAGES,
  submitText,
  successText,
} from "../../../../src/lib/lead-form/rules";
import type { LeadFormDefinition, LeadFormField } from "../../../../src/lib/lead-form/types";

const field = (over: Partial<LeadFormField> = {}): LeadFormField => ({
  name: "f",
  label: "F",
  fieldType: "single_line_text",
  required: false,
  hidden: false,
  ...over,
});
const form = (groups: LeadFormField[][], over: Partial<LeadFormDefinition> = {}): LeadFormDefinition => ({
  alternative_id: "x",
  fieldGroups: groups.map((alternative_fields) => ({ alternative_fields })),
  ...over,
});

describe("email rule (docs/product-rules.md#lead-form-validation)", () => {
  it.each([
    "a@b.co",
    "jordan.rivera+demo@acme.example.com",
    "x@sub.domain.org",
    "  padded@acme.com  ",
    // every atext character of RFC 5322, and dots anywhere in the local part, as the HTML Standard allows
    "!#$%&'*+/=?^_`{|}~-@acme.com",
    ".dots..here.@acme.com",
    "a@xn--bcher-kva.de",
    "a@1-2.3",
    `a@${"l".repeat(63)}.com`,
  ])("accepts %s", (email) => expect(isValidEmail(email)).toBe(true));
  it.each([
    "",
    "plain",
    "@acme.com",
    "a@",
    "a@acme",
    "a@localhost",
    "a@acme.",
    "a@.acme",
    "a b@acme.com",
    "a@ac me.com",
    "a@acme..com",
    "<!channel>@example.com",
    "<a@acme.com>",
    "Jordan <jordan@acme.com>",
    "a>b@acme.com",
    '"quoted"@acme.com',
    "a,b@acme.com",
    "a\\b@acme.com",
    "a@b@acme.com",
    "a@-acme.com",
    "a@acme-.com",
    "a@ac_me.com",
    `a@${"l".repeat(64)}.com`,
    "a@[127.0.0.1]",
    "jörg@acme.com",
    "a@bücher.de",
    "a@acme.com\u0000",
  ])("rejects %j", (email) => expect(isValidEmail(email)).toBe(false));
  it("<!channel>@example.com is refused with the product's message", () =>
    expect(fieldError(field({ fieldType: "email" }), "<!channel>@example.com")).toBe(MESSAGES.email));
  it("the grammar is the HTML Standard's regular expression, character for character", () =>
    expect(EMAIL_GRAMMAR.source).toBe(
      "^[a-zA-Z0-9.!#$%&'*+\\/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$",
    ));
  it("matches blocked domains as a prefix after the @", () => {
    const blocked = ["gmail.", "yahoo.", "hotmail.", "outlook."];
    expect(isValidEmail("me@gmail.com", blocked)).toBe(false);
    expect(isValidEmail("me@GMAIL.co.uk", blocked)).toBe(false);
    expect(isValidEmail("me@outlook.fr", blocked)).toBe(false);
    expect(isValidEmail("me@notgmail.com", blocked)).toBe(true);
    expect(isValidEmail("gmail.@acme.com", blocked)).toBe(true);
  });
  it("any text@label.label passes without a block list", () =>
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._+-]{1,20}$/),
        fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?$/),
        fc.stringMatching(/^[a-z]{2,6}$/),
        (l, d, t) => isValidEmail(`${l}@${d}.${t}`),
      ),
    ));
  it("a local part with a character outside the grammar never passes", () =>
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", ".", "<", ">", '"', "(", ")", ",", ";", ":", "[", "]", "\\", " ", "é") }), (s) => {
        const email = `${s}x@acme.com`;
        if (/[<>"(),;:[\]\\ é]/.test(s.trimStart())) expect(isValidEmail(email)).toBe(false);
        else expect(isValidEmail(email)).toBe(true);
      }),
    ));
});

describe("field messages (docs/product-rules.md#lead-form-validation)", () => {
  it("required empty field → generic message; optional empty → valid", () => {
    expect(fieldError(field({ required: true }), " ")).toBe(MESSAGES.required);
    expect(fieldError(field(), "")).toBeNull();
  });
  it("email fields always use the email message", () => {
    expect(fieldError(field({ fieldType: "email", required: true }), "")).toBe(MESSAGES.email);
    expect(fieldError(field({ fieldType: "email" }), "nope")).toBe(MESSAGES.email);
    expect(fieldError(field({ fieldType: "email", validation: { blockedEmailDomains: ["gmail."] } }), "a@gmail.com")).toBe(MESSAGES.email);
    expect(fieldError(field({ fieldType: "email" }), "")).toBeNull();
  });
  it("choices must be one of the options", () => {
    const dropdown = field({ fieldType: "dropdown", required: true, options: [{ value: "a", label: "A" }] });
    expect(fieldError(dropdown, "a")).toBeNull();
    expect(fieldError(dropdown, "zzz")).toBe(MESSAGES.required);
  });
  it("consent: one required box must be checked; several → at least one", () => {
    expect(consentError([{ subscriptionTypeId: 1, required: true }], new Set())).toBe(MESSAGES.required);
    expect(consentError([{ subscriptionTypeId: 1, required: true }], new Set([1]))).toBeNull();
    const two = [
      { subscriptionTypeId: 1, required: true },
      { subscriptionTypeId: 2, required: false },
    ];
    expect(consentError(two, new Set())).toBe(MESSAGES.atLeastOne);
    expect(consentError(two, new Set([2]))).toBeNull();
    expect(consentError([{ subscriptionTypeId: 1, required: false }], new Set())).toBeNull();
  });
});

describe("layouts and texts (docs/product-rules.md#lead-form-definition, #lead-form-flow, #error-catalogue)", () => {
  it("nothing renders without an id or field groups", () => {
    expect(isRenderable(null)).toBe(false);
    expect(isRenderable(form([], { alternative_id: "x" }))).toBe(false);
    expect(isRenderable(form([[field()]], { alternative_id: "" }))).toBe(false);
    expect(isRenderable(form([[field()]]))).toBe(true);
  });
  it("email catcher: one visible email field, hidden and file fields aside", () => {
    const email = field({ name: "email", fieldType: "email" });
    expect(isEmailCatcher(form([[email]]))).toBe(true);
    expect(isEmailCatcher(form([[email, field({ hidden: true })], [field({ fieldType: "file" })]]))).toBe(true);
    expect(isEmailCatcher(form([[email], [field()]]))).toBe(false);
    expect(isEmailCatcher(form([[field()]]))).toBe(false);
  });
  it("compact: isCompact, or 6+ visible groups (hidden-only groups do not count)", () => {
    const five = Array.from({ length: 5 }, () => [field()]);
    expect(isCompactLayout(form(five))).toBe(false);
    expect(isCompactLayout(form([...five, [field({ hidden: true })]]))).toBe(false);
    expect(isCompactLayout(form([...five, [field()]]))).toBe(true);
    expect(isCompactLayout(form([[field()]], { isCompact: true }))).toBe(true);
  });
  it("success text: custom → post-submit value → Thank you!", () => {
    const base = form([[field()]]);
    expect(successText(base)).toBe(DEFAULT_SUCCESS_TEXT);
    expect(successText({ ...base, configuration: { postSubmitAction: { type: "thank_you", value: "<p>Yay</p>" } } })).toBe("<p>Yay</p>");
    expect(successText({ ...base, customSuccessMessage: "Custom", configuration: { postSubmitAction: { type: "t", value: "V" } } })).toBe(
      "Custom",
    );
  });
  it("button text defaults to Submit", () => {
    expect(submitText(form([[field()]]))).toBe("Submit");
    expect(submitText(form([[field()]], { displayOptions: { submitButtonText: "Go" } }))).toBe("Go");
  });
});
