/**
 * The one place that reads the environment (ARCHITECTURE.md 4). Every value is optional:
 * unset means the embedded default. GATSBY_* values are public (inlined into the browser
 * bundle by Gatsby); everything else stays on the server.
 */
import { validateDomain } from "../lib/image-url";

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value.trim() === "" ? undefined : value.trim();
};

export interface ContentfulConfig {
  spaceId: string;
  accessToken: string;
  environment: string;
  host?: string;
}

export interface HubSpotConfig {
  portalId: string;
  accessToken: string;
  /** Forms submission API (and the emulator in tests): HUBSPOT_API_URL, default https://api.hsforms.com. */
  apiUrl: string;
  /** How long a submission waits for HubSpot before it is kept in the outbox. */
  timeoutMs: number;
}

export function readServerConfig() {
  const spaceId = env("CONTENTFUL_SPACE_ID");
  const accessToken = env("CONTENTFUL_ACCESS_TOKEN");
  const portalId = env("HUBSPOT_PORTAL_ID");
  const hubspotToken = env("HUBSPOT_ACCESS_TOKEN");
  const imageCdnDomain = env("IMAGE_CDN_DOMAIN");
  return {
    siteUrl: (env("SITE_URL") ?? "https://www.northdesk.com").replace(/\/$/, ""),
    contentDir: env("CONTENT_DIR"),
    contentful:
      spaceId && accessToken
        ? ({
            spaceId,
            accessToken,
            environment: env("CONTENTFUL_ENVIRONMENT") ?? "master",
            host: env("CONTENTFUL_HOST"),
          } satisfies ContentfulConfig)
        : undefined,
    hubspot:
      portalId && hubspotToken
        ? ({
            portalId,
            accessToken: hubspotToken,
            apiUrl: (env("HUBSPOT_API_URL") ?? "https://api.hsforms.com").replace(/\/$/, ""),
            timeoutMs: Number(env("HUBSPOT_TIMEOUT_MS") ?? 8000) || 8000,
          } satisfies HubSpotConfig)
        : undefined,
    /**
     * Image CDN (SPEC 7.4; an imgix-style host that pulls originals from the site): content images are
     * served from it when set. A bare domain such as images.northdesk.com; anything else fails the build.
     */
    imageCdnDomain: imageCdnDomain ? validateDomain(imageCdnDomain) : undefined,
    /** The lead outbox and uploaded files (ARCHITECTURE.md 5); relative to the working directory. */
    leadsDir: env("LEADS_DIR") ?? ".data/leads",
  };
}
export type ServerConfig = ReturnType<typeof readServerConfig>;

/**
 * `npm run contentful:migrate` / `contentful:seed`: the space to write to. The management token
 * (CONTENTFUL_MANAGEMENT_TOKEN) is a secret of those scripts; builds never need it.
 */
export function readManagementConfig() {
  const spaceId = env("CONTENTFUL_SPACE_ID");
  const managementToken = env("CONTENTFUL_MANAGEMENT_TOKEN");
  if (!spaceId || !managementToken)
    throw new Error("Set CONTENTFUL_SPACE_ID and CONTENTFUL_MANAGEMENT_TOKEN (and optionally CONTENTFUL_ENVIRONMENT)");
  return { spaceId, managementToken, environment: env("CONTENTFUL_ENVIRONMENT") ?? "master" };
}

/**
 * Build-time constants for the browser bundle beyond Gatsby's own GATSBY_* inlining: an unset
 * personalization client id becomes "" so webpack drops the SDK's dynamic import entirely.
 */
export function browserBuildConstants(): Record<string, string> {
  return env("GATSBY_NINETAILED_CLIENT_ID") ? {} : { "process.env.GATSBY_NINETAILED_CLIENT_ID": JSON.stringify("") };
}
