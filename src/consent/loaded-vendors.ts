/** The vendors this page view has rendered a script for (withdrawal stops exactly these: src/consent/withdraw.ts). */
import type { ThirdPartyScriptId } from "../lib/third-party-scripts";

export const loadedVendors = new Set<ThirdPartyScriptId>();
