/**
 * Withdrawal (docs/product-rules.md#consent): when a granted category is withdrawn, its vendors stop (each
 * catalog entry's own documented off switch where it has one, otherwise the page reloads: a script cannot be
 * unloaded) and everything the category wrote goes: cookies (on the host and the parent domain) and local and
 * session storage.
 */
import { optionalCategories, vendor, type VendorId } from "../vendors/catalog";
import type { OptionalCategory } from "../lib/consent-model";
import { clearStores, storesOf } from "./stores";

export interface WithdrawalInput {
  withdrawn: readonly OptionalCategory[];
  stillGranted: (category: OptionalCategory) => boolean;
  /** The vendors this page has loaded (or started loading). */
  loaded: ReadonlySet<VendorId>;
}

/** Stops the withdrawn categories' vendors and deletes their stores. True when the page must reload. */
export function withdraw(win: Window, { withdrawn, stillGranted, loaded }: WithdrawalInput): boolean {
  if (withdrawn.length === 0) return false;
  let reload = false;
  for (const id of loaded) {
    const entry = vendor(id);
    const optional = optionalCategories(entry);
    if (optional.length === 0 || optional.some(stillGranted) || !optional.some((c) => withdrawn.includes(c))) continue;
    if (!entry.off?.(win)) reload = true;
  }
  clearStores(win, storesOf(withdrawn, stillGranted));
  return reload;
}
