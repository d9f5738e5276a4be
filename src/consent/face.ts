/**
 * The one face every part of the browser reads consent through (docs/product-rules.md#consent):
 * `window.__ndConsent.granted(category)`, `state()`, `choose(method, shown)` and `subscribe(listener)`.
 */
import {
  CONSENT_COOKIE,
  CONSENT_LIFETIME_MS,
  CONSENT_TEXT_VERSION,
  choicesFor,
  decide,
  isGranted,
  newRecordId,
  newRecordSecret,
  parseRecord,
  serializeRecord,
  type ConsentChange,
  type ConsentFace,
  type ConsentPolicy,
  type ConsentRecord,
  type ConsentState,
} from "../lib/consent-model";
import { CONSENT_GLOBAL } from "../lib/handover";
import { readCookie, writeCookie } from "../lib/cookies";
import { renewConsented, sweep } from "./consented-store";

export const CONSENT_EVENT = "nd:consent";

export type { ConsentChange, ConsentFace };

export interface ConsentSettings {
  policy: ConsentPolicy;
  version?: number;
  /** Called with every new record and the state it makes (proof of consent: src/consent/proof.ts). */
  onRecord?: (record: ConsentRecord, state: ConsentState, win: Window) => void;
}

/** navigator.globalPrivacyControl, the browser's privacy signal (https://privacycg.github.io/gpc-spec/). */
export const gpcSignal = (win: Window): boolean =>
  (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;

const readRecord = (): ConsentRecord | undefined => parseRecord(readCookie(CONSENT_COOKIE));

/**
 * Writes the `nd_consent` cookie: necessary, parent domain (the app host reads it too; lib/cookies falls back to
 * the host alone where that does not stick), 6 months. The value is URI-encoded JSON, already cookie-safe.
 */
export function writeRecord(record: ConsentRecord, hostname: string): void {
  writeCookie({ name: CONSENT_COOKIE, value: serializeRecord(record), expires: new Date(record.at + CONSENT_LIFETIME_MS) }, hostname);
}

/** The face on `win`, installed once with `settings`; later calls return the installed one. */
export function installConsent(win: Window, settings: ConsentSettings): ConsentFace {
  const existing = win[CONSENT_GLOBAL];
  if (existing) return existing;
  const version = settings.version ?? CONSENT_TEXT_VERSION;
  const context = () => ({ policy: settings.policy, version, gpc: gpcSignal(win), now: Date.now() });
  let state = decide(readRecord(), context());
  // What the choice in force does not cover goes before anything reads it (docs/product-rules.md#consent-over-time).
  try {
    sweep(win, state);
  } catch (error) {
    console.error("Stores the consent does not cover could not be removed", error);
  }

  const face: ConsentFace = {
    state: () => state,
    granted: (category) => isGranted(state, category),
    choose(method, shown = {}) {
      const previous = state;
      const kept = previous.record;
      const record: ConsentRecord = {
        id: kept?.id ?? newRecordId(),
        at: Date.now(),
        policy: settings.policy,
        version,
        choices: choicesFor(method, shown, previous.granted),
        method,
        secret: kept?.secret ?? newRecordSecret(),
      };
      try {
        writeRecord(record, win.location.hostname);
      } catch (error) {
        console.error("The consent choice could not be stored; it holds for this page", error);
      }
      state = decide(record, context());
      try {
        renewConsented(state, win.location.hostname);
      } catch {
        // cookies blocked: nothing consented was written either
      }
      settings.onRecord?.(record, state, win);
      win.dispatchEvent(new CustomEvent<ConsentChange>(CONSENT_EVENT, { detail: { state, previous } }));
      return state;
    },
    subscribe(listener) {
      const handler = (event: Event) => listener((event as CustomEvent<ConsentChange>).detail);
      win.addEventListener(CONSENT_EVENT, handler);
      return () => win.removeEventListener(CONSENT_EVENT, handler);
    },
  };
  win[CONSENT_GLOBAL] = face;
  return face;
}

/** The installed face, if any (code that must not install it: the inline scripts' callers, tests). */
export const consentFace = (win: Window): ConsentFace | undefined => win[CONSENT_GLOBAL];
