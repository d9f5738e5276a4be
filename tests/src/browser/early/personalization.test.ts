// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageEvent, profileUrl, startEarlyPersonalization, storeAnswer } from "../../../../src/browser/early/personalization";
import {
  COPY_ATTR,
  EARLY_ANSWER_EVENT,
  SDK_STORAGE_KEYS,
  SHOW_ATTR,
  SWAP_LIMIT_MS,
} from "../../../../src/personalization/stored-selection";
import { EARLY_PERSONALIZATION_GLOBAL, type EarlyPersonalization } from "../../../../src/lib/handover";

const settings = { clientId: "org", environment: "main", url: "https://experience.example.test" };
const HERO = "section:home-hero";
const selected = [
  { experienceId: "home-hero-campaign-visitors", variantIndex: 1, variants: { [HERO]: "hero:home-hero-campaign" }, sticky: false },
];
const answer = (experiences: unknown = selected) =>
  JSON.stringify({
    message: "",
    error: false,
    data: { profile: { id: "p-1", audiences: ["campaign-visitors"] }, experiences, changes: [] },
  });

const early = () => (window as unknown as { [EARLY_PERSONALIZATION_GLOBAL]?: EarlyPersonalization })[EARLY_PERSONALIZATION_GLOBAL];
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? "null") as unknown;

function respondWith(status: number, body: string) {
  const fetch = vi.fn(async () => new Response(body, { status }));
  window.fetch = fetch as unknown as typeof window.fetch;
  return fetch;
}

function paintedAgo(ms: number | undefined) {
  vi.spyOn(window.performance, "getEntriesByName").mockImplementation((name: string) =>
    name === "first-contentful-paint" && ms !== undefined ? ([{ startTime: window.performance.now() - ms }] as PerformanceEntryList) : [],
  );
}

beforeEach(() => {
  window.history.replaceState(null, "", "/?utm_campaign=spring-launch&utm_source=newsletter");
  document.body.innerHTML = `<div data-nd-slot="${HERO}" data-nd-exp="home-hero-campaign-visitors">
    <div ${COPY_ATTR}="${HERO}"></div><div ${COPY_ATTR}="hero:home-hero-campaign" aria-hidden="true"></div></div>`;
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[EARLY_PERSONALIZATION_GLOBAL];
  localStorage.clear();
  vi.restoreAllMocks();
});

describe("the early profile request", () => {
  it("sends the SDK's page event for this page to the SDK's endpoint, creating or updating the stored profile", () => {
    const event = pageEvent(window, new Date(0));
    expect(event).toMatchObject({
      type: "page",
      channel: "web",
      context: {
        campaign: { name: "spring-launch", source: "newsletter" },
        page: { path: "/", url: window.location.href, query: { utm_campaign: "spring-launch", utm_source: "newsletter" } },
      },
      properties: { url: window.location.href, path: "/" },
      timestamp: "1970-01-01T00:00:00.000Z",
    });
    expect(profileUrl(settings, undefined)).toBe("https://experience.example.test/v2/organizations/org/environments/main/profiles");
    expect(profileUrl(settings, "a b")).toBe("https://experience.example.test/v2/organizations/org/environments/main/profiles/a%20b");
    expect(profileUrl({ clientId: "org", environment: "dev" }, "")).toBe(
      "https://experience.ninetailed.co/v2/organizations/org/environments/dev/profiles",
    );
  });

  it("stores the answer under the SDK's keys, shows it in a slot not yet hydrated and tells hydrated slots", async () => {
    paintedAgo(10);
    localStorage.setItem(SDK_STORAGE_KEYS.anonymousId, JSON.stringify("p-0"));
    const fetch = respondWith(200, answer());
    const told = vi.fn();
    window.addEventListener(EARLY_ANSWER_EVENT, told);
    startEarlyPersonalization(window, settings);
    startEarlyPersonalization(window, settings); // once per page
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(profileUrl(settings, "p-0"));
    expect(JSON.parse(init.body as string)).toMatchObject({
      events: [{ type: "page" }],
      options: { features: ["ip-enrichment", "location"] },
    });
    expect(early()?.href).toBe(window.location.href);
    expect(await early()?.answer).toBe(answer());
    await vi.waitFor(() => expect(told).toHaveBeenCalled());
    window.removeEventListener(EARLY_ANSWER_EVENT, told);
    expect((told.mock.calls[0][0] as CustomEvent).detail).toEqual(selected);
    expect(stored(SDK_STORAGE_KEYS.anonymousId)).toBe("p-1");
    expect(stored(SDK_STORAGE_KEYS.experiences)).toEqual(selected);
    expect(stored(SDK_STORAGE_KEYS.profile)).toMatchObject({ id: "p-1" });
    expect(stored(SDK_STORAGE_KEYS.changes)).toEqual([]);
    expect(document.querySelector(`[${SHOW_ATTR}]`)?.getAttribute(SHOW_ATTR)).toBe("hero:home-hero-campaign");
  });

  it("later than the limit after the first paint, only stores the answer: this page keeps what it shows", async () => {
    paintedAgo(SWAP_LIMIT_MS + 50);
    respondWith(200, answer());
    const told = vi.fn();
    window.addEventListener(EARLY_ANSWER_EVENT, told);
    startEarlyPersonalization(window, settings);
    await early()?.answer;
    await vi.waitFor(() => expect(stored(SDK_STORAGE_KEYS.experiences)).toEqual(selected));
    window.removeEventListener(EARLY_ANSWER_EVENT, told);
    expect(told).not.toHaveBeenCalled();
    expect(document.querySelector(`[${SHOW_ATTR}]`)).toBeNull();
  });

  it("retries a 503 once; a failure leaves nothing stored and the answer null (the SDK then asks itself)", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response("", { status: 503 }))
      .mockResolvedValueOnce(new Response(answer(), { status: 200 }));
    window.fetch = fetch as unknown as typeof window.fetch;
    startEarlyPersonalization(window, settings);
    expect(await early()?.answer).toBe(answer());
    expect(fetch).toHaveBeenCalledTimes(2);

    delete (window as unknown as Record<string, unknown>)[EARLY_PERSONALIZATION_GLOBAL];
    localStorage.clear();
    respondWith(500, "oops");
    startEarlyPersonalization(window, settings);
    expect(await early()?.answer).toBeNull();
    expect(localStorage.getItem(SDK_STORAGE_KEYS.experiences)).toBeNull();

    delete (window as unknown as Record<string, unknown>)[EARLY_PERSONALIZATION_GLOBAL];
    window.fetch = vi.fn().mockRejectedValue(new TypeError("network")) as unknown as typeof window.fetch;
    startEarlyPersonalization(window, settings);
    expect(await early()?.answer).toBeNull();
  });

  it("sends nothing when the SDK already runs (it sent the page event itself)", () => {
    const fetch = respondWith(200, answer());
    (window as unknown as { ninetailed?: unknown }).ninetailed = { page: () => undefined };
    try {
      startEarlyPersonalization(window, settings);
    } finally {
      delete (window as unknown as { ninetailed?: unknown }).ninetailed;
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(early()).toBeUndefined();
  });

  it("storeAnswer takes only an answer with a profile and experiences", () => {
    expect(storeAnswer(localStorage, "not json")).toBeNull();
    expect(storeAnswer(localStorage, JSON.stringify({ data: { experiences: [] } }))).toBeNull();
    expect(storeAnswer(localStorage, JSON.stringify({ data: { profile: { id: "p" } } }))).toBeNull();
    expect(localStorage.length).toBe(0);
    expect(storeAnswer(localStorage, answer([...selected, { bogus: true }]))).toEqual(selected);
  });
});
