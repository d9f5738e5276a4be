// @vitest-environment jsdom
/** The answer pages: the site's design tokens, not colours of their own; every text escaped. */
import { describe, expect, it } from "vitest";
import { colors } from "../../../../src/lib/design-tokens";
import { escapeHtml, renderFormWithProblems, renderMessage } from "../../../../src/server/native-form/view";
import type { LeadFormDefinition } from "../../../../src/lib/lead-form/types";

const form: LeadFormDefinition = {
  alternative_id: "t",
  name: "Talk <b>to</b> us",
  fieldGroups: [{ alternative_fields: [{ name: "email", label: "Email", fieldType: "email", required: true, hidden: false }] }],
};
const doc = (html: string) => new DOMParser().parseFromString(html, "text/html");

describe("answer pages", () => {
  it("use only the design tokens' colours", () => {
    const page = renderFormWithProblems(form, { email: "x" }, [{ name: "email", label: "Email", message: "Bad" }], { backTo: "/p/" });
    const used = new Set(page.match(/#[0-9a-f]{3,8}\b/gi)?.map((c) => c.toLowerCase()));
    expect(used.size).toBeGreaterThan(3);
    const tokens = new Set(Object.values(colors).map((c) => c.toLowerCase()));
    expect([...used].filter((c) => !tokens.has(c))).toEqual([]);
  });
  it("a message page: an alert takes the focus, a status does not; the way back is the page or home", () => {
    const alert = doc(renderMessage({ heading: "Sorry", message: "No <b>", backTo: "/p/?a=1&b=2", alert: true }));
    expect(alert.querySelector('[role="alert"]')?.hasAttribute("autofocus")).toBe(true);
    expect(alert.querySelector("main p")?.textContent).toBe("No <b>");
    expect(alert.querySelector("a")?.getAttribute("href")).toBe("/p/?a=1&b=2");
    const thanks = doc(renderMessage({ heading: "Thank you", message: "Done", backTo: null, alert: false }));
    expect(thanks.querySelector('[role="status"]')?.hasAttribute("autofocus")).toBe(false);
    expect(thanks.querySelector("a")?.getAttribute("href")).toBe("/");
  });
  it("the form's name is shown as text", () => {
    expect(doc(renderFormWithProblems(form, {}, [], { backTo: null })).querySelector("h1")?.textContent).toBe("Talk to us");
  });
  it("escapeHtml escapes the five characters HTML gives meaning", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
