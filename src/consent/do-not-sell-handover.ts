/**
 * A do-not-sell made before the hosted consent manager arrived (docs/consent-managers.md#do-not-sell): applied
 * in the site's model at once, then handed to the manager when it is there.
 */
import type { ConsentFace } from "./face";
import type { ConsentSettings } from "../config/consent";
import { poll } from "../lib/poll";

export const DNS_PENDING_KEY = "nd_dns_pending";

const local = (win: Window): Storage | undefined => {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
};

export function markDoNotSellPending(win: Window): void {
  try {
    local(win)?.setItem(DNS_PENDING_KEY, String(Date.now()));
  } catch {
    // storage full or blocked: the model holds the refusal; only a later handover is lost
  }
}

export const doNotSellPending = (win: Window): boolean => {
  try {
    return Boolean(local(win)?.getItem(DNS_PENDING_KEY));
  } catch {
    return false;
  }
};

/** Performs the manager's documented do-not-sell action as soon as its script is there, within `waitMs`. */
export async function handOverDoNotSell(
  win: Window,
  face: ConsentFace,
  settings: ConsentSettings,
  { waitMs, pollMs }: { waitMs: number; pollMs: number },
): Promise<boolean> {
  if (!settings.provider) return false;
  const { adapterFor } = await import("./providers");
  const adapter = adapterFor(settings.provider.name);
  const done = await poll(() => adapter.doNotSell(win, face, settings) || undefined, { intervalMs: pollMs, timeoutMs: waitMs });
  if (done) {
    try {
      local(win)?.removeItem(DNS_PENDING_KEY);
    } catch {
      // as above
    }
  }
  return Boolean(done);
}
