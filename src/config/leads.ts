/** The lead functions' protection, the scheduled flush and its alerts (docs/architecture.md#lead-backend). */
import {
  DEFAULT_ALERT_AFTER_MINUTES,
  DEFAULT_ALERT_EVERY_MINUTES,
  DEFAULT_CONSENT_RATE_LIMIT,
  DEFAULT_CONSENT_RATE_WINDOW_SECONDS,
  DEFAULT_CONSENT_RETENTION_DAYS,
  DEFAULT_FLUSH_CONCURRENCY,
  DEFAULT_HOSTS,
  DEFAULT_LEAD_RATE_LIMIT,
  DEFAULT_LEAD_RATE_WINDOW_SECONDS,
  DEFAULT_REFUSED_RETENTION_DAYS,
  DEFAULT_SERVERLESS_FLUSH_BUDGET_MS,
  DEFAULT_UPLOAD_QUOTA_BYTES,
  NETLIFY_SCHEDULED_LIMIT_MS,
} from "./defaults";
import { builtForNetlify, onNetlify, onServerless } from "./runtime-env";
import { readServerSettings, type ServerSettings } from "./server-schema";

// Each reader takes the parsed settings from readServerConfig, or parses them itself when called alone.

export interface LeadProtectionConfig {
  /** Origins allowed to POST to the lead functions (besides localhost on any port): SITE_URL, the marketing and staging hosts, LEAD_ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** Requests per client IP and function in one window (LEAD_RATE_LIMIT; 0 switches the limit off). */
  rateLimit: number;
  /** The rate-limit window in seconds (LEAD_RATE_WINDOW_SECONDS). */
  rateWindowSeconds: number;
  /** Reverse proxies in front of the functions that append to X-Forwarded-For (TRUSTED_PROXY_HOPS; 0: the socket address). */
  trustedProxyHops: number;
  /** The header the serverless host sets to the client's address (Netlify's), trusted only on that host. */
  hostIpHeader?: string;
  /** Pages on localhost may post (development, `npm start`); not in production (a serverless host). */
  allowLoopbackOrigins: boolean;
  /** Upload bytes one client may store per day (LEAD_UPLOAD_QUOTA_BYTES). */
  uploadQuotaBytes: number;
  /** Consent records (POST /api/consent) per client IP in one window (CONSENT_RATE_LIMIT; 0 switches it off). Absent: the default. */
  consentRateLimit?: number;
  /** Its window in seconds (CONSENT_RATE_WINDOW_SECONDS). */
  consentRateWindowSeconds?: number;
}

export interface LeadsFlushConfig {
  /** The flush starts no send after this many ms (LEADS_FLUSH_BUDGET_MS; default on a serverless host only; 0 = none). */
  budgetMs?: number;
  /** The host stops the run at this many ms: sends still running near it are cut short so the report is written. */
  hostLimitMs?: number;
  /** Leads sent at the same time (LEADS_FLUSH_CONCURRENCY). */
  concurrency: number;
  /** Days a lead HubSpot refused is kept for `npm run leads` (LEADS_REFUSED_RETENTION_DAYS). Absent: the default. */
  refusedRetentionDays?: number;
  /** Days a consent record is kept after the decision (CONSENT_RETENTION_DAYS; 0 = for ever). Absent: the default. */
  consentRetentionDays?: number;
}

export interface LeadsAlertConfig {
  /** Slack-compatible incoming webhook (LEADS_ALERT_WEBHOOK_URL); unset: no alerts. */
  webhookUrl?: string;
  /** A lead pending or failing longer than this alerts (LEADS_ALERT_AFTER_MINUTES). */
  afterMinutes: number;
  /** At most one alert per this many minutes (LEADS_ALERT_EVERY_MINUTES). */
  everyMinutes: number;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};
