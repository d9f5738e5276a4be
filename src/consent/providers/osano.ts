/**
 * Osano Cookie Consent adapter (docs/consent-managers.md#osano). Its surface (the stand-in in
 * tests/fixtures/consent-managers/osano.ts installs the same):
 * - https://developers.osano.com/cmp/javascript-api/developer-documentation-consent-javascript-api — `window.Osano(…)`,
 *   its queue `Osano.data`, `Osano('onInitialized', cb)`, and `window.Osano.cm` after initialization.
 * - https://docs.osano.com/article/19-developer-documentation and
 *   https://docs.osano.com/developer-documentation-consent-javascript-api — `cm.addEventListener`, `getConsent()`,
 *   `osano-cm-initialized` (fired at once for a late listener), `osano-cm-consent-saved`.
 * - https://docs.osano.com/global-privacy-controls-gpc — OPT_OUT = 'ACCEPT' is the Do Not Sell opt-out.
 * `cm.showDoNotSell()` is confirmed second-hand only (a summary of Osano's page, and public code).
 */
import type { Choices } from "../../lib/consent-model";
import { recordManagerChoice, type ConsentAdapter, type ScriptAttributes } from "./types";

export type OsanoValue = "ACCEPT" | "DENY";
/** Osano's ConsentObject: one key per category. */
export type OsanoConsent = Partial<Record<"ESSENTIAL" | "STORAGE" | "ANALYTICS" | "MARKETING" | "PERSONALIZATION" | "OPT_OUT", OsanoValue>>;
type OsanoListener = (consent?: OsanoConsent) => void;

export interface OsanoCm {
  addEventListener(type: string, listener: OsanoListener): void;
  removeEventListener(type: string, listener: OsanoListener): void;
  getConsent(): OsanoConsent;
  showDoNotSell(): void;
}

/** window.Osano: the pre-load queue function (before osano.js) and, once loaded, the `cm` API. */
export type OsanoGlobal = ((...args: unknown[]) => void) & { cm?: OsanoCm; data?: unknown[][] };
type OsanoWindow = Window & { Osano?: OsanoGlobal | { cm?: OsanoCm } };

export const INITIALIZED = "osano-cm-initialized";
export const CONSENT_SAVED = "osano-cm-consent-saved";

/** ANALYTICS → analytics, MARKETING → marketing (unless opted out of sale: OPT_OUT = 'ACCEPT'), PERSONALIZATION → preferences. */
export function osanoChoices(consent: OsanoConsent): Choices {
  return {
    preferences: consent.PERSONALIZATION === "ACCEPT",
    analytics: consent.ANALYTICS === "ACCEPT",
    marketing: consent.MARKETING === "ACCEPT" && consent.OPT_OUT !== "ACCEPT",
  };
}

const cmOf = (win: Window): OsanoCm | undefined => {
  const cm = (win as OsanoWindow).Osano?.cm;
  return cm && typeof cm.addEventListener === "function" ? cm : undefined;
};

/** Osano's documented pre-load snippet: queues calls in Osano.data until osano.js loads and replays them. */
function preload(win: Window): OsanoGlobal {
  const w = win as OsanoWindow;
  if (typeof w.Osano !== "function") {
    const queue: OsanoGlobal = function (...args: unknown[]) {
      (queue.data ??= []).push(args);
    };
    w.Osano = queue;
  }
  const osano = w.Osano as OsanoGlobal;
  osano.data ??= [];
  return osano;
}

export const osanoAdapter: ConsentAdapter = {
  connect(win, face) {
    let stopped = false;
    let cm: OsanoCm | undefined;
    const onSaved: OsanoListener = (consent) => {
      const saved = consent ?? cm?.getConsent();
      if (!stopped && saved) recordManagerChoice(face, osanoChoices(saved), true);
    };
    const onInitialized: OsanoListener = (consent) => {
      if (stopped) return;
      if (!cm) {
        cm = cmOf(win);
        cm?.addEventListener(CONSENT_SAVED, onSaved);
      }
      // undefined: the visitor has not chosen yet; the model keeps its policy's default.
      if (consent) recordManagerChoice(face, osanoChoices(consent), false);
    };
    const loaded = cmOf(win);
    if (loaded) {
      cm = loaded;
      cm.addEventListener(CONSENT_SAVED, onSaved);
      // Fired at once when Osano has already initialized, later otherwise.
      cm.addEventListener(INITIALIZED, onInitialized);
    } else {
      preload(win)("onInitialized", onInitialized);
    }
    return () => {
      stopped = true;
      cm?.removeEventListener(CONSENT_SAVED, onSaved);
      cm?.removeEventListener(INITIALIZED, onInitialized);
    };
  },

  doNotSell(win) {
    const cm = cmOf(win);
    if (!cm || typeof cm.showDoNotSell !== "function") return false;
    // The model refused marketing already (src/browser/consent.ts); the manager's own events confirm it.
    cm.showDoNotSell();
    return true;
  },
};

/** osano.js needs no attribute: its configuration is in its URL (cmp.osano.com/<customer>/<configuration>/osano.js). */
export const scriptAttributes: ScriptAttributes = () => ({});
