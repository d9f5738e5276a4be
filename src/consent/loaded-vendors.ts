/** The vendors this page view has started (withdrawal stops exactly these: src/consent/withdraw.ts). */
import type { VendorId } from "../vendors/catalog";

export const loadedVendors = new Set<VendorId>();
