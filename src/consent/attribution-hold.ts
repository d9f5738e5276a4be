// Until `analytics` is granted, attribution cookie writes stay in memory: ePrivacy covers any storage on the
// device (docs/product-rules.md#consent).
import { ATTRIBUTION_GLOBAL } from "../lib/handover";
import { toCookieSafe, type CookieWrite } from "../lib/cookies";
import { consentedCookies, writeConsented } from "./consented-store";
import type { ConsentState } from "../lib/consent-model";

const held = (win: Window): Record<string, CookieWrite> => (win[ATTRIBUTION_GLOBAL] ??= {});

/** Writes now when `analytics` is granted, otherwise holds them (a later write of the same cookie replaces the held one). */
export function keepAttribution(win: Window, writes: readonly CookieWrite[], hostname: string, consent: ConsentState): void {
  if (consent.granted.analytics) return writeConsented(consent, writes, hostname);
  const jar = held(win);
  for (const write of writes) jar[write.name] = write;
}

/** The cookies as the page may see them: the stored ones the consent covers, with the held writes over them. */
export function attributionCookies(win: Window, consent: ConsentState): Record<string, string> {
  const view: Record<string, string> = consentedCookies(consent);
  for (const write of Object.values(held(win))) view[write.name] = toCookieSafe(write.value);
  return view;
}

/** `analytics` granted: the held writes are written (once), expiring with the consent. */
export function releaseAttribution(win: Window, hostname: string, consent: ConsentState): void {
  const jar = held(win);
  const writes = Object.values(jar);
  for (const name of Object.keys(jar)) delete jar[name];
  writeConsented(consent, writes, hostname);
}
