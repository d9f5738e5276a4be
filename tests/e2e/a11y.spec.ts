/**
 * Accessibility. Every page is axe-checked in pages.spec.ts and the menus and drawers
 * in layout.spec.ts; here: axe with the fixed bar, the lead forms' errors and status, the mega-menu and
 * the phone menu open, and keyboard-only journeys (no mouse at all) through the mega-menu, a lead form
 * and both tools.
 */
import type { Locator, Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { answerIpLookup, open } from "./helpers";

// The offline plugin's service worker would make the IP lookup itself, out of page.route's reach.
test.use({ serviceWorkers: "block" });

test.beforeEach(({ page, baseURL }) => answerIpLookup(page, baseURL!, "203.0.113.9"));

const TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];
async function expectAxeClean(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus: it is reachable from the keyboard, in order. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target, `not reached with ${max} presses of ${back ? "Shift+Tab" : "Tab"}`).toBeFocused();
}
const focused = (page: Page) => page.locator(":focus");

test.describe("axe with transient UI open", () => {
  test("the fixed call-to-action bar", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator("[data-fixed-bar]")).toHaveAttribute("data-visible", "true");
    await expectAxeClean(page);
  });

  test("an email-catcher form with its error showing", async ({ page }) => {
    await open(page, "/customer-support/");
    const newsletter = page.locator('form[data-form-id="newsletter"]');
    await expect(newsletter).toHaveAttribute("data-ready", "true");
    await newsletter.getByLabel("Email address").fill("not-an-email");
    await newsletter.getByRole("button", { name: "Subscribe" }).click();
    await expect(newsletter.getByText("Please enter a valid email address")).toBeVisible();
    await expectAxeClean(page);
  });
});

test.describe("a lead form posted without JavaScript", () => {
  test("the success message the page shows at #<form id>-sent", async ({ page }) => {
    await open(page, "/lp/get-a-demo/#get-a-demo-sent");
    await expect(page.locator("#get-a-demo-sent")).toBeVisible();
    await expectAxeClean(page);
  });

  test("the function's answer with an error summary and the form again", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const answer = await page.request.post("/api/hubspot/submitForm", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin, Referer: `${origin}/lp/get-a-demo/` },
      data: new URLSearchParams({ formId: "get-a-demo", firstname: "Robin", email: "robin@gmail.com" }).toString(),
    });
    expect(answer.status()).toBe(422);
    await page.setContent(await answer.text());
    await expect(page.getByRole("alert")).toBeFocused();
    await expectAxeClean(page);
  });
});

