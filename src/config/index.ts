/**
 * The one place that reads the environment (docs/architecture.md#configuration). Every value is optional:
 * unset means the embedded default. GATSBY_* values are public (inlined into the browser
 * bundle by Gatsby); everything else stays on the server.
 */
import { validateDomain } from "../lib/image-url";
/**
 * The environment the code runs in. Read through globalThis on purpose: Gatsby compiles the functions in
 * src/api with webpack's DefinePlugin, which rewrites every `process.env` expression to `({})` (and
 * `process.env.X` to its build-time value), so the functions would see no server configuration at all
 * (LEADS_DIR, HUBSPOT_*, SITE_URL, limits) under `gatsby serve` or an adapter host.
 */
const runtimeEnv: Record<string, string | undefined> = globalThis.process?.env ?? {};

const env = (name: string): string | undefined => {
  const value = runtimeEnv[name];
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
  /**
   * HubSpot's CRM API (form submissions listing, used to settle a delivery whose answer was lost):
   * HUBSPOT_API_URL, default https://api.hubapi.com (always set by readServerConfig; absent, apiUrl is asked).
   */
  crmApiUrl?: string;
  /** The site's own hosts (readSiteHosts): a pageUri on another one is not sent to HubSpot. */
  siteHosts?: readonly string[];
}

export interface LeadProtectionConfig {
  /** Origins allowed to POST to the lead functions (besides localhost on any port): SITE_URL, the marketing and staging hosts, LEAD_ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** Requests per client IP and function in one window (LEAD_RATE_LIMIT, default 20; 0 switches the limit off). */
  rateLimit: number;
  /** The rate-limit window in seconds (LEAD_RATE_WINDOW_SECONDS, default 60). */
  rateWindowSeconds: number;
  /** Reverse proxies in front of the functions that append to X-Forwarded-For (TRUSTED_PROXY_HOPS, default 0: use the socket address). */
  trustedProxyHops: number;
  /** The header the serverless host sets to the client's address (Netlify's), trusted only on that host. */
  hostIpHeader?: string;
  /** Pages on localhost may post (development, `npm start`); not in production (a serverless host). */
  allowLoopbackOrigins: boolean;
  /** Upload bytes one client may store per day (LEAD_UPLOAD_QUOTA_BYTES, default 50 MB). */
  uploadQuotaBytes: number;
  /**
   * Consent records (POST /api/consent) per client IP in one window (CONSENT_RATE_LIMIT, default 600; 0 switches
   * the limit off): generous, an office behind one address must still get through. Absent: the default.
   */
  consentRateLimit?: number;
  /** Its window in seconds (CONSENT_RATE_WINDOW_SECONDS, default 600). */
  consentRateWindowSeconds?: number;
}

const nonNegativeInt = (name: string, fallback: number) => {
  const value = Number(env(name) ?? fallback);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};
const origin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

export function readLeadProtection(siteUrl: string): LeadProtectionConfig {
  const hosts = [env("GATSBY_MARKETING_HOST") ?? "www.northdesk.com", env("GATSBY_STAGING_HOST") ?? "staging.northdesk.com"];
  const extra = (env("LEAD_ALLOWED_ORIGINS") ?? "").split(",").map((o) => o.trim());
  const allowedOrigins = [siteUrl, ...hosts.map((h) => `https://${h}`), ...extra].map((o) => (o ? origin(o) : undefined));
  return {
    allowedOrigins: [...new Set(allowedOrigins.filter((o): o is string => o !== undefined && o !== "null"))],
    rateLimit: nonNegativeInt("LEAD_RATE_LIMIT", 20),
    rateWindowSeconds: Math.max(1, nonNegativeInt("LEAD_RATE_WINDOW_SECONDS", 60)),
    trustedProxyHops: nonNegativeInt("TRUSTED_PROXY_HOPS", 0),
    // Netlify's edge sets it; trusted only in a Netlify function (a Netlify build served locally uses the socket)
    hostIpHeader: onServerless() && (onNetlify() || builtForNetlify) ? "x-nf-client-connection-ip" : undefined,
    allowLoopbackOrigins: !onServerless(),
    uploadQuotaBytes: nonNegativeInt("LEAD_UPLOAD_QUOTA_BYTES", 50 * 1024 * 1024),
    consentRateLimit: nonNegativeInt("CONSENT_RATE_LIMIT", 600),
    consentRateWindowSeconds: Math.max(1, nonNegativeInt("CONSENT_RATE_WINDOW_SECONDS", 600)),
  };
}

