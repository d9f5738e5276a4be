/**
 * One schema for the public settings (the GATSBY_* variables the browser bundle and the early script inline),
 * checked once at build start (gatsby-node onPreInit): a bad value fails the build with the variable's name and
 * why, instead of a site that quietly ignores it. The readers (consent.ts, third-party.ts, hosts.ts,
 * analytics.ts) then only narrow. Build code only: zod must not reach the browser bundle, so nothing but
 * gatsby-node imports this module.
 *
 * A blank value counts as unset, as the readers count it.
 */
import { z } from "zod";
import { CONSENT_POLICIES, OPTIONAL_CATEGORIES } from "../lib/consent-model";
import { CONSENT_PROVIDERS } from "./consent";

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(" or ");

/** An https:// URL or a root-relative path: a script or endpoint the page loads. */
const isHttpsOrRootRelative = (value: string): boolean => {
  if (value.startsWith("/")) return !value.startsWith("//");
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
};
const isHttpUrl = (value: string): boolean => {
  try {
    return ["https:", "http:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const TOKEN = /^[\w.-]+$/;
const GROUP_PAIR = new RegExp(`^[^\\s:,]+:(?:${OPTIONAL_CATEGORIES.join("|")})$`);

const scriptUrl = z.string().refine(isHttpsOrRootRelative, "must be an https:// URL or a root-relative path");
const url = z.string().refine(isHttpUrl, "must be an http(s) URL");
const token = z.string().regex(TOKEN, "must be one token (letters, digits, '-', '_', '.')");
const host = z.string().regex(HOST_NAME, "must be a host name, without scheme, port or path (such as www.example.com)");

/** Blank is unset (as the readers treat it); anything else is checked trimmed. */
const blankIsUnset = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());

const shape = {
  GATSBY_CONSENT_POLICY: optional(z.enum(CONSENT_POLICIES, { error: `must be ${quoted(CONSENT_POLICIES)}` })),
  GATSBY_CONSENT_PROVIDER: optional(z.enum(CONSENT_PROVIDERS, { error: `must be ${quoted(CONSENT_PROVIDERS)}` })),
  GATSBY_CONSENT_SCRIPT_URL: optional(scriptUrl),
  GATSBY_ONETRUST_GROUPS: optional(
    z
      .string()
      .refine(
        (value) => value.split(",").every((pair) => GROUP_PAIR.test(pair.trim())),
        `must be a comma-separated list of <group>:<${OPTIONAL_CATEGORIES.join("|")}> (such as C0002:analytics,C0004:marketing)`,
      ),
  ),
  GATSBY_ONETRUST_DOMAIN_SCRIPT: optional(token),
  GATSBY_GTM_ID: optional(token),
  GATSBY_GTAG_ID: optional(token),
  GATSBY_HUBSPOT_PORTAL_ID: optional(token),
  GATSBY_BEACON_ID: optional(token),
  GATSBY_HEAP_ID: optional(token),
  GATSBY_VISITOR_ANALYTICS_URL: optional(scriptUrl),
  GATSBY_PRODUCT_ANALYTICS_URL: optional(scriptUrl),
  GATSBY_AD_PIXEL_URL: optional(scriptUrl),
  GATSBY_SALES_INTELLIGENCE_URL: optional(scriptUrl),
  GATSBY_PARTNER_REFERRAL_URL: optional(scriptUrl),
  GATSBY_VISITOR_INTELLIGENCE_URL: optional(scriptUrl),
  GATSBY_SPEED_INSIGHTS_URL: optional(scriptUrl),
  GATSBY_ANALYTICS_BEACON_URL: optional(scriptUrl),
  GATSBY_PRODUCT_ANALYTICS_TOKEN: optional(token),
  GATSBY_NINETAILED_CLIENT_ID: optional(token),
  GATSBY_NINETAILED_ENVIRONMENT: optional(token),
  GATSBY_NINETAILED_URL: optional(url),
  GATSBY_IP_LOOKUP_URL: optional(url),
  GATSBY_MARKETING_HOST: optional(host),
  GATSBY_STAGING_HOST: optional(host),
  GATSBY_APP_HOST: optional(host),
};
export type PublicSettingName = keyof typeof shape;
/** The variables the schema checks. */
export const PUBLIC_SETTINGS = Object.keys(shape) as PublicSettingName[];

export const publicSettingsSchema = z.object(shape).superRefine((settings, context) => {
  if (settings.GATSBY_CONSENT_PROVIDER && !settings.GATSBY_CONSENT_SCRIPT_URL)
    context.addIssue({
      code: "custom",
      path: ["GATSBY_CONSENT_PROVIDER"],
      message: "needs GATSBY_CONSENT_SCRIPT_URL, the consent manager's script",
    });
});

export interface PublicSettingsCheck {
  /** Settings that are valid but have no effect, to be shown to whoever runs the build. */
  warnings: string[];
}

/**
 * Checks the environment's public settings. Throws an Error naming each bad variable and why, e.g.
 * `GATSBY_CONSENT_POLICY must be "opt-in" or "opt-out" (got "optin")`.
 */
export function checkPublicSettings(env: Record<string, string | undefined>): PublicSettingsCheck {
  const result = publicSettingsSchema.safeParse(Object.fromEntries(PUBLIC_SETTINGS.map((name) => [name, env[name]])));
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const value = env[name];
      return `${name} ${issue.message}${value === undefined ? "" : ` (got ${JSON.stringify(value)})`}`;
    });
    throw new Error(`Invalid public settings:\n- ${problems.join("\n- ")}`);
  }
  const warnings: string[] = [];
  if (result.data.GATSBY_CONSENT_SCRIPT_URL && !result.data.GATSBY_CONSENT_PROVIDER)
    warnings.push(
      "GATSBY_CONSENT_SCRIPT_URL is ignored: the built-in banner is used; set GATSBY_CONSENT_PROVIDER to use a hosted consent manager",
    );
  return { warnings };
}
