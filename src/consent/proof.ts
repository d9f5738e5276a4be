/** Proof of consent from the browser (docs/lead-forms.md "Proof of consent"): each new record goes to POST /api/consent. */
import type { Choices, ConsentRecord, ConsentState } from "../lib/consent-model";

/**
 * What POST /api/consent receives: the stored record, whether Global Privacy Control was on, and the choices
 * in effect (GPC refuses `marketing` even after "Accept all"). See docs/lead-forms.md#proof-of-consent.
 */
export interface ConsentProof extends ConsentRecord {
  gpc: boolean;
  effective: Choices;
}

export const proofOf = (record: ConsentRecord, state: ConsentState): ConsentProof => ({
  ...record,
  gpc: state.gpc,
  effective: { ...state.granted },
});

export const CONSENT_ENDPOINT = "/api/consent";
/** The waits before each retry of the fetch. */
export const PROOF_RETRY_DELAYS_MS = [1000, 4000, 16000] as const;

/** Records waiting for a fetch (by body): a record posted again meanwhile is not sent twice. */
const queued = new Set<string>();

/** Posts the record; returns at once. */
export function postConsentProof(record: ConsentRecord, state: ConsentState, win: Window = window): void {
  try {
    const body = JSON.stringify(proofOf(record, state));
    try {
      if (win.navigator.sendBeacon?.(CONSENT_ENDPOINT, new Blob([body], { type: "text/plain" }))) return;
    } catch {
      // a beacon the browser will not take: fetch below
    }
    if (queued.has(body)) return;
    queued.add(body);
    send(body, win, 0);
  } catch {
    // proof is ours to keep: nothing here may reach the visitor
  }
}

function send(body: string, win: Window, retry: number) {
  const again = () => {
    const wait = PROOF_RETRY_DELAYS_MS[retry];
    if (wait === undefined) queued.delete(body);
    else win.setTimeout(() => send(body, win, retry + 1), wait);
  };
  try {
    win.fetch(CONSENT_ENDPOINT, { method: "POST", keepalive: true, body, headers: { "Content-Type": "text/plain" } }).then(
      // kept (201, or 200 when it was already), or refused for good (400, 403, 413): done; 429, 5xx: again
      (res) =>
        res.ok || (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) ? queued.delete(body) : again(),
      again,
    );
  } catch {
    again();
  }
}
