/** The one place that reads the environment (docs/architecture.md#configuration). */
import { validateDomain } from "../lib/image-url";
import {
  DEFAULT_CONTENTFUL_ENVIRONMENT,
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_HUBSPOT_CRM_API_URL,
  DEFAULT_HUBSPOT_FORMS_API_URL,
  DEFAULT_HUBSPOT_TIMEOUT_MS,
  DEFAULT_LEADS_DIR,
  DEFAULT_CSP_REPORT_RATE_LIMIT,
  DEFAULT_SITE_URL,
} from "./defaults";
import { readLeadProtection, readLeadsAlerts, readLeadsFlush, readSiteHosts } from "./leads";
import { env, netlifyAdapterDetected, onServerless } from "./runtime-env";
import { readServerSettings } from "./server-schema";
import { readLivePreview } from "./live-preview";

export { readLeadProtection, readLeadsAlerts, readLeadsFlush, readSiteHosts };
export type { LeadProtectionConfig, LeadsAlertConfig, LeadsFlushConfig } from "./leads";
export { netlifyAdapterDetected, publicVariables } from "./runtime-env";
export { NETLIFY_SCHEDULED_LIMIT_MS } from "./defaults";

export interface ContentfulConfig {
  spaceId: string;
  accessToken: string;
  environment: string;
  host?: string;
}

export interface HubSpotConfig {
  portalId: string;
  accessToken: string;
  /** Forms submission API (and the emulator in tests): HUBSPOT_API_URL, default DEFAULT_HUBSPOT_FORMS_API_URL. */
  apiUrl: string;
  /** How long a submission waits for HubSpot before it is kept in the outbox. */
  timeoutMs: number;
  /**
   * HubSpot's CRM API (form submissions listing, used to settle a delivery whose answer was lost):
   * HUBSPOT_API_URL, default DEFAULT_HUBSPOT_CRM_API_URL (always set by readServerConfig; absent, apiUrl is asked).
   */
  crmApiUrl?: string;
  /** The site's own hosts (readSiteHosts): a pageUri on another one is not sent to HubSpot. */
  siteHosts?: readonly string[];
}

const withoutSlash = (url: string) => url.replace(/\/$/, "");

/** Checks every server setting; throws naming each bad one (gatsby-node runs it first, before a build does anything). */
export const checkServerSettings = (): void => void readServerSettings();

export function readServerConfig() {
  const settings = readServerSettings();
  const { CONTENTFUL_SPACE_ID: spaceId, CONTENTFUL_ACCESS_TOKEN: accessToken, HUBSPOT_ACCESS_TOKEN: hubspotToken } = settings;
  const portalId = settings.HUBSPOT_PORTAL_ID;
  const siteUrl = withoutSlash(settings.SITE_URL ?? DEFAULT_SITE_URL);
  const apiUrl = settings.HUBSPOT_API_URL && withoutSlash(settings.HUBSPOT_API_URL);
  const hubspot: HubSpotConfig | undefined =
    portalId && hubspotToken
      ? {
          portalId,
          accessToken: hubspotToken,
          apiUrl: apiUrl ?? DEFAULT_HUBSPOT_FORMS_API_URL,
          timeoutMs: settings.HUBSPOT_TIMEOUT_MS ?? DEFAULT_HUBSPOT_TIMEOUT_MS,
          crmApiUrl: apiUrl ?? DEFAULT_HUBSPOT_CRM_API_URL,
          siteHosts: readSiteHosts(siteUrl, settings),
        }
      : undefined;
  return {
    siteUrl,
    contentDir: settings.CONTENT_DIR,
    contentful:
      spaceId && accessToken
        ? ({
            spaceId,
            accessToken,
            environment: settings.CONTENTFUL_ENVIRONMENT ?? DEFAULT_CONTENTFUL_ENVIRONMENT,
            host: settings.CONTENTFUL_HOST,
          } satisfies ContentfulConfig)
        : undefined,
    hubspot,
    /**
     * Image CDN (docs/product-rules.md#images; an imgix-style host that pulls originals from the site): content images are
     * served from it when set. A bare domain such as images.northdesk.com; anything else fails the build.
     */
    imageCdnDomain: settings.IMAGE_CDN_DOMAIN ? validateDomain(settings.IMAGE_CDN_DOMAIN) : undefined,
    /** Build-time sourcing of lead forms from HubSpot's marketing forms API v3 (HUBSPOT_ACCESS_TOKEN; HUBSPOT_API_URL points it elsewhere). */
    hubspotForms: hubspotToken ? { accessToken: hubspotToken, apiUrl: apiUrl ?? DEFAULT_HUBSPOT_CRM_API_URL } : undefined,
    /** The lead outbox and uploaded files (docs/architecture.md#lead-backend); relative to the working directory. */
    leadsDir: settings.LEADS_DIR ?? DEFAULT_LEADS_DIR,
    /** PostgreSQL for leads, uploads and rate-limit counters (production); unset: the file outbox in leadsDir. */
    databaseUrl: settings.DATABASE_URL,
    /** Connections per function instance (DATABASE_POOL_SIZE). */
    databasePoolSize: settings.DATABASE_POOL_SIZE ?? DEFAULT_DATABASE_POOL_SIZE,
    /** On a serverless host without DATABASE_URL the functions answer 503 rather than keep leads on a throwaway disk. */
    serverless: onServerless(),
    /** A build for Netlify (netlifyAdapterDetected: NETLIFY or NETLIFY_LOCAL): gatsby-config uses the Netlify adapter. */
    netlify: netlifyAdapterDetected(),
    /** In Netlify's own build image (it sets DEPLOY_ID): the adapter may keep Gatsby's cache between builds there. */
    netlifyBuild: netlifyAdapterDetected() && settings.DEPLOY_ID !== undefined,
    /** Origin check and per-IP rate limit of the lead functions. */
    protection: readLeadProtection(siteUrl, settings),
    /** The scheduled flush's time budget and concurrency. */
    leadsFlush: readLeadsFlush(settings),
    /** Alerts the flush posts when leads stop reaching HubSpot. */
    leadsAlerts: readLeadsAlerts(settings),
    /** Bearer token of GET /api/leads/status (LEADS_STATUS_TOKEN, 128 bits at least); unset: the function answers 404. */
    leadsStatusToken: settings.LEADS_STATUS_TOKEN,
    /** The policy's rollout and its reports (docs/security.md#reports). */
    csp: {
      /** CSP_REPORT_ONLY=true at build time: the policy is served as Content-Security-Policy-Report-Only. */
      reportOnly: settings.CSP_REPORT_ONLY ?? false,
      /** CSP_REPORTS_FILE: each accepted report is also appended to this file as a JSON line (the local server, tests). */
      reportsFile: settings.CSP_REPORTS_FILE,
      /** Violation reports per client address per minute (CSP_REPORT_RATE_LIMIT; 0 switches it off). */
      rateLimit: settings.CSP_REPORT_RATE_LIMIT ?? DEFAULT_CSP_REPORT_RATE_LIMIT,
    },
    /** Contentful Live Preview on the preview server (docs/content.md#live-preview); unset in production. */
    livePreview: readLivePreview(settings),
  };
}
export type ServerConfig = ReturnType<typeof readServerConfig>;