/**
 * Netlify sets NETLIFY=true at build time (netlify-cli's builds NETLIFY_LOCAL); its functions see only the
 * variables set in Netlify's UI. So a function knows it runs on Netlify from its build: Gatsby compiles the
 * functions with webpack's DefinePlugin, which replaces these literal `process.env.NETLIFY*` expressions
 * with the values they had when the site was built (unlike every other value here, read at run time
 * through runtimeEnv). The test is netlifyAdapterDetected's: a function built by the Netlify adapter. In
 * scripts and tests it is simply the current environment.
 */
const builtForNetlify = Boolean(process.env.NETLIFY) || Boolean(process.env.NETLIFY_LOCAL);
const onNetlify = () => env("NETLIFY") === "true";

/**
 * The functions run on a serverless host (Netlify's, or any AWS Lambda): each instance's disk is its own
 * and thrown away, so the file outbox must not be used there.
 */
const onServerless = () => onNetlify() || env("AWS_LAMBDA_FUNCTION_NAME") !== undefined;

/** Netlify stops a scheduled function after this long. */
export const NETLIFY_SCHEDULED_LIMIT_MS = 30_000;

export interface LeadsFlushConfig {
  /**
   * The flush starts no send after this many ms (LEADS_FLUSH_BUDGET_MS; default 20 s on a serverless host,
   * none elsewhere; 0 = none). Leads it did not reach stay pending for the next run.
   */
  budgetMs?: number;
  /**
   * The host stops the run at this many ms (30 s for Netlify's scheduled functions): sends that are still
   * running near it are cut short (their leads stay in doubt and are settled next run) so the report and
   * the alert are written before it.
   */
  hostLimitMs?: number;
  /** Leads sent at the same time (LEADS_FLUSH_CONCURRENCY, default 4, at most 16). */
  concurrency: number;
  /**
   * Days a lead HubSpot refused is kept for the operator (`npm run leads`) before it is deleted
   * (LEADS_REFUSED_RETENTION_DAYS, default 30, at least 1): it holds personal data (docs/lead-forms.md "Outcomes").
   */
  refusedRetentionDays?: number;
  /**
   * Days a consent record (proof of consent, docs/lead-forms.md) is kept after the decision before the flush deletes
   * it (CONSENT_RETENTION_DAYS, default 1095 = 3 years; 0 = kept forever). Absent: the default.
   */
  consentRetentionDays?: number;
}

export interface LeadsAlertConfig {
  /** Slack-compatible incoming webhook (LEADS_ALERT_WEBHOOK_URL); unset: no alerts. */
  webhookUrl?: string;
  /** Set when LEADS_ALERT_WEBHOOK_URL is set but is not an http(s) URL (the flush logs it). */
  webhookUrlInvalid: boolean;
  /** A lead pending or failing longer than this alerts (LEADS_ALERT_AFTER_MINUTES, default 60). */
  afterMinutes: number;
  /** At most one alert per this many minutes (LEADS_ALERT_EVERY_MINUTES, default 240). */
  everyMinutes: number;
}

export function readLeadsFlush(): LeadsFlushConfig {
  const budget = nonNegativeInt("LEADS_FLUSH_BUDGET_MS", onServerless() ? 20_000 : 0);
  return {
    budgetMs: budget > 0 ? budget : undefined,
    hostLimitMs: onServerless() ? NETLIFY_SCHEDULED_LIMIT_MS : undefined,
    concurrency: Math.min(16, Math.max(1, nonNegativeInt("LEADS_FLUSH_CONCURRENCY", 4))),
    refusedRetentionDays: Math.max(1, nonNegativeInt("LEADS_REFUSED_RETENTION_DAYS", 30)),
    consentRetentionDays: nonNegativeInt("CONSENT_RETENTION_DAYS", 1095),
  };
}

