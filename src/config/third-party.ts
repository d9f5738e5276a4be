/** The third-party services the site talks to from the browser, read from the public GATSBY_* variables. */
import type { ScriptIds } from "../vendors/catalog";
import { readScriptIds } from "./vendor-ids";
import { pick, readPublicHosts } from "./hosts";
import { readAnalyticsBeacon, type AnalyticsBeaconSettings } from "./analytics";

/** The Ninetailed SDK's API when GATSBY_NINETAILED_URL is unset (@ninetailed/experience.js default). */
export const NINETAILED_DEFAULT_URL = "https://experience.ninetailed.co";

export interface PersonalizationSettings {
  clientId: string;
  environment: string;
  /** Unset: the SDK's default, NINETAILED_DEFAULT_URL. */
  url?: string;
}

export interface ThirdPartySettings {
  /** Third-party scripts (docs/product-rules.md#scripts-and-analytics): an id, or for scripts not built from an id, the script's URL. Unset: never loads. */
  scriptIds: ScriptIds;
  /** Personalization (docs/product-rules.md#personalization-service): on only when a client id (the organization) is set. */
  personalization?: PersonalizationSettings;
  /** Public IP lookup the lead form calls before every submit (docs/product-rules.md#lead-form-calls); must answer {"ip": "..."}. */
  ipLookupUrl: string;
  /** Where analytics events still queued when a visitor leaves are beaconed (src/config/analytics.ts). */
  analyticsBeacon?: AnalyticsBeaconSettings;
  /** The application host: sign-up and login forms post to it (docs/product-rules.md#hosts). */
  appHost: string;
}

/** Personalization alone (the early script reads only this). */
export function readPersonalizationSettings(): PersonalizationSettings | undefined {
  const clientId = process.env.GATSBY_NINETAILED_CLIENT_ID?.trim() || undefined;
  const url = process.env.GATSBY_NINETAILED_URL?.trim() || undefined;
  return clientId ? { clientId, environment: pick(process.env.GATSBY_NINETAILED_ENVIRONMENT, "main"), ...(url ? { url } : {}) } : undefined;
}

export function readThirdPartySettings(): ThirdPartySettings {
  return {
    scriptIds: readScriptIds(),
    analyticsBeacon: readAnalyticsBeacon(),
    personalization: readPersonalizationSettings(),
    ipLookupUrl: pick(process.env.GATSBY_IP_LOOKUP_URL, "https://api.ipify.org?format=json"),
    appHost: readPublicHosts().app,
  };
}
