import { test as base, expect } from "@playwright/test";

/**
 * Every e2e test runs behind this guard: no request leaves the site's origin. Scripts from other hosts
 * (the e2e build configures every third-party script id) get an empty stand-in, anything else is
 * aborted. A spec's own page.route handlers (runtime.spec's stubs, the Experience API emulator) take
 * precedence over this context-level route.
 */
export const test = base.extend<{ thirdPartyGuard: void }>({
  thirdPartyGuard: [
    async ({ context, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      await context.route(
        (url) => url.origin !== origin,
        (route) =>
          route.request().resourceType() === "script"
            ? route.fulfill({ status: 200, contentType: "text/javascript", body: "" })
            : route.abort(),
      );
      await use();
    },
    { auto: true },
  ],
});

export { expect };
