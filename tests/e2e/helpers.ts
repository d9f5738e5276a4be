import { expect, type Page } from "@playwright/test";

/** Opens a path and waits until React has hydrated (event handlers live); see RootWrapper. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return response;
}
