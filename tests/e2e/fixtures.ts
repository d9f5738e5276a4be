import { test as base, expect, type BrowserContext } from "@playwright/test";
import { CONSENT_COOKIE, CONSENT_TEXT_VERSION, serializeRecord, type ChoiceMethod, type Choices } from "../../src/lib/consent-model";

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

export const ALL_GRANTED: Choices = { preferences: true, analytics: true, marketing: true };

/** A stored consent choice (the `nd_consent` cookie, as the site writes it) for the site at `baseURL`. */
export function consentCookie(baseURL: string, choices: Choices = ALL_GRANTED, method: ChoiceMethod = "accept-all") {
  const record = {
    id: "0f0e0d0c-0b0a-4908-8706-050403020100",
    at: Date.now(),
    policy: "opt-in" as const,
    version: CONSENT_TEXT_VERSION,
    choices,
    method,
  };
  return { name: CONSENT_COOKIE, value: serializeRecord(record), url: new URL(baseURL).origin, sameSite: "Strict" as const };
}

/** The visitor chose before this test (a context a test opens itself calls it too). */
export async function giveConsent(context: BrowserContext, baseURL: string, choices: Choices = ALL_GRANTED): Promise<void> {
  await context.addCookies([consentCookie(baseURL, choices)]);
}

/**
 * What the visitor has chosen when a test starts: "granted" (everything, the default: the tests of attribution,
 * vendors, personalization and forms are about a visitor who agreed), or "pending" (a first visit under opt-in:
 * tests/e2e/consent.spec.ts and the first-second suite's pending run).
 */
export type ConsentOption = "granted" | "pending";

/**
 * Every e2e test runs behind guardThirdParties in its own context (a context a test opens itself calls it
 * too). A spec's own page.route handlers (runtime.spec's stubs, the Experience API emulator) take precedence.
 */
export const test = base.extend<{ consent: ConsentOption; thirdPartyGuard: void }>({
  consent: ["granted", { option: true }],
  thirdPartyGuard: [
    async ({ context, baseURL, consent }, use) => {
      await guardThirdParties(context, baseURL!);
      if (consent === "granted") await giveConsent(context, baseURL!);
      await use();
    },
    { auto: true },
  ],
});

export { expect };
