import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { open } from "./helpers";
import { recordedEvents, test, type BeaconRecorder, type RecordedEvent } from "./beacon-recorder";
import { WEB_VITALS } from "../../src/browser/web-vitals";

/**
 * Real-user measurement (docs/browser-runtime.md#real-user-measurement-web-vitals) on the production build: one
 * "Web Vitals" event per document, by beacon when the page is hidden (here: left, a real hide), with `analytics`
 * consent only; the library's chunk loads after the load event. On localhost the beacon goes to the stub path,
 * and a beacon sent as a page is left is seen only where it arrives: every case opens the site through the
 * beacon recorder (tests/e2e/beacon-recorder.ts), as tests/e2e/early-visitor.spec.ts does.
 */

/** The library's chunk (webpackChunkName "web-vitals" in src/browser/web-vitals.ts). */
const LIBRARY_CHUNK = /\/web-vitals-[0-9a-f]+\.js(?:[?#]|$)/;

test.use({ serviceWorkers: "block" });

type VitalsEvent = RecordedEvent & { properties: { path: string } };

/** The Web Vitals events among the recorded beacons (the early page view's beacon goes to the same path). */
const vitalsEvents = (recorder: BeaconRecorder) => recordedEvents(recorder, WEB_VITALS) as VitalsEvent[];

/** Requests for the library's chunk made by `page`. */
function libraryRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (LIBRARY_CHUNK.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/** When this document fetched the library's chunk, and when its load event ended (ms since its time origin). */
const libraryTiming = (page: Page) =>
  page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const chunk = performance.getEntriesByType("resource").find((e) => /\/web-vitals-[0-9a-f]+\.js/.test(e.name));
    return { loadEventEnd: navigation.loadEventEnd, chunkStart: chunk?.startTime ?? null };
  });

/** Waits until this document has the library (fetched after its load event) and its observers have had a task. */
async function libraryLoaded(page: Page) {
  await expect.poll(async () => (await libraryTiming(page)).chunkStart, { timeout: 20_000 }).not.toBeNull();
  const { loadEventEnd, chunkStart } = await libraryTiming(page);
  expect(loadEventEnd).toBeGreaterThan(0);
  expect(chunkStart!).toBeGreaterThanOrEqual(loadEventEnd); // off the first paint and the load
  await page.waitForTimeout(300);
}

/** Client-side navigation, as a link would do it: the same document. */
const navigate = async (page: Page, to: string) => {
  await page.evaluate((p) => (window as unknown as { ___navigate: (to: string) => void }).___navigate(p), to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, "\\/")}$`));
};

test.describe("with analytics consent", () => {
  test("one Web Vitals beacon per document, when it is hidden: LCP, INP and CLS with their attribution", async ({ page, recorder }) => {
    test.setTimeout(120_000);
    await open(page, "/pricing/");
    await libraryLoaded(page);
    // an interaction for INP, after the observers are there (earlier ones count only from 104 ms)
    await page.locator("main h1").first().click();
    await page.waitForTimeout(500);
    // a client-side navigation is the same document: still one report, for the landing's document
    await navigate(page, "/");
    await page.waitForTimeout(1_000);
    expect(vitalsEvents(recorder)).toEqual([]); // nothing while the page is shown

    // a full navigation leaves the first document (hidden: its report goes) and loads a second one
    await open(page, "/blog/");
    await expect.poll(() => vitalsEvents(recorder).length, { timeout: 10_000 }).toBe(1);
    await libraryLoaded(page);
    await page.goto("about:blank"); // leaves the second document
    await expect.poll(() => vitalsEvents(recorder).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    await page.waitForTimeout(1_000); // a third would arrive as fast as the second

    const events = vitalsEvents(recorder);
    expect(events.map((e) => e.properties.path)).toEqual(["/pricing/", "/blog/"]);
    const [first] = events;
    console.log("Web Vitals event of the first document:", JSON.stringify(first));
    const rating = expect.stringMatching(/^(good|needs-improvement|poor)$/);
    expect(first.properties).toMatchObject({
      token: "",
      path: "/pricing/",
      navigation_type: "navigate",
      lcp: expect.any(Number),
      lcp_rating: rating,
      lcp_element: expect.any(String),
      inp: expect.any(Number),
      inp_rating: rating,
      inp_target: expect.stringContaining("h1"),
      inp_type: "pointer",
      cls: expect.any(Number),
      cls_rating: rating,
      $insert_id: expect.any(String),
    });
    expect(new URL(first.properties.$current_url).pathname).toBe("/"); // where the visitor was when it was hidden
    expect(first.properties.lcp as number).toBeGreaterThan(0);
    expect(events[1].properties).toMatchObject({ path: "/blog/", lcp: expect.any(Number) });
    expect(events[1].properties.$insert_id).not.toBe(first.properties.$insert_id);
  });
});

test.describe("without analytics consent", () => {
  test.use({ consent: "pending" });

  test("the library is never loaded and nothing is sent when the page is hidden", async ({ page, recorder }) => {
    const requested = libraryRequests(page);
    await open(page, "/pricing/");
    await expect(page.locator("[data-consent-banner]")).toBeVisible();
    // past the load event and the idle moment the library loads at with consent
    await page.waitForTimeout(5_000);
    await page.goto("about:blank");
    await page.waitForTimeout(2_000);
    expect(requested).toEqual([]);
    expect(vitalsEvents(recorder)).toEqual([]);
  });

  test("granted later in the visit (Accept all): the library loads then and the report goes when the page is hidden", async ({
    page,
    recorder,
  }) => {
    test.setTimeout(90_000);
    const requested = libraryRequests(page);
    await open(page, "/pricing/");
    await page.waitForTimeout(3_000);
    expect(requested).toEqual([]);
    await page.locator("[data-consent-banner]").getByRole("button", { name: "Accept all" }).click();
    await libraryLoaded(page);
    await page.goto("about:blank");
    await expect.poll(() => vitalsEvents(recorder).length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1_000);
    const events = vitalsEvents(recorder);
    expect(events).toHaveLength(1);
    // LCP and CLS from before the grant: the library's buffered observers saw them
    expect(events[0].properties).toMatchObject({ path: "/pricing/", lcp: expect.any(Number), cls: expect.any(Number) });
  });
});
