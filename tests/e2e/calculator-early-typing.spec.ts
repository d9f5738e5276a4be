import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PHONE } from "./phone-profile";
import { expectedPhoneAgents } from "./staffing-expected";
import { STAFFING_STORAGE_KEY } from "../../src/components/tools/staffing-form";

/**
 * The calculator's field keeps what the visitor typed exactly once, whatever moment hydration lands
 * (docs/page-load.md#typing-while-the-page-hydrates). The app bundle is held until the test releases it, so the
 * moment is chosen, not raced: before the first key (after the tap and the select-all), mid-way, after the last key.
 * The page has a value of its own to adopt (a shared link's, or the one this browser stored), which used to be
 * written over the field being edited, and the rest of the typing landed after it: `5,00020,000`.
 */
const PATH = "/help-desk-staffing-calculator/";
const TYPED = "20,000";
const SHARED = `${PATH}?phone.volume=5%2C000`;

test.use({ ...PHONE, serviceWorkers: "block" });

/** Holds the app bundle (the script that hydrates) until release(); `asked` once the page has requested it. */
async function holdApp(page: Page, baseURL: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  const origin = new URL(baseURL).origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page.route(new RegExp(`^${origin}/app-[0-9a-f]+\\.js$`), async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** Taps the field (which starts the scripts), selects its text and types `before`; then the app lands, then `after`. */
async function typeAcrossHydration(page: Page, baseURL: string, url: string, before: string, after: string, wait = true) {
  const app = await holdApp(page, baseURL);
  await page.goto(url);
  const volume = page.locator("#staffing-phone-volume");
  await volume.tap();
  await expect.poll(app.asked).toBe(true);
  await volume.press("ControlOrMeta+a");
  await volume.pressSequentially(before);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  app.release();
  if (wait) await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await volume.pressSequentially(after);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 30_000 });
  await expect(volume).toHaveValue(before + after);
  await expect(volume).toBeFocused();
  await expect(page.getByTestId("phone-agents")).toHaveText(expectedPhoneAgents(before + after));
}

const MOMENTS = [
  { name: "before the first key", at: 0 },
  { name: "mid-way", at: 3 },
  { name: "after the last key", at: TYPED.length },
];

for (const { name, at } of MOMENTS)
  test(`a shared link: the app lands ${name}, the field holds the typed value once`, async ({ page, baseURL }) => {
    await typeAcrossHydration(page, baseURL!, SHARED, TYPED.slice(0, at), TYPED.slice(at));
    // what was typed wins over the link's value, and the link follows it
    await expect(page).toHaveURL(/[?&]phone\.volume=20%2C000(&|$)/);
  });

test("a shared link: the app lands mid-way and typing goes on at once, while the page hydrates", async ({ page, baseURL }) => {
  await typeAcrossHydration(page, baseURL!, SHARED, TYPED.slice(0, 2), TYPED.slice(2), false);
});

test("a returning visitor: the app lands before the first key, the stored value is not written under the caret", async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(
    ([key]) => localStorage.setItem(key, JSON.stringify({ value: { "phone.volume": "5,000" }, expires: Date.now() + 86_400_000 })),
    [STAFFING_STORAGE_KEY],
  );
  await typeAcrossHydration(page, baseURL!, PATH, "", TYPED);
});
