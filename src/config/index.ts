/**
 * The one place that reads the environment (ARCHITECTURE.md 4). Every value is optional:
 * unset means the embedded default. GATSBY_* values are public (inlined into the browser
 * bundle by Gatsby); everything else stays on the server.
 */
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
  apiUrl: string;
}

export function readServerConfig() {
  const spaceId = env("CONTENTFUL_SPACE_ID");
  const accessToken = env("CONTENTFUL_ACCESS_TOKEN");
  const portalId = env("HUBSPOT_PORTAL_ID");
  const hubspotToken = env("HUBSPOT_ACCESS_TOKEN");
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
        ? ({ portalId, accessToken: hubspotToken, apiUrl: env("HUBSPOT_API_URL") ?? "https://api.hubapi.com" } satisfies HubSpotConfig)
        : undefined,
    leadsDir: env("LEADS_DIR") ?? ".data/leads",
  };
}
export type ServerConfig = ReturnType<typeof readServerConfig>;

/**
 * Build-time constants for the browser bundle beyond Gatsby's own GATSBY_* inlining: an unset
 * personalization client id becomes "" so webpack drops the SDK's dynamic import entirely.
 */
export function browserBuildConstants(): Record<string, string> {
  return env("GATSBY_NINETAILED_CLIENT_ID") ? {} : { "process.env.GATSBY_NINETAILED_CLIENT_ID": JSON.stringify("") };
}
