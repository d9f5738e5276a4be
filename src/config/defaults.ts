/** Every server setting's embedded default, written once (the README's configuration table lists them). */
import { DEFAULT_HOSTS } from "./hosts";

export { DEFAULT_HOSTS };
/** SITE_URL: the marketing host's origin. */
export const DEFAULT_SITE_URL = `https://${DEFAULT_HOSTS.marketing}`;

/** HUBSPOT_API_URL unset: submissions go to the Forms API, form listings and definitions to the CRM API. */
export const DEFAULT_HUBSPOT_FORMS_API_URL = "https://api.hsforms.com";
export const DEFAULT_HUBSPOT_CRM_API_URL = "https://api.hubapi.com";
/** HUBSPOT_TIMEOUT_MS. */
export const DEFAULT_HUBSPOT_TIMEOUT_MS = 8000;
/** CONTENTFUL_ENVIRONMENT. */
export const DEFAULT_CONTENTFUL_ENVIRONMENT = "master";
/** LEADS_DIR. */
export const DEFAULT_LEADS_DIR = ".data/leads";
/** DATABASE_POOL_SIZE. */
export const DEFAULT_DATABASE_POOL_SIZE = 4;

/** LEAD_RATE_LIMIT requests per LEAD_RATE_WINDOW_SECONDS. */
export const DEFAULT_LEAD_RATE_LIMIT = 20;
export const DEFAULT_LEAD_RATE_WINDOW_SECONDS = 60;
/** LEAD_UPLOAD_QUOTA_BYTES: 50 MB a day. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 50 * 1024 * 1024;
/** CONSENT_RATE_LIMIT per CONSENT_RATE_WINDOW_SECONDS: generous, an office behind one address must get through. */
export const DEFAULT_CONSENT_RATE_LIMIT = 600;
export const DEFAULT_CONSENT_RATE_WINDOW_SECONDS = 600;

/** Netlify stops a scheduled function after this long. */
export const NETLIFY_SCHEDULED_LIMIT_MS = 30_000;
/** LEADS_FLUSH_BUDGET_MS on a serverless host (elsewhere: none). */
export const DEFAULT_SERVERLESS_FLUSH_BUDGET_MS = 20_000;
/** LEADS_FLUSH_CONCURRENCY, and its ceiling. */
export const DEFAULT_FLUSH_CONCURRENCY = 4;
export const MAX_FLUSH_CONCURRENCY = 16;
/** LEADS_REFUSED_RETENTION_DAYS: refused leads hold personal data (docs/lead-forms.md "Outcomes"). */
export const DEFAULT_REFUSED_RETENTION_DAYS = 30;
/** CONSENT_RETENTION_DAYS: 3 years (0 keeps them). */
export const DEFAULT_CONSENT_RETENTION_DAYS = 1095;
/** LEADS_ALERT_AFTER_MINUTES, LEADS_ALERT_EVERY_MINUTES. */
export const DEFAULT_ALERT_AFTER_MINUTES = 60;
export const DEFAULT_ALERT_EVERY_MINUTES = 240;
/** CSP violation report requests per client address per minute: a page with a broken vendor sends a few a load. */
export const DEFAULT_CSP_REPORT_RATE_LIMIT = 60;
