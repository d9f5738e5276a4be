/**
 * OneTrust Web CMP adapter (docs/consent-managers.md#onetrust). Its surface (the stand-in in
 * tests/fixtures/consent-managers/onetrust.ts installs the same):
 * - https://developer.onetrust.com/onetrust/docs/javascript-events-guide — `OneTrustGroupsUpdated` (fired on each
 *   load and each update: one listener covers either load order), `OnetrustActiveGroups`, `OptanonWrapper`.
 * - https://developer.onetrust.com/onetrust/docs/javascript-api — `ToggleInfoDisplay()`, `RejectAll()`, the
 *   `OptanonAlertBoxClosed` cookie. `UpdateConsent(…)` is NOT confirmed from OneTrust's own text (see the doc).
 */
import { OPTIONAL_CATEGORIES, type Choices } from "../../lib/consent-model";
import { recordManagerChoice, type ConsentAdapter, type ScriptAttributes } from "./types";
import type { ConsentSettings } from "../../config/consent";

export interface OneTrustGlobal {
  ToggleInfoDisplay(): void;
  UpdateConsent(type: "Category", payload: string): void;
}
type OneTrustWindow = Window & { OneTrust?: Partial<OneTrustGlobal>; OnetrustActiveGroups?: string };

export const GROUPS_UPDATED = "OneTrustGroupsUpdated";
/** Set by OneTrust once the visitor has answered its banner (accepted, rejected, saved or closed it). */
export const ALERT_BOX_CLOSED_COOKIE = "OptanonAlertBoxClosed";

/** ",C0001,C0002," → ["C0001", "C0002"] */
export const activeGroups = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((g) => g.trim())
    .filter(Boolean);

/** A category is granted when it has mapped groups and all of them are active; an unmapped category stays refused. */
export function oneTrustChoices(active: readonly string[], map: ConsentSettings["oneTrustGroups"]): Choices {
  const granted = (groups: string[] | undefined) => !!groups?.length && groups.every((g) => active.includes(g));
  return Object.fromEntries(OPTIONAL_CATEGORIES.map((c) => [c, granted(map[c])])) as Choices;
}

const answered = (win: Window): boolean =>
  win.document.cookie.split(";").some((part) => part.trim().startsWith(`${ALERT_BOX_CLOSED_COOKIE}=`));

export const oneTrustAdapter: ConsentAdapter = {
  connect(win, face, settings) {
    const w = win as OneTrustWindow;
    const sync = (detail?: unknown) => {
      // Before the visitor's answer the groups are OneTrust's defaults, not a choice: the model's policy decides.
      if (!answered(win)) return;
      const active = Array.isArray(detail) ? detail.map(String) : activeGroups(w.OnetrustActiveGroups);
      recordManagerChoice(face, oneTrustChoices(active, settings.oneTrustGroups), false);
    };
    const onUpdated = (event: Event) => sync((event as CustomEvent<unknown>).detail);
    win.addEventListener(GROUPS_UPDATED, onUpdated);
    if (typeof w.OnetrustActiveGroups === "string" && w.OneTrust) sync();
    return () => win.removeEventListener(GROUPS_UPDATED, onUpdated);
  },

  doNotSell(win, _face, settings) {
    const ot = (win as OneTrustWindow).OneTrust;
    if (!ot || typeof ot.UpdateConsent !== "function" || typeof ot.ToggleInfoDisplay !== "function") return false;
    // The model refused marketing already (src/browser/consent.ts); the manager's own events confirm it.
    for (const group of settings.oneTrustGroups.marketing ?? []) ot.UpdateConsent("Category", `${group}:0`);
    ot.ToggleInfoDisplay();
    return true;
  },
};

/**
 * OneTrust's tag (otSDKStub.js) also needs `data-domain-script="<id>"`, which the site's settings do not hold yet
 * (a GATSBY_ONETRUST_DOMAIN_SCRIPT setting in src/config/consent.ts would; see docs/consent-managers.md).
 */
export const scriptAttributes: ScriptAttributes = (settings) => ({
  charset: "UTF-8",
  ...(settings.provider?.domainScript ? { "data-domain-script": settings.provider.domainScript } : {}),
});
