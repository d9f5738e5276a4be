import { test as base, expect, type BrowserContext } from "@playwright/test";

/**
 * No request leaves the site's origin: scripts from other hosts (the e2e build configures every third-party
 * script id) get an empty stand-in, anything else is aborted. A page.route handler takes precedence.
 */
export async function guardThirdParties(context: BrowserContext, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) =>
      route.request().resourceType() === "script"
        ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" })
        : route.abort(),
  );
}

/**
 * Every e2e test runs behind guardThirdParties in its own context (a context a test opens itself calls it
 * too). A spec's own page.route handlers (runtime.spec's stubs, the Experience API emulator) take precedence.
 */
export const test = base.extend<{ thirdPartyGuard: void }>({
  thirdPartyGuard: [
    async ({ context, baseURL }, use) => {
      await guardThirdParties(context, baseURL!);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
