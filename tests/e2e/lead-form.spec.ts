import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { answerIpLookup, open, outboxLead as outboxHas } from "./helpers";
import { VALIDATION_DEBOUNCE_MS } from "../../src/lib/lead-form/rules";

const run = Date.now().toString(36);

// The offline plugin's service worker would fetch the IP lookup itself, out of page.route's reach.
test.use({ serviceWorkers: "block" });

test.beforeEach(({ page, baseURL }) => answerIpLookup(page, baseURL!, "203.0.113.7"));

async function formOn(page: Page, pagePath: string, formId: string) {
  await open(page, pagePath);
  const form = page.locator(`form[data-form-id="${formId}"]`);
  await expect(form).toHaveAttribute("data-ready", "true");
  return form;
}

test("get-a-demo: compact, every visible field flagged at once, free mail blocked, lead lands in the outbox", async ({ page }) => {
  const form = await formOn(page, "/lp/get-a-demo/?utm_source=e2e-ads", "get-a-demo");
  await expect(form).toHaveAttribute("data-layout", "compact");
  await form.getByRole("button", { name: "Book my demo" }).click();
  await expect(form).toHaveAttribute("data-state", "invalid");
  await expect(form.getByLabel(/First name/)).toBeFocused();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(form.getByText("Sorry, that is required")).toHaveCount(5);
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();

  const email = `jordan.${run}@acme-e2e.com`;
  await form.getByLabel(/First name/).fill("Jordan");
  await form.getByLabel(/Last name/).fill("Rivera");
  await form.getByLabel(/Work email/).fill("jordan@gmail.com");
  await form.getByLabel(/Company name/).fill("Acme");
  await form.getByLabel(/Company size/).selectOption("51-200");
  await form.getByLabel("Switching from another help desk").check();
  // the fixed fields re-validate 200 ms after the last change; wait for the layout to settle before clicking
  await expect(form.locator('[aria-invalid="true"]:not([name="email"])')).toHaveCount(0);
  await form.getByRole("button", { name: "Book my demo" }).click();
  await expect(form.getByLabel(/Work email/)).toBeFocused();
  await expect(form.getByLabel(/Work email/)).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel(/Work email/).fill(email);
  // re-validates 200 ms after typing pauses
  await expect(form.getByLabel(/Work email/)).not.toHaveAttribute("aria-invalid");
  await form.getByRole("button", { name: "Book my demo" }).click();
  // The first call of a function on a cold `gatsby serve` can take seconds on a loaded CI machine.
  await expect(form.getByRole("status")).toContainText("A product expert will email you", { timeout: 15_000 });
  await expect(form.getByLabel(/First name/)).toBeDisabled();
  await expect
    .poll(() => outboxHas(email))
    .toMatchObject({
      formId: "get-a-demo",
      firstname: "Jordan",
      number_of_employees: "51-200",
      utm_source: "e2e-ads",
      // the request's client address (loopback here), not the one the page looked up (203.0.113.7)
      ipAddress: expect.stringMatching(/^(127\.0\.0\.1|::1)$/),
      pageName: expect.any(String),
      "legal--908": "false",
    });
});

/**
 * After a failed submit: the dropdown changed by the keyboard (still focused, its error still shown), then the
 * radio below pressed "at once": before the dropdown's 200 ms re-validation removes its error line and moves
 * the radio. "At once" is on the page's own clock (Playwright's clock, paused from the change on): a busy
 * test worker could otherwise take longer than 200 ms between the change and the press, and then the layout
 * has moved before the press, as it would for a visitor who waited (docs/develop.md#e2e-on-a-busy-machine).
 */
async function pressRadioRightAfterDropdown(page: Page, press: (x: number, y: number) => Promise<void>) {
  await page.clock.install();
  const form = await formOn(page, "/lp/get-a-demo/", "get-a-demo");
  await form.getByRole("button", { name: "Book my demo" }).click();
  await expect(form).toHaveAttribute("data-state", "invalid");
  const radio = form.getByLabel("Moving off a shared email account");
  await radio.scrollIntoViewIfNeeded();
  const box = (await radio.boundingBox())!;
  // paused a little ahead of the page's now (pauseAt cannot go back, and the page's clock runs meanwhile)
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 2_000);
  await form.getByLabel(/Company size/).focus();
  await page.keyboard.press("ArrowDown");
  await expect(form.getByLabel(/Company size/)).not.toHaveValue("");
  await press(box.x + box.width / 2, box.y + box.height / 2);
  await page.clock.runFor(VALIDATION_DEBOUNCE_MS + 100);
  await page.clock.resume();
  await expect(radio).toBeChecked();
  // and stays checked once the dropdown's error has gone
  await expect(form.getByLabel(/Company size/)).not.toHaveAttribute("aria-invalid");
  await expect(radio).toBeChecked();
}

test("after a failed submit, a radio clicked right after changing the dropdown above it stays checked", async ({ page }) => {
  await pressRadioRightAfterDropdown(page, async (x, y) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    // the dropdown's blur re-validates a task later: due between the press and the release, as in a real click
    await page.clock.runFor(1);
    await page.mouse.up();
  });
});

