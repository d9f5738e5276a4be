/** The site's hosts (docs/product-rules.md#hosts), read from the public GATSBY_* variables. */
/** A variable's trimmed value, or the fallback when it is unset or blank. */
export const pick = (value: string | undefined, fallback: string) => (value && value.trim() !== "" ? value.trim() : fallback);

// Plain constants, so esbuild inlines them in the early script (an object would be kept whole).
const MARKETING = "www.northdesk.com";
const STAGING = "staging.northdesk.com";
const APP = "secure.northdesk.com";
/** GATSBY_MARKETING_HOST, GATSBY_STAGING_HOST, GATSBY_APP_HOST unset. */
export const DEFAULT_HOSTS = { marketing: MARKETING, staging: STAGING, app: APP } as const;

export interface PublicHosts {
  readonly marketing: string;
  readonly staging: string;
  readonly app: string;
}

export const readPublicHosts = (): PublicHosts => ({
  marketing: pick(process.env.GATSBY_MARKETING_HOST, MARKETING),
  staging: pick(process.env.GATSBY_STAGING_HOST, STAGING),
  app: pick(process.env.GATSBY_APP_HOST, APP),
});
