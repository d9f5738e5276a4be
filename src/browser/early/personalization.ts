/**
 * The early script's part of personalization (docs/page-load.md#personalization-in-the-first-second): the
 * page's profile request starts here, beside attribution, instead of after hydration and the SDK's chunk.
 */
import type { PersonalizationSettings } from "../../config/third-party";
import { NINETAILED_DEFAULT_URL } from "../../config/third-party";
import {
  EARLY_ANSWER_EVENT,
  SDK_STORAGE_KEYS,
  applySelection,
  firstPaintTime,
  parseSelectedExperiences,
  withinSwapLimit,
} from "../../personalization/stored-selection";
import { EARLY_PERSONALIZATION_GLOBAL } from "../../lib/handover";

/** The SDK's request timeout (sdk.tsx REQUEST_TIMEOUT_MS, docs/product-rules.md#constants). */
const TIMEOUT_MS = 3000;
/** The SDK's features, sent in every profile request body. */
const FEATURES = ["ip-enrichment", "location"];

const storageOf = (win: Window): Storage | undefined => {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
};

const readStored = (storage: Storage | undefined, key: string): unknown => {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

/** The page event the SDK builds for this page (@ninetailed/experience.js-shared buildPageEvent). */
export function pageEvent(win: Window, now: Date): Record<string, unknown> {
  const url = new URL(win.location.href);
  const query = Object.fromEntries(url.searchParams);
  const campaign: Record<string, string> = {};
  for (const key of ["name", "source", "medium", "term", "content"]) {
    const value = query[`utm_${key === "name" ? "campaign" : key}`];
    if (value) campaign[key] = value;
  }
  const page = { path: url.pathname, query, referrer: win.document.referrer, search: url.search, url: url.href };
  const nav = win.navigator;
  const date = now.toISOString();
  return {
    channel: "web",
    context: {
      library: { name: "Ninetailed React Analytics SDK", version: "7.26.0" },
      userAgent: nav.userAgent,
      campaign,
      locale: nav.languages?.[0] ?? nav.language,
      page,
      gdpr: { isConsentGiven: true },
    },
    messageId: win.crypto.randomUUID(),
    originalTimestamp: date,
    timestamp: date,
    sentAt: date,
    type: "page",
    properties: { ...page, title: win.document.title },
  };
}

/** The profile endpoint the SDK's upsert uses: create without a stored profile id, update with one. */
export function profileUrl(settings: PersonalizationSettings, anonymousId: unknown): string {
  const base = new URL(settings.url ?? NINETAILED_DEFAULT_URL);
  const id = typeof anonymousId === "string" && anonymousId !== "" ? `/${encodeURIComponent(anonymousId)}` : "";
  base.pathname = `${base.pathname.replace(/\/$/, "")}/v2/organizations/${settings.clientId}/environments/${settings.environment}/profiles${id}`;
  return base.href;
}

/** POSTs the body; a 503 is retried once (docs/product-rules.md#error-catalogue), all within TIMEOUT_MS. The 2xx answer's text, or null. */
async function request(win: Window, url: string, body: string): Promise<string | null> {
  const controller = new AbortController();
  const timer = win.setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const send = () => win.fetch(url, { method: "POST", headers: { "Content-Type": "text/plain" }, body, signal: controller.signal });
    let response = await send();
    if (response.status === 503) response = await send();
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  } finally {
    win.clearTimeout(timer);
  }
}

/** Stores an answer as the SDK does (populateCaches) and returns its selected experiences, or null if it is not one. */
export function storeAnswer(storage: Storage | undefined, text: string): ReturnType<typeof parseSelectedExperiences> | null {
  let data: unknown;
  try {
    data = (JSON.parse(text) as { data?: unknown }).data;
  } catch {
    return null;
  }
  const { profile, experiences, changes } = (data ?? {}) as { profile?: { id?: unknown }; experiences?: unknown; changes?: unknown };
  if (typeof profile?.id !== "string" || !Array.isArray(experiences)) return null;
  try {
    storage?.setItem(SDK_STORAGE_KEYS.anonymousId, JSON.stringify(profile.id));
    storage?.setItem(SDK_STORAGE_KEYS.profile, JSON.stringify(profile));
    storage?.setItem(SDK_STORAGE_KEYS.experiences, JSON.stringify(experiences));
    storage?.setItem(SDK_STORAGE_KEYS.changes, JSON.stringify(Array.isArray(changes) ? changes : []));
  } catch {
    // Storage full or blocked: this page still shows the answer.
  }
  return parseSelectedExperiences(experiences);
}

/** Starts this page's profile request (once per page load). */
export function startEarlyPersonalization(win: Window, settings: PersonalizationSettings): void {
  // Once per page; and not at all when the SDK is already running (this script was slower than hydration):
  // the SDK has sent the page event itself.
  if (win[EARLY_PERSONALIZATION_GLOBAL] || (win as Window & { ninetailed?: unknown }).ninetailed) return;
  const storage = storageOf(win);
  const href = win.location.href;
  let answer: Promise<string | null>;
  try {
    const body = JSON.stringify({ events: [pageEvent(win, new Date())], options: { features: FEATURES } });
    answer = request(win, profileUrl(settings, readStored(storage, SDK_STORAGE_KEYS.anonymousId)), body);
  } catch {
    answer = Promise.resolve(null);
  }
  win[EARLY_PERSONALIZATION_GLOBAL] = { href, answer };
  void answer.then((text) => {
    const selected = text === null ? null : storeAnswer(storage, text);
    if (!selected || !withinSwapLimit(win.performance.now(), firstPaintTime(win.performance))) return;
    applySelection(win.document, selected);
    win.dispatchEvent(new CustomEvent(EARLY_ANSWER_EVENT, { detail: selected }));
  });
}