export function readLeadsAlerts(): LeadsAlertConfig {
  const raw = env("LEADS_ALERT_WEBHOOK_URL");
  let webhookUrl: string | undefined;
  try {
    const url = raw ? new URL(raw) : undefined;
    if (url && (url.protocol === "https:" || url.protocol === "http:")) webhookUrl = url.href;
  } catch {
    // reported through webhookUrlInvalid
  }
  return {
    webhookUrl,
    webhookUrlInvalid: raw !== undefined && webhookUrl === undefined,
    afterMinutes: Math.max(1, nonNegativeInt("LEADS_ALERT_AFTER_MINUTES", 60)),
    everyMinutes: Math.max(1, nonNegativeInt("LEADS_ALERT_EVERY_MINUTES", 240)),
  };
}

/**
 * The hosts a page of this site is on (docs/product-rules.md#hosts: the marketing and staging hosts and localhost, plus
 * SITE_URL's), lower case, without port: a submission's pageUri must be on one of them.
 */
export function readSiteHosts(siteUrl: string): string[] {
  const hosts = [env("GATSBY_MARKETING_HOST") ?? "www.northdesk.com", env("GATSBY_STAGING_HOST") ?? "staging.northdesk.com"];
  let siteHost: string | undefined;
  try {
    siteHost = new URL(siteUrl).hostname;
  } catch {
    siteHost = undefined;
  }
  return [
    ...new Set([...hosts, siteHost, "localhost", "127.0.0.1", "[::1]"].filter((h): h is string => Boolean(h)).map((h) => h.toLowerCase())),
  ];
}

/**
 * The build targets Netlify exactly when Gatsby's own adapter detection would pick gatsby-adapter-netlify
 * (the `test` of its entry in node_modules/gatsby/adapters.js): NETLIFY or NETLIFY_LOCAL set to any
 * non-empty value. netlify-cli (`netlify build`, `netlify serve`, `netlify deploy --build`) sets only
 * NETLIFY_LOCAL; were the two tests to differ, such a build would ship Gatsby's stock adapter and none of
 * the site's headers. Raw values on purpose, not env()'s trimmed ones: Gatsby counts " " as set.
 */
export const netlifyAdapterDetected = (): boolean => Boolean(runtimeEnv.NETLIFY) || Boolean(runtimeEnv.NETLIFY_LOCAL);

