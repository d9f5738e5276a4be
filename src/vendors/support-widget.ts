import type { VendorEntry } from "./types";
import { originOnly } from "./types";

type Beacon = (method: string, ...args: unknown[]) => unknown;

/**
 * Help Scout Beacon: the support chat, loaded on the visitor's intent only (src/browser/support-widget.ts). Refused
 * `preferences`: a tap on the launcher still loads it (the visitor asked for the service). Its documentation names
 * no cookie or storage key it sets on the site.
 */
export const supportWidget = {
  id: "support-widget" as const,
  env: "GATSBY_BEACON_ID",
  name: "Help Scout Beacon",
  categories: ["preferences"],
  gate: "always",
  start: "on-intent",
  src: () => "https://beacon-v2.helpscout.net",
  // docs/product-rules.md#scripts-and-analytics: initialised with its id once loaded, then reset.
  init: (beaconId) => (win) => {
    const beacon = (win as Window & { Beacon?: Beacon }).Beacon;
    beacon?.("init", beaconId);
    beacon?.("reset");
  },
  // Help Scout, "CSP settings for Beacon": https://docs.helpscout.com/article/815-csp-settings-for-beacon (its
  // frames are srcdoc frames, which frame-src does not govern; child-src only for videos in Docs articles).
  csp: ({ origin }) => ({
    "script-src": originOnly(origin),
    "connect-src": [
      "https://beaconapi.helpscout.net",
      "https://chatapi.helpscout.net",
      "https://d3hb14vkzrxvla.cloudfront.net",
      "https://sockjs-helpscout.pusher.com",
      "wss://*.pusher.com",
    ],
  }),
  purpose: "The support chat and help articles you can open from any page.",
  recipient: { name: "Help Scout PBC", policyUrl: "https://www.helpscout.com/company/legal/privacy/" },
  bench: { entity: "Help Scout", issueMs: 427 },
} satisfies VendorEntry;
