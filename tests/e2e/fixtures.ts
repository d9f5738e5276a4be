import { test as base, expect, type BrowserContext } from "@playwright/test";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every URL off the site's origin, as a RegExp. Route with a RegExp or a glob, never a function: Playwright's
 * driver matches patterns itself, but a function matcher makes it hand every request to the test worker to
 * ask about it (docs/develop.md#e2e-on-a-busy-machine). On a busy machine that queues the
 * page's own images and scripts behind the worker, and the early script missed its first-second deadline.
 */
export const offOrigin = (baseURL: string): RegExp => new RegExp(`^(?!${escapeRegExp(new URL(baseURL).origin)}(?:[/?#]|$))`);

/** The site's own scripts (`.js`, any query), as a RegExp (see offOrigin). */
export const originScripts = (baseURL: string): RegExp => new RegExp(`^${escapeRegExp(new URL(baseURL).origin)}/[^?#]*\\.js(?:[?#]|$)`);

/**
 * No request leaves the site's origin: scripts from other hosts (the e2e build configures every third-party
 * script id) get an empty stand-in, anything else is aborted. A page.route handler takes precedence.
 */
export async function guardThirdParties(context: BrowserContext, baseURL: string): Promise<void> {
  await context.route(offOrigin(baseURL), (route) =>
    route.request().resourceType() === "script" ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" }) : route.abort(),
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
