import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { answerIpLookup, outboxLead } from "./helpers";

/**
 * docs/product-rules.md#lead-form-flow on a slow phone: the visitor types into the server-rendered form while the page's scripts are still
 * loading. Whatever they entered, in every kind of field, must still be there after React hydrates, be validated
 * as typed and reach the function.
 */
const run = Date.now().toString(36);

// The offline plugin's service worker would fetch the scripts and the IP lookup itself, out of page.route's reach.
test.use({ serviceWorkers: "block" });

test.beforeEach(({ page, baseURL }) => answerIpLookup(page, baseURL!, "203.0.113.7"));

/** Opens `pagePath` with every same-origin script held back until the returned release() is called. */
async function openWithScriptsHeld(page: Page, pagePath: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    // a RegExp, not a function: the rest of the page is not handed to the test worker (fixtures.ts offOrigin)
    /^[^?#]*\.js(?:[?#]|$)/,
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.goto(pagePath, { waitUntil: "domcontentloaded" });
  // nothing has hydrated yet: the form is the server's HTML
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  return async () => {
    release();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  };
}

test("get-a-demo: text, email, dropdown, radio and consent entered before hydration are kept and sent", async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/lp/get-a-demo/?utm_source=early-bird");
  const form = page.locator('form[data-form-id="get-a-demo"]');
  await expect(form).not.toHaveAttribute("data-ready");
  const email = `early.${run}@acme-e2e.com`;
  await form.getByLabel(/First name/).fill("Avery");
  await form.getByLabel(/Last name/).fill("Quinn");
  await form.getByLabel(/Work email/).fill(email);
  await form.getByLabel(/Company name/).fill("Early Co");
  await form.getByLabel(/Company size/).selectOption("201-1000");
  await form.getByLabel("Moving off a shared email account").check();
  await form.getByLabel(/receive other communications/).check();

  await release();
  await expect(form).toHaveAttribute("data-ready", "true");
  await expect(form.getByLabel(/First name/)).toHaveValue("Avery");
  await expect(form.getByLabel(/Work email/)).toHaveValue(email);
  await expect(form.getByLabel(/Company size/)).toHaveValue("201-1000");
  await expect(form.getByLabel("Moving off a shared email account")).toBeChecked();
  await expect(form.getByLabel(/receive other communications/)).toBeChecked();
  // typing after hydration still works and ends up in the same state
  await form.getByLabel(/Last name/).press("End");
  await form.getByLabel(/Last name/).pressSequentially("-Lee");

  await form.getByRole("button", { name: "Book my demo" }).click();
  await expect(form.getByRole("status")).toContainText("A product expert will email you", { timeout: 15_000 });
  await expect
    .poll(() => outboxLead(email))
    .toMatchObject({
      formId: "get-a-demo",
      firstname: "Avery",
      lastname: "Quinn-Lee",
      company: "Early Co",
      number_of_employees: "201-1000",
      looking_for: "moving_from_shared_email",
      "legal--908": "true",
      utm_source: "early-bird",
    });
});

test("get-a-demo: an email typed wrong before hydration is flagged as typed, then re-validates", async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/lp/get-a-demo/");
  const form = page.locator('form[data-form-id="get-a-demo"]');
  await form.getByLabel(/First name/).fill("Avery");
  await form.getByLabel(/Work email/).fill("avery@gmail.com");
  await release();
  await expect(form).toHaveAttribute("data-ready", "true");
  await form.getByRole("button", { name: "Book my demo" }).click();
  await expect(form).toHaveAttribute("data-state", "invalid");
  // the first name was kept, so the first invalid field is the last name, and the email is judged as typed
  await expect(form.getByLabel(/First name/)).not.toHaveAttribute("aria-invalid");
  await expect(form.getByLabel(/Last name/)).toBeFocused();
  await expect(form.getByLabel(/Work email/)).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel(/Work email/)).toHaveValue("avery@gmail.com");
  await form.getByLabel(/Work email/).fill(`avery.${run}@acme-e2e.com`);
  // docs/product-rules.md#lead-form-flow: re-validates 200 ms after typing pauses
  await expect(form.getByLabel(/Work email/)).not.toHaveAttribute("aria-invalid");
});

test("contact sales: a message and a file chosen before hydration are kept; the file uploads once the form is live", async ({ page }) => {
  const release = await openWithScriptsHeld(page, "/pricing/contact-based/");
  const form = page.locator('form[data-form-id="contact-sales"]');
  const email = `early-file.${run}@bigco-e2e.com`;
  await form.getByLabel(/First name/).fill("Casey");
  await form.getByLabel(/Last name/).fill("Ng");
  await form.getByLabel(/Work email/).fill(email);
  await form.getByLabel(/Company name/).fill("BigCo");
  await form.getByLabel(/How can we help/).fill("Two lines,\nwritten early.");
  await form
    .getByLabel(/Attach an RFP/)
    .setInputFiles({ name: "rfp.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });

  await release();
  await expect(form).toHaveAttribute("data-ready", "true");
  await expect(form.getByLabel(/How can we help/)).toHaveValue("Two lines,\nwritten early.");
  await expect(form.locator("input[data-file-url]")).toHaveValue(/\/api\/hubspot\/file\?id=[0-9a-f-]{36}$/);
  await form.getByRole("button", { name: "Contact sales" }).click();
  await expect(form.getByRole("status")).toContainText("Thanks for reaching out", { timeout: 15_000 });
  await expect
    .poll(() => outboxLead(email))
    .toMatchObject({
      firstname: "Casey",
      company: "BigCo",
      message: "Two lines,\nwritten early.",
      rfp_document: expect.stringMatching(/file\?id=/),
    });
});
