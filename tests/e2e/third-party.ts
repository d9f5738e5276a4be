import type { Page, Request } from "@playwright/test";
import { offOrigin } from "./fixtures";
import { writeDocumentedStores } from "../fixtures/vendor-documented-stores";
import { FAILING_HOSTS, VENDOR_STUBS, genericStub } from "../fixtures/vendor-stubs";

/**
 * Local stand-ins for the third-party scripts configured in tests/e2e/third-party.env (tests/fixtures/vendor-stubs.ts).
 * Every request that would leave localhost is answered here or aborted: no test reaches the internet.
 */
export interface ThirdParty {
  /** Every non-local URL the page asked for. */
  requested: string[];
  hosts(): string[];
}

/**
 * Routes every request off localhost: known script hosts get their stub, speed insights fails, the rest is aborted.
 * `documentedStores`: each stand-in also stores what its vendor documents (tests/fixtures/vendor-documented-stores.ts).
 */
export async function interceptThirdParties(
  page: Page,
  baseURL: string,
  { documentedStores = false }: { documentedStores?: boolean } = {},
): Promise<ThirdParty> {
  const requested: string[] = [];
  await page.route(offOrigin(baseURL), async (route) => {
    const request: Request = route.request();
    requested.push(request.url());
    const host = new URL(request.url()).hostname;
    if (FAILING_HOSTS.has(host)) return route.fulfill({ status: 404, body: "" });
    if (request.resourceType() !== "script") return route.abort();
    return route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: (VENDOR_STUBS[host] ?? genericStub(host)) + (documentedStores ? writeDocumentedStores(host) : ""),
    });
  });
  return { requested, hosts: () => [...new Set(requested.map((url) => new URL(url).hostname))] };
}
