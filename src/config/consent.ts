/** Consent settings (docs/product-rules.md#consent), from the public GATSBY_* variables. */
import type { ConsentPolicy, OptionalCategory } from "../lib/consent-model";

export const CONSENT_PROVIDERS = ["osano", "onetrust", "cookiebot"] as const;
export type ConsentProvider = (typeof CONSENT_PROVIDERS)[number];

export interface ConsentSettings {
  policy: ConsentPolicy;
  /** A hosted consent manager, with its script; unset: the built-in banner. */
  provider?: {
    name: ConsentProvider;
    scriptUrl: string;
    /** OneTrust's `data-domain-script` (GATSBY_ONETRUST_DOMAIN_SCRIPT). */ domainScript?: string;
  };
  /** OneTrust's group ids per category (they differ per account): GATSBY_ONETRUST_GROUPS "C0002:analytics,C0003:preferences,C0004:marketing". */
  oneTrustGroups: Partial<Record<OptionalCategory, string[]>>;
}

/** "C0002:analytics,C0004:marketing" → { analytics: ["C0002"], marketing: ["C0004"] }; unknown categories are left out (the schema rejects them). */
export function parseGroupMap(value: string | undefined): Partial<Record<OptionalCategory, string[]>> {
  const map: Partial<Record<OptionalCategory, string[]>> = {};
  for (const pair of (value ?? "").split(",")) {
    const [group, category] = pair.split(":").map((part) => part.trim());
    if (!group || (category !== "preferences" && category !== "analytics" && category !== "marketing")) continue;
    (map[category] ??= []).push(group);
  }
  return map;
}

/** The default OneTrust map: its cookie-category template's performance (C0002), functional (C0003) and targeting (C0004) groups. */
export const DEFAULT_ONETRUST_GROUPS = "C0002:analytics,C0003:preferences,C0004:marketing";

/** The policy alone (the early script reads only this and usesBuiltInBanner: the rest would be its bytes). */
export const readConsentPolicy = (): ConsentPolicy => (process.env.GATSBY_CONSENT_POLICY?.trim() === "opt-out" ? "opt-out" : "opt-in");

/** Whether the built-in banner decides: no hosted provider with its script configured. */
export const usesBuiltInBanner = (): boolean =>
  !(process.env.GATSBY_CONSENT_PROVIDER?.trim() && process.env.GATSBY_CONSENT_SCRIPT_URL?.trim());

export function readConsentSettings(): ConsentSettings {
  const policy = readConsentPolicy();
  const name = process.env.GATSBY_CONSENT_PROVIDER?.trim() as ConsentProvider | undefined;
  const scriptUrl = process.env.GATSBY_CONSENT_SCRIPT_URL?.trim();
  const domainScript = process.env.GATSBY_ONETRUST_DOMAIN_SCRIPT?.trim();
  return {
    policy,
    // A script URL without a provider is ignored (the build warns): the built-in banner decides.
    ...(name && CONSENT_PROVIDERS.includes(name) && scriptUrl
      ? { provider: { name, scriptUrl, ...(domainScript ? { domainScript } : {}) } }
      : {}),
    oneTrustGroups: parseGroupMap(process.env.GATSBY_ONETRUST_GROUPS?.trim() || DEFAULT_ONETRUST_GROUPS),
  };
}
