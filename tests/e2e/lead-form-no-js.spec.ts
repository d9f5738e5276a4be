import { expect, test } from "./fixtures";
import { outboxLead } from "./helpers";

/**
 * Progressive enhancement: with JavaScript off (or the form's script blocked or failing) the server-rendered
 * form posts itself to the same function, judged by the same rules (docs/product-rules.md#lead-form-validation), and the visitor sees the
 * success message or the problems with their values kept.
 */
const run = Date.now().toString(36);

test.use({ javaScriptEnabled: false, serviceWorkers: "block" });

async function fillDemo(page: import("@playwright/test").Page, email: string) {
  const form = page.locator('form[data-form-id="get-a-demo"]');
  await form.getByLabel(/First name/).fill("Robin");
  await form.getByLabel(/Last name/).fill("O'Hara <Jr>");
  await form.getByLabel(/Work email/).fill(email);
  await form.getByLabel(/Company name/).fill("Acme & Sons");
  await form.getByLabel(/Company size/).selectOption("51-200");
  await form.getByLabel("Just exploring").check();
  await form.getByLabel(/receive other communications/).check();
  return form;
}

test("get-a-demo without JavaScript: the post lands back on the page with the success message; the lead is kept", async ({ page }) => {
  await page.goto("/lp/get-a-demo/?utm_source=no-js");
  const note = page.locator("#get-a-demo-sent");
  await expect(note).toBeHidden();
  const email = `nojs.${run}@acme-e2e.com`;
  const form = await fillDemo(page, email);
  await form.getByRole("button", { name: "Book my demo" }).click();
  await page.waitForURL(/\/lp\/get-a-demo\/\?utm_source=no-js#get-a-demo-sent$/);
  await expect(note).toBeVisible();
  await expect(note).toContainText("A product expert will email you");
  await expect(page.locator('form[data-form-id="get-a-demo"]')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath("no-js-success.png"), fullPage: false });
  await expect
    .poll(() => outboxLead(email))
    .toMatchObject({
      formId: "get-a-demo",
      firstname: "Robin",
      lastname: "O'Hara <Jr>",
      company: "Acme & Sons",
      number_of_employees: "51-200",
      looking_for: "just_exploring",
      "legal--908": "true",
      utm_source: "no-js",
      pageUri: expect.stringMatching(/\/lp\/get-a-demo\/\?utm_source=no-js$/),
    });
});

test("get-a-demo without JavaScript: an invalid email comes back as a focused error summary, values kept; fixing it sends it", async ({
  page,
}) => {
  await page.goto("/lp/get-a-demo/");
  const form = await fillDemo(page, "robin@gmail.com");
  await form.getByLabel(/Last name/).fill("");
  await form.getByRole("button", { name: "Book my demo" }).click();

  const summary = page.getByRole("alert");
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link")).toHaveText([
    /Last name: Sorry, that is required/,
    /Work email: Please enter a valid email address/,
  ]);
  const again = page.locator("form");
  await expect(again.getByLabel(/First name/)).toHaveValue("Robin");
  await expect(again.getByLabel(/Work email/)).toHaveValue("robin@gmail.com");
  await expect(again.getByLabel(/Work email/)).toHaveAttribute("aria-invalid", "true");
  await expect(again.getByLabel(/Company name/)).toHaveValue("Acme & Sons");
  await expect(again.getByLabel(/Company size/)).toHaveValue("51-200");
  await expect(again.getByLabel("Just exploring")).toBeChecked();
  await expect(again.getByLabel(/receive other communications/)).toBeChecked();
  await page.screenshot({ path: test.info().outputPath("no-js-error.png"), fullPage: true });
  // the summary's links lead to the fields
  await summary.getByRole("link", { name: /Work email/ }).click();
  await expect(page).toHaveURL(/#field-email$/);

  const email = `nojs-fixed.${run}@acme-e2e.com`;
  await again.getByLabel(/Last name/).fill("O'Hara");
  await again.getByLabel(/Work email/).fill(email);
  await again.getByRole("button", { name: "Book my demo" }).click();
  await page.waitForURL(/\/lp\/get-a-demo\/#get-a-demo-sent$/);
  await expect(page.locator("#get-a-demo-sent")).toBeVisible();
  await expect.poll(() => outboxLead(email)).toMatchObject({ firstname: "Robin", lastname: "O'Hara", "legal--908": "true" });
});