const siteHostsOf = (settings: ServerSettings) => [
  settings.GATSBY_MARKETING_HOST ?? DEFAULT_HOSTS.marketing,
  settings.GATSBY_STAGING_HOST ?? DEFAULT_HOSTS.staging,
];

export function readLeadProtection(siteUrl: string, settings = readServerSettings()): LeadProtectionConfig {
  const origins = [siteUrl, ...siteHostsOf(settings).map((h) => `https://${h}`), ...(settings.LEAD_ALLOWED_ORIGINS ?? [])].map(originOf);
  return {
    allowedOrigins: [...new Set(origins.filter((o): o is string => o !== undefined && o !== "null"))],
    rateLimit: settings.LEAD_RATE_LIMIT ?? DEFAULT_LEAD_RATE_LIMIT,
    rateWindowSeconds: settings.LEAD_RATE_WINDOW_SECONDS ?? DEFAULT_LEAD_RATE_WINDOW_SECONDS,
    trustedProxyHops: settings.TRUSTED_PROXY_HOPS ?? 0,
    // Netlify's edge sets it; trusted only in a Netlify function (a Netlify build served locally uses the socket)
    hostIpHeader: onServerless() && (onNetlify() || builtForNetlify) ? "x-nf-client-connection-ip" : undefined,
    allowLoopbackOrigins: !onServerless(),
    uploadQuotaBytes: settings.LEAD_UPLOAD_QUOTA_BYTES ?? DEFAULT_UPLOAD_QUOTA_BYTES,
    consentRateLimit: settings.CONSENT_RATE_LIMIT ?? DEFAULT_CONSENT_RATE_LIMIT,
    consentRateWindowSeconds: settings.CONSENT_RATE_WINDOW_SECONDS ?? DEFAULT_CONSENT_RATE_WINDOW_SECONDS,
  };
}

export function readLeadsFlush(settings = readServerSettings()): LeadsFlushConfig {
  const budget = settings.LEADS_FLUSH_BUDGET_MS ?? (onServerless() ? DEFAULT_SERVERLESS_FLUSH_BUDGET_MS : 0);
  return {
    budgetMs: budget > 0 ? budget : undefined,
    hostLimitMs: onServerless() ? NETLIFY_SCHEDULED_LIMIT_MS : undefined,
    concurrency: settings.LEADS_FLUSH_CONCURRENCY ?? DEFAULT_FLUSH_CONCURRENCY,
    refusedRetentionDays: settings.LEADS_REFUSED_RETENTION_DAYS ?? DEFAULT_REFUSED_RETENTION_DAYS,
    consentRetentionDays: settings.CONSENT_RETENTION_DAYS ?? DEFAULT_CONSENT_RETENTION_DAYS,
  };
}

export function readLeadsAlerts(settings = readServerSettings()): LeadsAlertConfig {
  return {
    webhookUrl: settings.LEADS_ALERT_WEBHOOK_URL === undefined ? undefined : new URL(settings.LEADS_ALERT_WEBHOOK_URL).href,
    afterMinutes: settings.LEADS_ALERT_AFTER_MINUTES ?? DEFAULT_ALERT_AFTER_MINUTES,
    everyMinutes: settings.LEADS_ALERT_EVERY_MINUTES ?? DEFAULT_ALERT_EVERY_MINUTES,
  };
}

/**
 * The hosts a page of this site is on (docs/product-rules.md#hosts: the marketing and staging hosts and localhost, plus
 * SITE_URL's), lower case, without port: a submission's pageUri must be on one of them.
 */
export function readSiteHosts(siteUrl: string, settings = readServerSettings()): string[] {
  const siteHost = originOf(siteUrl) ? new URL(siteUrl).hostname : undefined;
  return [
    ...new Set(
      [...siteHostsOf(settings), siteHost, "localhost", "127.0.0.1", "[::1]"]
        .filter((h): h is string => Boolean(h))
        .map((h) => h.toLowerCase()),
    ),
  ];
}
