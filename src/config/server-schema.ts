/**
 * One schema for the server settings (everything that is not GATSBY_*, plus the hosts the functions check
 * origins against), parsed by readServerConfig and its parts: a bad value throws at start with the variable's
 * name and what it must be (STYLE.md: never a silent fallback).
 */
import { z } from "zod";
import { MAX_FLUSH_CONCURRENCY } from "./defaults";
import { flag, host, httpUrl, integer, list, optional, parseSettings, postgresUrl, strongSecret } from "./kinds";
import { runtimeEnv } from "./runtime-env";

const isOrigin = (value: string): boolean => {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin !== "null";
  } catch {
    return false;
  }
};
const text = z.string();

const shape = {
  SITE_URL: optional(httpUrl),
  CONTENT_DIR: optional(text),
  TYPEGEN: optional(text),
  CONTENTFUL_SPACE_ID: optional(text),
  CONTENTFUL_ACCESS_TOKEN: optional(text),
  CONTENTFUL_ENVIRONMENT: optional(text),
  CONTENTFUL_HOST: optional(text),
  CONTENTFUL_MANAGEMENT_TOKEN: optional(text),
  CONTENTFUL_MANAGEMENT_HOST: optional(text),
  HUBSPOT_PORTAL_ID: optional(text),
  HUBSPOT_ACCESS_TOKEN: optional(text),
  HUBSPOT_API_URL: optional(httpUrl),
  HUBSPOT_TIMEOUT_MS: optional(integer(1)),
  IMAGE_CDN_DOMAIN: optional(text),
  LEADS_DIR: optional(text),
  DATABASE_URL: optional(postgresUrl),
  DATABASE_POOL_SIZE: optional(integer(1)),
  LEAD_RATE_LIMIT: optional(integer(0)),
  LEAD_RATE_WINDOW_SECONDS: optional(integer(1)),
  TRUSTED_PROXY_HOPS: optional(integer(0)),
  LEAD_ALLOWED_ORIGINS: optional(list(isOrigin, "http(s) origins (such as https://partner.example.com)")),
  LEAD_UPLOAD_QUOTA_BYTES: optional(integer(0)),
  CONSENT_RATE_LIMIT: optional(integer(0)),
  CONSENT_RATE_WINDOW_SECONDS: optional(integer(1)),
  LEADS_FLUSH_BUDGET_MS: optional(integer(0)),
  LEADS_FLUSH_CONCURRENCY: optional(integer(1, MAX_FLUSH_CONCURRENCY)),
  LEADS_REFUSED_RETENTION_DAYS: optional(integer(1)),
  CONSENT_RETENTION_DAYS: optional(integer(0)),
  LEADS_ALERT_WEBHOOK_URL: optional(httpUrl),
  LEADS_ALERT_AFTER_MINUTES: optional(integer(1)),
  LEADS_ALERT_EVERY_MINUTES: optional(integer(1)),
  LEADS_STATUS_TOKEN: optional(strongSecret),
  CSP_REPORT_ONLY: optional(flag),
  CSP_REPORTS_FILE: optional(text),
  CSP_REPORT_RATE_LIMIT: optional(integer(0)),
  DEPLOY_ID: optional(text),
  AWS_LAMBDA_FUNCTION_NAME: optional(text),
  // the hosts a lead's page and origin may be on; the same rule as the public schema's
  GATSBY_MARKETING_HOST: optional(host),
  GATSBY_STAGING_HOST: optional(host),
  // Contentful Live Preview (docs/content.md#live-preview): the preview server's access secret, and the
  // public switch and web-app origins the browser also reads (src/config/live-preview.ts)
  PREVIEW_SECRET: optional(strongSecret),
  GATSBY_CONTENTFUL_LIVE_PREVIEW: optional(z.enum(["true", "false"])),
  GATSBY_CONTENTFUL_PREVIEW_ORIGINS: optional(list(isOrigin, "http(s) origins (such as https://app.contentful.com)")),
};
export const serverSettingsSchema = z.object(shape);
export type ServerSettings = z.output<typeof serverSettingsSchema>;
export const SERVER_SETTINGS = Object.keys(shape) as (keyof typeof shape)[];
/** Never echoed in an error. */
const SECRETS = [
  "CONTENTFUL_ACCESS_TOKEN",
  "CONTENTFUL_MANAGEMENT_TOKEN",
  "HUBSPOT_ACCESS_TOKEN",
  "DATABASE_URL",
  "LEADS_ALERT_WEBHOOK_URL",
  "LEADS_STATUS_TOKEN",
  "PREVIEW_SECRET",
];

/** The server settings of `env` (default: the running process's), checked; throws naming every bad one. */
export const readServerSettings = (env: Record<string, string | undefined> = runtimeEnv): ServerSettings =>
  parseSettings("server settings", serverSettingsSchema, SERVER_SETTINGS, env, SECRETS);