export function readServerConfig() {
  const spaceId = env("CONTENTFUL_SPACE_ID");
  const accessToken = env("CONTENTFUL_ACCESS_TOKEN");
  const portalId = env("HUBSPOT_PORTAL_ID");
  const hubspotToken = env("HUBSPOT_ACCESS_TOKEN");
  const imageCdnDomain = env("IMAGE_CDN_DOMAIN");
  const siteUrl = (env("SITE_URL") ?? "https://www.northdesk.com").replace(/\/$/, "");
  const hubspot: HubSpotConfig | undefined =
    portalId && hubspotToken
      ? {
          portalId,
          accessToken: hubspotToken,
          apiUrl: (env("HUBSPOT_API_URL") ?? "https://api.hsforms.com").replace(/\/$/, ""),
          timeoutMs: Number(env("HUBSPOT_TIMEOUT_MS") ?? 8000) || 8000,
          crmApiUrl: (env("HUBSPOT_API_URL") ?? "https://api.hubapi.com").replace(/\/$/, ""),
          siteHosts: readSiteHosts(siteUrl),
        }
      : undefined;
  return {
    siteUrl,
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
    hubspot,
    /**
     * Image CDN (docs/product-rules.md#images; an imgix-style host that pulls originals from the site): content images are
     * served from it when set. A bare domain such as images.northdesk.com; anything else fails the build.
     */
    imageCdnDomain: imageCdnDomain ? validateDomain(imageCdnDomain) : undefined,
    /**
     * Build-time sourcing of lead forms from HubSpot's marketing forms API v3 (HUBSPOT_ACCESS_TOKEN; HUBSPOT_API_URL
     * points it, like submissions, at another host such as the emulator; default https://api.hubapi.com).
     */
    hubspotForms: hubspotToken
      ? { accessToken: hubspotToken, apiUrl: (env("HUBSPOT_API_URL") ?? "https://api.hubapi.com").replace(/\/$/, "") }
      : undefined,
    /** The lead outbox and uploaded files (docs/architecture.md#lead-backend); relative to the working directory. */
    leadsDir: env("LEADS_DIR") ?? ".data/leads",
    /** PostgreSQL for leads, uploads and rate-limit counters (production); unset: the file outbox in leadsDir. */
    databaseUrl: env("DATABASE_URL"),
    /** Connections per function instance (DATABASE_POOL_SIZE, default 4). */
    databasePoolSize: Math.max(1, nonNegativeInt("DATABASE_POOL_SIZE", 4)),
    /** On a serverless host without DATABASE_URL the functions answer 503 rather than keep leads on a throwaway disk. */
    serverless: onServerless(),
    /** A build for Netlify (netlifyAdapterDetected: NETLIFY or NETLIFY_LOCAL): gatsby-config uses the Netlify adapter. */
    netlify: netlifyAdapterDetected(),
    /** In Netlify's own build image (it sets DEPLOY_ID): the adapter may keep Gatsby's cache between builds there. */
    netlifyBuild: netlifyAdapterDetected() && env("DEPLOY_ID") !== undefined,
    /** Origin check and per-IP rate limit of the lead functions. */
    protection: readLeadProtection(siteUrl),
    /** The scheduled flush's time budget and concurrency. */
    leadsFlush: readLeadsFlush(),
    /** Alerts the flush posts when leads stop reaching HubSpot. */
    leadsAlerts: readLeadsAlerts(),
    /** Bearer token of GET /api/leads/status (LEADS_STATUS_TOKEN); unset: the function answers 404. */
    leadsStatusToken: env("LEADS_STATUS_TOKEN"),
  };
}
export type ServerConfig = ReturnType<typeof readServerConfig>;

/**
 * Whether `gatsby build` regenerates src/gatsby-types.d.ts: only with TYPEGEN=1 (`npm test` sets it, then
 * fails on stale types). A production build has no use for them, and skipping them shortens every
 * rebuild; `gatsby develop` always regenerates them.
 */
export const typegenOnBuild = (): boolean => env("TYPEGEN") === "1";

/**
 * `npm run contentful:migrate` / `contentful:seed`: the space to write to. The management token
 * (CONTENTFUL_MANAGEMENT_TOKEN) is a secret of those scripts; builds never need it.
 */
export function readManagementConfig() {
  const spaceId = env("CONTENTFUL_SPACE_ID");
  const managementToken = env("CONTENTFUL_MANAGEMENT_TOKEN");
  if (!spaceId || !managementToken)
    throw new Error("Set CONTENTFUL_SPACE_ID and CONTENTFUL_MANAGEMENT_TOKEN (and optionally CONTENTFUL_ENVIRONMENT)");
  return {
    spaceId,
    managementToken,
    environment: env("CONTENTFUL_ENVIRONMENT") ?? "master",
    /** The Management API's host (default api.contentful.com); tests point it at a local stand-in. */
    managementHost: env("CONTENTFUL_MANAGEMENT_HOST"),
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
 * PERSONALIZATION_SDK (webpack's DefinePlugin, gatsby-node's onCreateWebpackConfig): whether a personalization
 * client id is set. When it is false, webpack drops the SDK's dynamic import (src/personalization/load-sdk.ts)
 * and never emits the SDK chunk.
 */
export function personalizationSdkConstant(): Record<string, string> {
  return { PERSONALIZATION_SDK: JSON.stringify(Boolean(env("GATSBY_NINETAILED_CLIENT_ID"))) };
}