test("after a failed submit, a radio held down past the re-validation delay is checked on release", async ({ page }) => {
  await pressRadioRightAfterDropdown(page, async (x, y) => {
    await page.mouse.move(x, y);
    await page.mouse.down();
    // the re-validation is due while the pointer is down: it must wait for the release
    await page.clock.runFor(VALIDATION_DEBOUNCE_MS + 100);
    await page.mouse.up();
  });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });
  test("after a failed submit, a radio tapped right after changing the dropdown above it stays checked", async ({ page }) => {
    await pressRadioRightAfterDropdown(page, (x, y) => page.touchscreen.tap(x, y));
  });
});

test("contact sales: uploads a PDF, refuses a fake image, submits the file URL", async ({ page }) => {
  const form = await formOn(page, "/pricing/contact-based/", "contact-sales");
  const file = form.getByLabel(/Attach an RFP/);
  await file.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not really a png") });
  await expect(file).toHaveAttribute("aria-invalid", "true");
  await file.setInputFiles({ name: "rfp.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  const url = form.locator("input[data-file-url]");
  await expect(url).toHaveValue(/\/api\/hubspot\/file\?id=[0-9a-f-]{36}$/);
  await expect(file).not.toHaveAttribute("aria-invalid");
  const served = await page.request.get(new URL((await url.inputValue()).replace(/^https?:\/\/[^/]+/, ""), page.url()).href);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("application/pdf");

  const email = `casey.${run}@bigco-e2e.com`;
  await form.getByLabel(/First name/).fill("Casey");
  await form.getByLabel(/Last name/).fill("Ng");
  await form.getByLabel(/Work email/).fill(email);
  await form.getByLabel(/Company name/).fill("BigCo");
  await form.getByLabel(/How can we help/).fill("About 40,000 contacts a month.\nWe use email today.");
  await form.getByRole("button", { name: "Contact sales" }).click();
  await expect(form.getByRole("status")).toContainText("Thanks for reaching out");
  await expect.poll(() => outboxHas(email)?.rfp_document).toMatch(/\/api\/hubspot\/file\?id=/);
  expect(outboxHas(email)?.message).toContain("\n");
});

test("newsletter: email catcher on one row; the status replaces the input", async ({ page }) => {
  const form = await formOn(page, "/customer-support/", "newsletter");
  await expect(form).toHaveAttribute("data-layout", "email-catcher");
  const input = form.getByLabel("Email address");
  const button = form.getByRole("button", { name: "Subscribe" });
  const [a, b] = [await input.boundingBox(), await button.boundingBox()];
  expect(Math.abs(a!.y + a!.height / 2 - (b!.y + b!.height / 2))).toBeLessThan(4);
  await input.fill("not-an-email");
  await button.click();
  await expect(form.getByText("Please enter a valid email address")).toBeVisible();
  const email = `reader.${run}@example-e2e.org`;
  await input.fill(email);
  await button.click();
  await expect(form.getByRole("status")).toContainText("Watch your inbox on Tuesdays");
  await expect(form.getByLabel("Email address")).toHaveCount(0);
  await expect.poll(() => outboxHas(email)?.formId).toBe("newsletter");
});

test("subprocessor notification inside the legal Markdown page", async ({ page }) => {
  const form = await formOn(page, "/legal/baa/subcontractor/", "subprocessor-notification");
  const email = `privacy.${run}@clinic-e2e.com`;
  await form.getByLabel(/Work email/).fill(email);
  await form.getByLabel(/Company name/).fill("Clinic");
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toContainText("You're subscribed");
  await expect.poll(() => outboxHas(email)?.["legal--consentToProcess__TEXT"]).toMatch(/^I agree that Northdesk/);
});

test("webinar registration with consent checkboxes", async ({ page }) => {
  const form = await formOn(page, "/webinars/foundations-of-great-service/", "webinar-registration");
  const email = `sam.${run}@support-e2e.com`;
  await form.getByLabel(/First name/).fill("Sam");
  await form.getByLabel(/Last name/).fill("Lee");
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/Job title/).fill("Support Lead");
  await form.getByLabel(/future Northdesk webinars/).check();
  await form.getByRole("button", { name: "Save my seat" }).click();
  await expect(form.getByRole("status")).toContainText("You're registered");
  await expect(form.getByLabel(/future Northdesk webinars/)).toBeDisabled();
  await expect.poll(() => outboxHas(email)).toMatchObject({ "legal--908": "false", "legal--909": "true" });
});

test("free trial opens the page's free-trial link in a new tab after success", async ({ page }) => {
  const form = await formOn(page, "/lp/personalized-customer-experience", "free-trial");
  await form.getByLabel(/Work email/).fill(`trial.${run}@shop-e2e.com`);
  await form.getByLabel(/First name/).fill("Tay");
  await form.getByLabel(/Company name/).fill("Shop");
  const popup = page.waitForEvent("popup");
  await form.getByRole("button", { name: "Start free trial" }).click();
  expect((await popup).url()).toContain("/members/register/");
});

test("the submit function answers bad requests with JSON 4xx and no stack trace", async ({ request }) => {
  const bad = await request.post("/api/hubspot/submitForm", {
    headers: { "Content-Type": "application/json" },
    data: Buffer.from("{oops"),
  });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ success: false, message: "Request body is not valid JSON" });
  const unknown = await request.post("/api/hubspot/submitForm", { data: { formId: "nope" } });
  expect(unknown.status()).toBe(404);
  const big = await request.post("/api/hubspot/submitForm", { data: { formId: "newsletter", email: "x".repeat(70_000) } });
  expect(big.status()).toBe(413);
  expect((await big.json()).success).toBe(false);
});
