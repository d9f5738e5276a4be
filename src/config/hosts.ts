/**
 * The site's hosts (docs/product-rules.md#hosts), read from the public GATSBY_* variables. A module of its
 * own so that the early script (src/browser/early) can read them without the rest of the public config.
 * Each variable is written out literally: Gatsby (and the early script's build) inline only that form.
 */
/** A variable's trimmed value, or the fallback when it is unset or blank. */
export const pick = (value: string | undefined, fallback: string) => (value && value.trim() !== "" ? value.trim() : fallback);

export interface PublicHosts {
  readonly marketing: string;
  readonly staging: string;
  readonly app: string;
}

export const readPublicHosts = (): PublicHosts => ({
  marketing: pick(process.env.GATSBY_MARKETING_HOST, "www.northdesk.com"),
  staging: pick(process.env.GATSBY_STAGING_HOST, "staging.northdesk.com"),
  app: pick(process.env.GATSBY_APP_HOST, "secure.northdesk.com"),
});
