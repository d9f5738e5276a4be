/**
 * Attribution under consent (docs/product-rules.md#consent): ePrivacy covers any storage on the device, so until
 * `analytics` is granted the attribution cookies' writes are kept in memory for the life of the page (client-side
 * navigations included: the early script and the runtime share them through `window.__ndAttribution`). Links are
 * decorated from the cookies as they would be. Once `analytics` is granted the held writes are written, so the
 * first touch is the landing's; refused, they are never written.
 */
import { ATTRIBUTION_GLOBAL } from "../browser/globals";
import { readCookies, toCookieSafe, writeCookies, type CookieWrite } from "../lib/cookies";

type Held = Record<string, CookieWrite>;
type HoldWindow = Window & { [ATTRIBUTION_GLOBAL]?: Held };

const held = (win: Window): Held => ((win as HoldWindow)[ATTRIBUTION_GLOBAL] ??= {});

/** Writes now when `granted`, otherwise holds them (a later write of the same cookie replaces the held one). */
export function keepAttribution(win: Window, writes: readonly CookieWrite[], hostname: string, granted: boolean): void {
  if (granted) return writeCookies(writes, hostname);
  const jar = held(win);
  for (const write of writes) jar[write.name] = write;
}

/** The cookies as the page sees them: the stored ones, with the held writes over them (values as a read returns them). */
export function attributionCookies(win: Window): Record<string, string> {
  const view: Record<string, string> = readCookies();
  for (const write of Object.values(held(win))) view[write.name] = toCookieSafe(write.value);
  return view;
}

/** `analytics` granted: the held writes are written (once). */
export function releaseAttribution(win: Window, hostname: string): void {
  const jar = held(win);
  const writes = Object.values(jar);
  for (const name of Object.keys(jar)) delete jar[name];
  writeCookies(writes, hostname);
}
