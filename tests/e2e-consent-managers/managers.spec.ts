import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "../e2e/fixtures";
import { open } from "../e2e/helpers";
import { interceptThirdParties, type ThirdParty } from "../e2e/third-party";
import type { ConsentProvider } from "../../src/config/consent";
import { standInSource as cookiebotSource } from "../fixtures/consent-managers/cookiebot";
import { standInSource as oneTrustSource } from "../fixtures/consent-managers/onetrust";
import { standInSource as osanoSource } from "../fixtures/consent-managers/osano";

/**
 * A hosted consent manager in real Chromium (docs/consent-managers.md), on a build made with
 * GATSBY_CONSENT_PROVIDER=$CONSENT_PROVIDER and every vendor configured (tests/e2e/third-party.env, whose manager
 * script is https://consent.third-party.test/consent.js). The manager's script is answered by the stand-in the
 * adapter's unit tests use (tests/fixtures/consent-managers/), which installs the manager's documented surface;
 * the test acts as the visitor in the manager's UI through its helpers (window.__consentManagerStandIn).
 */
const PROVIDER = process.env.CONSENT_PROVIDER as ConsentProvider | undefined;
if (!PROVIDER) throw new Error("CONSENT_PROVIDER: the manager the build was made with (scripts/test-consent-builds.ts sets it)");

interface Manager {
  source: string;
  /** The visitor accepts everything in the manager's UI (an expression of the stand-in's helpers, `s`). */
  acceptAll: string;
  /** What the manager recorded of the do-not-sell link's documented action (an expression of `s`). */
  doNotSellAction: string;
  /** Its value after the link, from a visit with no choice yet. */
  expectedAction: unknown;
}

const MANAGERS: Record<ConsentProvider, Manager> = {
  // Osano.cm.showDoNotSell() opens Osano's own Do-Not-Sell dialog.
  osano: {
    source: osanoSource(),
    acceptAll: `s.save({ ESSENTIAL: "ACCEPT", STORAGE: "ACCEPT", ANALYTICS: "ACCEPT", MARKETING: "ACCEPT", PERSONALIZATION: "ACCEPT", OPT_OUT: "DENY" })`,
    doNotSellAction: "s.doNotSellShown()",
    expectedAction: 1,
  },
  // OneTrust.UpdateConsent("Category", "<marketing group>:0"), then its preference center.
  onetrust: {
    source: oneTrustSource(),
    acceptAll: `s.save(["C0001", "C0002", "C0003", "C0004"])`,
    doNotSellAction: "[s.updates(), s.preferenceCenterShown()]",
    expectedAction: [[["Category", "C0004:0"]], 1],
  },
  // Cookiebot.submitCustomConsent(preferences, statistics, false), keeping the other two as they were.
  cookiebot: {
    source: cookiebotSource(),
    acceptAll: `s.save({ preferences: true, statistics: true, marketing: true })`,
    doNotSellAction: "s.submissions()",
    expectedAction: [[false, false, false]],
  },
};
const manager = MANAGERS[PROVIDER];
const MANAGER_SCRIPT = "https://consent.third-party.test/consent.js";

test.use({ consent: "pending" });

let thirdParty: ThirdParty;
let managerLoads = 0;
test.beforeEach(async ({ page, baseURL }) => {
  thirdParty = await interceptThirdParties(page, baseURL!);
  managerLoads = 0;
  // Registered last, so it answers before the catch-all above.
  await page.route(MANAGER_SCRIPT, (route) => {
    managerLoads++;
    return route.fulfill({ status: 200, contentType: "text/javascript", body: manager.source });
  });
});

/** Evaluates `expression` with the stand-in's helpers as `s`. */
const standIn = (page: Page, expression: string) => page.evaluate(`((s) => ${expression})(window.__consentManagerStandIn)`);

async function storedChoice(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "nd_consent");
  return cookie
    ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[]; data: { method: string; policy: string } })
    : undefined;
}

test(`${PROVIDER}: before a choice the manager's script is the only third party, and the site shows no banner of its own`, async ({
  page,
  context,
}) => {
  await open(page, "/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await expect.poll(() => managerLoads).toBe(1);
  await page.waitForTimeout(3000);
  expect(thirdParty.hosts()).toEqual([]);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  expect(await storedChoice(context)).toBeUndefined();
});

test(`${PROVIDER}: a choice saved in the manager reaches the model: the vendors load without a reload, stored as the manager's`, async ({
  page,
  context,
}) => {
  await open(page, "/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  let loads = 0;
  page.on("load", () => loads++);
  await standIn(page, manager.acceptAll);
  await expect
    .poll(() => thirdParty.hosts(), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(["www.googletagmanager.com", "cdn.heapanalytics.com", "js.hs-scripts.com"]));
  expect(loads).toBe(0);
  const choice = await storedChoice(context);
  expect(choice?.categories).toEqual(["necessary", "preferences", "analytics", "marketing"]);
  expect(choice?.data).toMatchObject({ method: "manager", policy: "opt-in" });
});

test(`${PROVIDER}: the do-not-sell link performs the manager's documented action and refuses marketing`, async ({ page, context }) => {
  await open(page, "/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }).click();
  await expect.poll(() => standIn(page, manager.doNotSellAction)).toEqual(manager.expectedAction);
  const choice = await storedChoice(context);
  expect(choice?.categories).not.toContain("marketing");
  // "do-not-sell" until the manager's own state confirms the refusal (Osano: once the visitor confirms its dialog).
  expect(["manager", "do-not-sell"]).toContain(choice?.data.method);
  await expect(page.getByRole("status").filter({ hasText: "we will not sell or share" })).toBeInViewport();
  await page.waitForTimeout(1500);
  expect(thirdParty.hosts().filter((host) => host === "js.hs-scripts.com" || host.startsWith("partner-referral"))).toEqual([]);
});

test(`${PROVIDER}: a do-not-sell before the manager's script arrives is applied and confirmed at once, and handed over when it comes`, async ({
  page,
  context,
}) => {
  const never = (route: import("@playwright/test").Route) => route.abort();
  await page.route(MANAGER_SCRIPT, never);
  await open(page, "/");
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole("button", { name: "Do Not Sell or Share My Personal Information" }).click();
  await expect(page.getByRole("status").filter({ hasText: "we will not sell or share" })).toBeInViewport();
  const choice = await storedChoice(context);
  expect(choice?.categories).not.toContain("marketing");
  expect(choice?.data.method).toBe("do-not-sell");
  expect(await page.evaluate(() => localStorage.getItem("nd_dns_pending"))).not.toBeNull();

  // The next page: the manager's script arrives, and the refusal reaches it with its documented action.
  await page.unroute(MANAGER_SCRIPT, never);
  await open(page, "/pricing/");
  await expect.poll(() => standIn(page, manager.doNotSellAction), { timeout: 15_000 }).toEqual(manager.expectedAction);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("nd_dns_pending"))).toBeNull();
  expect((await storedChoice(context))?.categories).not.toContain("marketing");
});
