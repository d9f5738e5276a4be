/** Public (browser) configuration. */
import { readThirdPartySettings } from "./third-party";
import { readPublicHosts } from "./hosts";

const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

const thirdParty = readThirdPartySettings();

export const publicConfig = {
  hosts: readPublicHosts(),
  personalization: thirdParty.personalization,
  scripts: {
    ids: thirdParty.scriptIds,
    /** Comma-separated paths ("/x/*" matches below /x/); unset: the default list in src/vendors/sales-intelligence.ts. */
    salesIntelligencePaths: list(process.env.GATSBY_SALES_INTELLIGENCE_PATHS),
  },
  /** `gatsby develop` (and so preview): show editors notices a production page leaves out, e.g. a block with no component. */
  draftNotices: process.env.NODE_ENV !== "production",
  /** Public IP lookup the lead form calls before every submit (docs/product-rules.md#lead-form-calls); must answer {"ip": "..."}. */
  ipLookupUrl: thirdParty.ipLookupUrl,
} as const;
