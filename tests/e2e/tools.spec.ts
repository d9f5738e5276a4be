import fs from "node:fs";
import { expect, giveConsent, guardThirdParties, test } from "./fixtures";
import type { Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { open } from "./helpers";

const CALCULATOR = "/help-desk-staffing-calculator/";
const BUILDER = "/interview-builder/";
const LIBRARY = "/interview-builder/library/";

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
const number = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())!.replace(/[^\d.]/g, ""));

test.describe("help-desk staffing calculator", () => {
  test("changing inputs updates the plan; bad input explains itself; no NaN or Infinity", async ({ page }) => {
    await open(page, CALCULATOR);
    const fteBefore = await number(page, "total-fte");
    const phoneBefore = await number(page, "phone-agents");
    expect(fteBefore).toBeGreaterThan(0);
    await expect(page.getByRole("img", { name: /Live chat: service level by agents on shift/ })).toBeVisible();

    const phoneVolume = page.locator("#staffing-phone-volume");
    await phoneVolume.fill("12,000");
    await expect.poll(() => number(page, "phone-agents")).toBeGreaterThan(phoneBefore);
    expect(await number(page, "total-fte")).toBeGreaterThan(fteBefore);

    await phoneVolume.fill("lots");
    await expect(page.getByRole("alert")).toContainText("One input needs attention.");
    await expect(page.getByText("Enter a number, using digits only (for example 1,200 or 7.5).")).toBeVisible();
    await expect(phoneVolume).toHaveAttribute("aria-invalid", "true");
    expect(await page.locator("main").innerText()).not.toMatch(/NaN|Infinity/);
    await expectAxeClean(page);

    await phoneVolume.fill("12000");
    await expect(page.getByTestId("total-fte")).toBeVisible();
  });

  test("the share URL restores the same plan in a fresh browser, and this browser remembers it", async ({ page, browser, baseURL }) => {
    await open(page, CALCULATOR);
    await page.locator("#staffing-chat-volume").fill("6500");
    await page.locator("#staffing-team-salary").fill("$72,000");
    await page.getByRole("checkbox", { name: "Email" }).uncheck();
    await expect(page).toHaveURL(/chat\.volume=6500/);
    const shared = page.url();
    const fte = await page.getByTestId("total-fte").textContent();
    const cost = await page.getByTestId("annual-cost").textContent();

    const fresh = await browser.newContext();
    await guardThirdParties(fresh, baseURL!);
    await giveConsent(fresh, baseURL!);
    const other = await fresh.newPage();
    await open(other, shared);
    await expect(other.locator("#staffing-chat-volume")).toHaveValue("6500");
    await expect(other.getByRole("checkbox", { name: "Email" })).not.toBeChecked();
    await expect(other.getByTestId("total-fte")).toHaveText(fte!);
    await expect(other.getByTestId("annual-cost")).toHaveText(cost!);
    await fresh.close();

    await open(page, CALCULATOR); // no query: local storage brings the inputs back
    await expect(page.locator("#staffing-chat-volume")).toHaveValue("6500");
    await expect(page).toHaveURL(/chat\.volume=6500/);
  });

  test("works from the keyboard", async ({ page }) => {
    await open(page, CALCULATOR);
    await page.locator("#staffing-email-volume").focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("9000");
    await page.keyboard.press("Tab");
    await expect(page.locator("#staffing-email-aht")).toBeFocused();
    await expect(page.getByTestId("email-agents")).not.toHaveText("");
    await page.getByRole("button", { name: "Reset" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#staffing-email-volume")).toHaveValue("3,000");
  });
});

test.describe("interview builder", () => {
  test("build a guide: choose role and questions, reorder from the keyboard, remove, and it is remembered", async ({ page }) => {
    await open(page, BUILDER);
    await page.getByLabel("Role you're hiring for").selectOption({ label: "Support Team Lead" });
    await expect(page).toHaveURL(/role=support-team-lead/);
    const plan = page.getByTestId("interview-plan");
    await expect(plan.getByRole("heading", { level: 2 })).toHaveText("Support Team Lead interview");
    const items = plan.getByTestId("plan-item");
    const count = await items.count();
    expect(count).toBeGreaterThan(2);
    const first = await items.nth(0).locator(".text").textContent();

    await page.getByRole("button", { name: "Move question 1 down" }).focus();
    await page.keyboard.press("Enter");
    await expect(items.nth(1).locator(".text")).toHaveText(first!);
    await expect(page.getByRole("button", { name: "Move question 2 down" })).toBeFocused();

    await page.getByRole("button", { name: "Remove question 1" }).click();
    await expect(items).toHaveCount(count - 1);

    const extra = page.locator("fieldset").filter({ hasText: "Questions:" }).first().getByRole("checkbox").last();
    const extraText = (await extra.locator("xpath=..").textContent())!.trim();
    await extra.check();
    await expect(items.last().locator(".text")).toHaveText(extraText);

    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByLabel("Role you're hiring for")).toHaveValue("support-team-lead");
    await expect(items).toHaveCount(count);
    await expect(items.nth(0).locator(".text")).toHaveText(first!);
    await expectAxeClean(page);
  });

  test("print, copy as text and download as Markdown", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await open(page, `${BUILDER}?role=customer-support-agent`);
    await expect(page.getByTestId("interview-plan").getByRole("heading", { level: 2 })).toHaveText("Customer Support Agent interview");
    const firstQuestion = (await page.getByTestId("plan-item").first().locator(".text").textContent())!;

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.getByRole("button", { name: "Print" }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { name: "Choose what to ask" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Move question 1 down" })).toBeHidden();
    await expect(page.locator("header").first()).toBeHidden();
    await expect(page.getByTestId("interview-plan").getByText(firstQuestion)).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("button", { name: "Copy as text" }).click();
    await expect(page.getByText("Interview guide copied as text.")).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(`1. ${firstQuestion}`);
    expect(copied).toContain("Look for:");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download Markdown" }).click()]);
    expect(download.suggestedFilename()).toBe("customer-support-agent-interview-guide.md");
    const markdown = fs.readFileSync((await download.path())!, "utf8");
    expect(markdown).toMatch(/^# Customer Support Agent interview/);
    expect(markdown).toContain(`### 1. ${firstQuestion}`);
  });

  test("the library search finds every example its placeholder suggests, in every word form, in questions and descriptions", async ({
    page,
  }) => {
    await open(page, LIBRARY);
    const search = page.getByRole("searchbox", { name: /Filter by role/ });
    const cards = page.locator("main li h2");
    const examples = ((await search.getAttribute("placeholder")) ?? "").replace(/^e\.g\.\s*/, "").split(/,\s*/);
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const example of examples) {
      await search.fill(example);
      await expect(page.getByTestId("library-count"), example).toHaveText(/^Showing [1-9]\d* of \d+$/);
      await expect(page.getByText("Nothing matches")).toHaveCount(0);
    }
    // three guides and three job descriptions are about escalations, whichever form of the word is typed
    for (const form of ["escalation", "escalate", "escalating", "Escalations"]) {
      await search.fill(form);
      await expect(cards, form).toHaveCount(6);
    }
    await expect(cards).toContainText([/Customer Support Agent/, /Support Team Lead/, /Technical Support Engineer/]);
    // a question's wording (not in any title or summary) finds its guide
    await search.fill("executive sponsor");
    await expect(cards).toHaveText(["Customer Success Manager interview guide"]);
  });

  test("the library filters by text and type and links to guides and job descriptions that link to each other", async ({ page }) => {
    await open(page, LIBRARY);
    const cards = page.locator("main li h2");
    const all = await cards.count();
    expect(all).toBeGreaterThanOrEqual(12);
    // the guides and job descriptions that mention team leads follow the two named for the role
    await page.getByRole("searchbox", { name: /Filter by role/ }).fill("team lead");
    await expect(cards.nth(0)).toHaveText("Support Team Lead interview guide");
    await expect(cards.nth(1)).toHaveText("Support Team Lead job description template");
    await page.getByRole("radio", { name: "Job descriptions" }).check();
    await expect(cards.nth(0)).toHaveText("Support Team Lead job description template");
    await expect(page.locator("main li").getByText("Interview guide", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("library-count")).toHaveText(`Showing ${await cards.count()} of ${all}`);
    await expectAxeClean(page);

    await page.getByRole("link", { name: /Support Team Lead job description/ }).click();
    await expect(page).toHaveURL(/\/interview-builder\/job-descriptions\/support-team-lead\/$/);
    // the Head API swaps the JSON-LD after a client-side navigation: wait for it
    await expect
      .poll(() => page.locator('script[type="application/ld+json"]').evaluateAll((nodes) => nodes.map((n) => n.textContent).join("")))
      .toContain('"@type":"Occupation"');
    await page.locator("main").getByRole("link", { name: "Support Team Lead interview guide" }).first().click();
    await expect(page).toHaveURL(/\/interview-builder\/support-team-lead\/$/);
    await page.getByRole("link", { name: "Build your interview from this guide" }).click();
    await expect(page).toHaveURL(/\/interview-builder\/\?role=support-team-lead$/);
    await expect(page.getByLabel("Role you're hiring for")).toHaveValue("support-team-lead");
  });
});