test.describe("keyboard only", () => {
  test.describe("mega-menu on a desktop", () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test("Tab reaches the drawers, Enter and Space open them, Tab walks through and out, Escape closes; Enter follows a link", async ({
      page,
    }) => {
      await open(page, "/shared-inbox/");
      await page.keyboard.press("Tab");
      await expect(focused(page)).toHaveText("Skip to content");
      const product = page.locator("header nav").getByRole("button", { name: "Product" });
      await tabTo(page, product);
      await page.keyboard.press("Enter");
      await expect(product).toHaveAttribute("aria-expanded", "true");
      const drawer = page.locator(`#${await product.getAttribute("aria-controls")}`);
      await expect(drawer).toBeVisible();
      await expectAxeClean(page, "header");

      await page.keyboard.press("Tab");
      await expect(drawer.locator(":focus")).toHaveCount(1);
      await page.keyboard.press("Shift+Tab");
      await expect(product).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(product).toHaveAttribute("aria-expanded", "false");
      await expect(product).toBeFocused();

      // The next drawer opens with Space; Tab walks through all of its links and on out of it, Escape closes it.
      await page.keyboard.press("Tab");
      const next = focused(page);
      await expect(next).toHaveAttribute("aria-expanded", "false");
      const nextName = (await next.innerText()).trim();
      const nextButton = page.locator("header nav").getByRole("button", { name: nextName });
      await page.keyboard.press(" ");
      await expect(nextButton).toHaveAttribute("aria-expanded", "true");
      const nextDrawer = page.locator(`#${await nextButton.getAttribute("aria-controls")}`);
      const links = await nextDrawer.getByRole("link").count();
      expect(links).toBeGreaterThan(0);
      for (let i = 0; i < links; i++) {
        await page.keyboard.press("Tab");
        await expect(nextDrawer.locator(":focus")).toHaveCount(1);
      }
      await page.keyboard.press("Tab");
      await expect(nextDrawer.locator(":focus")).toHaveCount(0);
      await expect(page.locator("header :focus")).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(nextButton).toHaveAttribute("aria-expanded", "false");
      await expect(nextButton).toBeFocused();

      // Back into the first drawer and follow a link with Enter.
      await tabTo(page, product, { back: true });
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      const link = drawer.locator(":focus");
      const href = await link.getAttribute("href");
      expect(href).toMatch(/^\//);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`${href!.replace(/[?]/g, "\\?")}$`));
      await expect(product).toHaveAttribute("aria-expanded", "false");
    });
  });

  test.describe("menu on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test("the toggle opens the menu from the keyboard and Escape closes it, focus back on the toggle", async ({ page }) => {
      await open(page, "/blog/");
      const toggle = page.getByRole("button", { name: "Menu" });
      await tabTo(page, toggle);
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expectAxeClean(page);
      await page.keyboard.press("Escape");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(toggle).toBeFocused();
    });
  });

  test("a lead form: fill, submit with errors, fix, submit", async ({ page }) => {
    await open(page, "/lp/get-a-demo/");
    const form = page.locator('form[data-form-id="get-a-demo"]');
    await expect(form).toHaveAttribute("data-ready", "true");
    const first = form.getByLabel(/First name/);
    await tabTo(page, first);
    await page.keyboard.type("Jordan");
    await page.keyboard.press("Enter"); // implicit submission from a text field
    await expect(form).toHaveAttribute("data-state", "invalid");
    // every visible field flagged at once; focus on the first invalid one, its message tied to it
    const lastName = form.getByLabel(/Last name/);
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAccessibleDescription("Sorry, that is required");
    await expectAxeClean(page); // with every error showing

    await page.keyboard.type("Rivera");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(/Work email/)).toBeFocused();
    await page.keyboard.type("jordan@gmail.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Acme");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(/Phone/)).toBeFocused();
    await page.keyboard.press("Tab");
    const size = form.getByLabel(/Company size/);
    await expect(size).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(size).toHaveValue("51-200");
    await page.keyboard.press("Tab");
    const radios = form.getByRole("radio");
    await expect(radios.first()).toBeFocused();
    await page.keyboard.press("ArrowDown"); // arrow keys move within the group and check
    await expect(radios.nth(1)).toBeChecked();
    await page.keyboard.press("Tab");
    const consent = form.getByRole("checkbox");
    await expect(consent).toBeFocused();
    await page.keyboard.press(" ");
    await expect(consent).toBeChecked();
    await page.keyboard.press("Tab");
    // the privacy sentence's link (src/components/form/privacy-sentence.tsx) comes before the button
    await expect(form.getByRole("link", { name: "privacy notice" })).toBeFocused();
    await page.keyboard.press("Tab");
    const submit = form.getByRole("button", { name: "Book my demo" });
    await expect(submit).toBeFocused();
    await page.keyboard.press("Enter");
    // a free-mail address is refused: focus returns to it with its message
    const email = form.getByLabel(/Work email/);
    await expect(email).toBeFocused();
    await expect(email).toHaveAccessibleDescription("Please enter a valid email address");
    await page.keyboard.press("Control+A");
    await page.keyboard.type(`jordan.${Date.now().toString(36)}@acme-e2e.com`);
    await expect(email).not.toHaveAttribute("aria-invalid");
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    // the status message replaces the button and takes the focus, so nothing is lost
    const status = form.getByRole("status");
    await expect(status).toContainText("A product expert will email you");
    await expect(status).toBeFocused();
    await expectAxeClean(page, "form");
  });

  test("the staffing calculator", async ({ page }) => {
    await open(page, "/help-desk-staffing-calculator/");
    const volume = page.locator("#staffing-email-volume");
    await tabTo(page, volume);
    const before = await page.getByTestId("email-agents").innerText();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("12000");
    await expect(page.getByTestId("email-agents")).not.toHaveText(before);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("lots");
    await expect(page.getByRole("alert")).toContainText("One input needs attention.");
    await expect(volume).toHaveAttribute("aria-invalid", "true");
    await page.keyboard.press("Control+A");
    await page.keyboard.type("9000");
    await expect(volume).not.toHaveAttribute("aria-invalid");
    // a channel switches off with Space
    const chat = page.getByRole("checkbox", { name: "Live chat" });
    await tabTo(page, chat);
    await page.keyboard.press(" ");
    await expect(chat).not.toBeChecked();
    await expect(page.getByTestId("result-chat")).toHaveCount(0);
    const reset = page.getByRole("button", { name: "Reset" });
    await tabTo(page, reset);
    await page.keyboard.press("Enter");
    await expect(page.locator("#staffing-email-volume")).toHaveValue("3,000");
    await expect(chat).toBeChecked();
    await expect(page.getByTestId("result-chat")).toBeVisible();
  });

  test("the interview builder: choose a role and questions, reorder and remove", async ({ page }) => {
    await page.addInitScript(() => localStorage.clear());
    await open(page, "/interview-builder/");
    const role = page.getByLabel("Role you're hiring for");
    await tabTo(page, role);
    await page.keyboard.press("ArrowDown");
    await expect(role).not.toHaveValue("");
    await expect(page).toHaveURL(/role=/);
    const items = page.getByTestId("plan-item");
    await expect(items.first()).toBeVisible();
    const count = await items.count();
    const first = await items.nth(0).locator(".text").innerText();

    const down = page.getByRole("button", { name: "Move question 1 down" });
    await tabTo(page, down);
    await page.keyboard.press("Enter");
    await expect(items.nth(1).locator(".text")).toHaveText(first);
    await expect(page.getByRole("button", { name: "Move question 2 down" })).toBeFocused();
    await page.keyboard.press("Shift+Tab"); // "Move question 2 up"
    await page.keyboard.press("Enter");
    await expect(items.nth(0).locator(".text")).toHaveText(first);

    await tabTo(page, page.getByRole("button", { name: "Remove question 1" }));
    await page.keyboard.press("Enter");
    await expect(items).toHaveCount(count - 1);
    await expect(focused(page)).toHaveAttribute("aria-label", /question 1/);

    // add a question back from the picker with Space
    const extra = page.locator("fieldset").filter({ hasText: "Questions:" }).first().getByRole("checkbox").last();
    await tabTo(page, extra, { back: true, max: 200 });
    await page.keyboard.press(" ");
    await expect(extra).toBeChecked();
    await expect(items).toHaveCount(count);
    await expectAxeClean(page);
  });
});