/**
 * Whether `gatsby build` regenerates src/gatsby-types.d.ts: only with TYPEGEN=1 (`npm test` sets it, then
 * fails on stale types). `gatsby develop` always regenerates them.
 */
export const typegenOnBuild = (): boolean => readServerSettings().TYPEGEN === "1";

/** Gatsby sets gatsby_executing_command for the plugins of the command it runs. */
export const gatsbyCommand = (): string | undefined => env("gatsby_executing_command");

/** `npm run contentful:migrate` / `contentful:seed`: the space to write to. */
export function readManagementConfig() {
  const settings = readServerSettings();
  const { CONTENTFUL_SPACE_ID: spaceId, CONTENTFUL_MANAGEMENT_TOKEN: managementToken } = settings;
  if (!spaceId || !managementToken)
    throw new Error("Set CONTENTFUL_SPACE_ID and CONTENTFUL_MANAGEMENT_TOKEN (and optionally CONTENTFUL_ENVIRONMENT)");
  return {
    spaceId,
    managementToken,
    environment: settings.CONTENTFUL_ENVIRONMENT ?? DEFAULT_CONTENTFUL_ENVIRONMENT,
    /** The Management API's host (default api.contentful.com); tests point it at a local stand-in. */
    managementHost: settings.CONTENTFUL_MANAGEMENT_HOST,
  };
}

/**
 * Build-time constants for the browser bundle beyond Gatsby's own GATSBY_* inlining: an unset
 * personalization client id becomes "" for the public config.
 */
export function browserBuildConstants(): Record<string, string> {
  return env("GATSBY_NINETAILED_CLIENT_ID") ? {} : { "process.env.GATSBY_NINETAILED_CLIENT_ID": JSON.stringify("") };
}

/**
 * LIVE_PREVIEW_BUILD (webpack's DefinePlugin): a Contentful Live Preview build (docs/content.md#live-preview). A
 * global webpack evaluates while it parses, so a production build emits neither the tags nor the SDK's chunk.
 */
export function livePreviewConstant(): Record<string, string> {
  return { LIVE_PREVIEW_BUILD: JSON.stringify(readServerSettings().GATSBY_CONTENTFUL_LIVE_PREVIEW === "true") };
}

/** PERSONALIZATION_SDK (webpack's DefinePlugin, gatsby-node's onCreateWebpackConfig): whether a personalization client id is set. */
export function personalizationSdkConstant(): Record<string, string> {
  return { PERSONALIZATION_SDK: JSON.stringify(Boolean(env("GATSBY_NINETAILED_CLIENT_ID"))) };
}
