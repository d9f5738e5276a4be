// @vitest-environment jsdom
/**
 * The browser's proof-of-consent poster (src/consent/proof.ts): a text/plain beacon to /api/consent; without a
 * beacon, or when the browser refuses it, fetch with keepalive, retried after 1 s, 4 s and 16 s while it fails;
 * never a throw, never a wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXT_VERSION, decide, newRecordId, type ConsentRecord } from "../../../src/lib/consent-model";
import { CONSENT_ENDPOINT, postConsentProof, PROOF_RETRY_DELAYS_MS } from "../../../src/consent/proof";
import { REPO_ROOT } from "../../fixtures/repo-root";

const record = (): ConsentRecord => ({
  id: newRecordId(),
  at: Date.now(),
  policy: "opt-in",
  version: CONSENT_TEXT_VERSION,
  choices: { preferences: true, analytics: false, marketing: false },
  method: "preferences",
});

/** The state a record makes (no Global Privacy Control). */
const state = (r: ConsentRecord, gpc = false) => decide(r, { policy: r.policy, gpc, now: r.at });

/** A new record and its state, as postConsentProof takes them. */
const fresh = () => {
  const r = record();
  return [r, state(r)] as const;
};

type FetchLike = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

/** A window with the parts the poster uses: a beacon (or none), fetch, timers (vitest's fake ones). */
function fakeWindow({ beacon, fetch }: { beacon?: (url: string, data: Blob) => boolean; fetch: FetchLike }) {
  return {
    navigator: beacon ? { sendBeacon: vi.fn(beacon) } : {},
    fetch: vi.fn(fetch),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  } as unknown as Window & { fetch: ReturnType<typeof vi.fn>; navigator: { sendBeacon?: ReturnType<typeof vi.fn> } };
}

const answer = (status: number) => Promise.resolve({ ok: status >= 200 && status < 300, status });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("postConsentProof", () => {
  it("says whether Global Privacy Control was on and what is in effect: marketing refused after Accept all", () => {
    const win = fakeWindow({ beacon: () => false, fetch: () => answer(201) });
    const r: ConsentRecord = { ...record(), method: "accept-all", choices: { preferences: true, analytics: true, marketing: true } };
    postConsentProof(r, state(r, true), win);
    const body = JSON.parse((win.fetch.mock.calls[0] as [string, RequestInit])[1].body as string);
    expect(body).toMatchObject({ gpc: true, choices: r.choices, effective: { preferences: true, analytics: true, marketing: false } });
  });

  it("sends a text/plain beacon with the record to /api/consent (the window's own navigator by default)", async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true);
    Object.defineProperty(window.navigator, "sendBeacon", { value: sendBeacon, configurable: true });
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const r = record();
    expect(postConsentProof(r, state(r))).toBeUndefined();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, data] = sendBeacon.mock.calls[0];
    expect(url).toBe("/api/consent");
    expect(data).toBeInstanceOf(Blob);
    expect((data as Blob).type).toBe("text/plain");
    // jsdom's Blob has no text(): read it as a page would
    vi.useRealTimers();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(data as Blob);
    });
    expect(JSON.parse(text)).toEqual({ ...r, gpc: false, effective: r.choices });
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it("a refused beacon falls back to fetch (POST, keepalive, the record as text), once when it is kept", async () => {
    const win = fakeWindow({ beacon: () => false, fetch: () => answer(201) });
    const r = record();
    postConsentProof(r, state(r), win);
    expect(win.navigator.sendBeacon).toHaveBeenCalledTimes(1);
    expect(win.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = win.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(CONSENT_ENDPOINT);
    expect(init).toMatchObject({ method: "POST", keepalive: true });
    expect(JSON.parse(init.body as string)).toEqual({ ...r, gpc: false, effective: r.choices });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(win.fetch).toHaveBeenCalledTimes(1);
  });

  it("without sendBeacon, fetch is used, and retried after 1 s, 4 s and 16 s while it fails, then given up", async () => {
    expect(PROOF_RETRY_DELAYS_MS).toEqual([1000, 4000, 16000]);
    const win = fakeWindow({ fetch: () => Promise.reject(new TypeError("Failed to fetch")) });
    postConsentProof(...fresh(), win);
    await vi.advanceTimersByTimeAsync(0);
    expect(win.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(win.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(win.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(win.fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(win.fetch).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(win.fetch).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(win.fetch).toHaveBeenCalledTimes(4);
  });

  it("a 503 or 429 is retried and the retry that is kept ends it", async () => {
    const answers = [503, 429, 201];
    const win = fakeWindow({ beacon: () => false, fetch: () => answer(answers.shift() ?? 500) });
    postConsentProof(...fresh(), win);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(win.fetch).toHaveBeenCalledTimes(3);
  });

  it("a refusal for good (400, 403, 413) is not retried", async () => {
    for (const status of [400, 403, 413]) {
      const win = fakeWindow({ fetch: () => answer(status) });
      postConsentProof(...fresh(), win);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(win.fetch).toHaveBeenCalledTimes(1);
    }
  });

  it("the same record posted again while it waits for a retry is not sent twice", async () => {
    const win = fakeWindow({ fetch: () => answer(503) });
    const r = record();
    postConsentProof(r, state(r), win);
    postConsentProof(r, state(r), win);
    await vi.advanceTimersByTimeAsync(0);
    expect(win.fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(win.fetch).toHaveBeenCalledTimes(4);
    // given up: a later post of it is sent again
    postConsentProof(r, state(r), win);
    expect(win.fetch).toHaveBeenCalledTimes(5);
  });

  it("never throws and never waits: a beacon that throws, a fetch that throws, no fetch, a record JSON cannot hold", async () => {
    const throwing = fakeWindow({
      beacon: () => {
        throw new TypeError("Illegal invocation");
      },
      fetch: () => {
        throw new TypeError("fetch is broken");
      },
    });
    expect(() => postConsentProof(...fresh(), throwing)).not.toThrow();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(throwing.fetch).toHaveBeenCalledTimes(4);

    const noFetch = { navigator: {}, setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) } as unknown as Window;
    expect(() => postConsentProof(...fresh(), noFetch)).not.toThrow();
    await vi.advanceTimersByTimeAsync(60_000);

    const cyclic = record() as ConsentRecord & { self?: unknown };
    cyclic.self = cyclic;
    const win = fakeWindow({ beacon: () => true, fetch: () => answer(201) });
    expect(() => postConsentProof(cyclic, state(cyclic), win)).not.toThrow();
    expect(() => postConsentProof(...fresh(), {} as Window)).not.toThrow();

    const pending = fakeWindow({ fetch: () => new Promise(() => {}) });
    expect(postConsentProof(...fresh(), pending)).toBeUndefined();
  });

  it("has no imports but the model's types (it ships in the early script)", async () => {
    const fs = await import("node:fs");
    const source = fs.readFileSync(`${REPO_ROOT}/src/consent/proof.ts`, "utf8");
    expect(source.match(/^import .*$/gm)).toEqual(['import type { Choices, ConsentRecord, ConsentState } from "../lib/consent-model";']);
  });
});
