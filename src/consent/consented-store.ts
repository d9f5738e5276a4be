/**
 * The consented store (docs/product-rules.md#consent-over-time): the one way the site reads and writes a
 * cookie or storage key that is not strictly necessary.
 */
import { CONSENT_LIFETIME_MS, OPTIONAL_CATEGORIES, type ConsentState, type OptionalCategory } from "../lib/consent-model";
import { clearStores, matchesStore, storesOf } from "./stores";
import { STORE_TABLE, type StoreOwner } from "./store-table";
import type { VendorStores } from "../vendors/types";
import { COOKIE_LIFETIME_MS, readCookies, writeCookies, type CookieWrite } from "../lib/cookies";

const notGranted = (state: ConsentState): OptionalCategory[] => OPTIONAL_CATEGORIES.filter((c) => !state.granted[c]);

// A state never changes and the face keeps one until the next choice: what it withholds is computed once for it.
let withheldFor: ConsentState | undefined;
let withheld: StoreOwner[] = [];

/** The stores the current choice does not cover: the site's own and those of vendors with no category granted. */
export function withheldStores(state: ConsentState): StoreOwner[] {
  if (state !== withheldFor) withheld = storesOf(notGranted((withheldFor = state)), (c) => state.granted[c]);
  return withheld;
}

/**
 * Whether a cookie (`cookies`) or a storage key (`localStorage`, for both storages) may be read or written now:
 * names in no store list are necessary.
 */
export const allowedNow = (state: ConsentState, kind: keyof VendorStores, name: string): boolean =>
  !withheldStores(state).some((owner) => owner[kind]?.some((pattern) => matchesStore(pattern, name)));

/** The cookies as the site may see them now: a cookie of a category not granted is not there. */
export function consentedCookies(state: ConsentState, all: Record<string, string> = readCookies()): Record<string, string> {
  return Object.fromEntries(Object.entries(all).filter(([name]) => allowedNow(state, "cookies", name)));
}

/**
 * When a cookie written now under `state` must expire: never after the consent that allows it (the stored
 * choice's own expiry; under the opt-out policy with no stored choice, a choice's life from now, renewed by each
 * visit), and never after the two years of docs/product-rules.md#constants.
 */
export function consentedExpiry(state: ConsentState, now: number): Date {
  const consentEnds = (state.record?.at ?? now) + CONSENT_LIFETIME_MS;
  return new Date(Math.min(now + COOKIE_LIFETIME_MS, consentEnds));
}

/** Writes the cookies the current choice allows, each expiring with the consent at most; drops the others. */
export function writeConsented(state: ConsentState, writes: readonly CookieWrite[], hostname: string, now = Date.now()): void {
  const cap = consentedExpiry(state, now);
  const allowed = writes
    .filter((write) => allowedNow(state, "cookies", write.name))
    .map((write) => (write.expires > cap ? { ...write, expires: cap } : write));
  writeCookies(allowed, hostname);
}

/** The part of the Storage API the site's helpers use. */
export type KeyStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * Local or session storage through the consent: a key of a category not granted now reads as absent and is not
 * written (removing stays allowed). Null when there is no storage (blocked by a privacy setting).
 */
export function consentedStorage(state: ConsentState, storage: KeyStore | null | undefined): KeyStore | null {
  if (!storage) return null;
  const allowed = (key: string) => allowedNow(state, "localStorage", key);
  return {
    getItem: (key) => (allowed(key) ? storage.getItem(key) : null),
    setItem: (key, value) => {
      if (allowed(key)) storage.setItem(key, value);
    },
    removeItem: (key) => storage.removeItem(key),
  };
}

/** On page load: deletes every cookie and storage key the current choice does not cover. */
export function sweep(win: Window, state: ConsentState): void {
  const withheld = withheldStores(state);
  // Every owner in the table names at least one store (store-table.ts): nothing withheld, nothing to read.
  if (withheld.length) clearStores(win, withheld);
}

/**
 * A choice renewed or changed: the site's own cookies it still covers are written again with its new expiry (a
 * cookie written under the old choice would otherwise expire with it, or outlive a shorter one).
 */
export function renewConsented(state: ConsentState, hostname: string, now = Date.now()): void {
  const mine = consentedCookies(state);
  const patterns = STORE_TABLE.filter((owner) => owner.site && owner.categories.every((c) => state.granted[c])).flatMap(
    (owner) => owner.cookies ?? [],
  );
  const names = Object.keys(mine).filter((name) => patterns.some((pattern) => matchesStore(pattern, name)));
  writeConsented(
    state,
    names.map((name) => ({ name, value: mine[name], expires: new Date(now + COOKIE_LIFETIME_MS) })),
    hostname,
    now,
  );
}
