/**
 * One schema for the public settings (the GATSBY_* variables the browser bundle and the early script inline),
 * checked once at build start (gatsby-node onPreInit): a bad value fails the build with the variable's name
 * and why, instead of a site that quietly ignores it.
 */
import { z } from "zod";
import { CONSENT_POLICIES, OPTIONAL_CATEGORIES } from "../lib/consent-model";
import { CONSENT_PROVIDERS } from "./consent";
import { VENDORS, type VendorEnv } from "../vendors/catalog";
import { host, httpUrl as url, list, optional, parseSettings, quoted, scriptUrl, token } from "./kinds";

const GROUP_PAIR = new RegExp(`^[^\\s:,]+:(?:${OPTIONAL_CATEGORIES.join("|")})$`);
/** A root-relative path, "/x/*" for /x/ and below. */
const PAGE_PATH = /^\/[^\s*,]*(?:\*)?$/;

/** Each vendor's variable (src/vendors/catalog.ts): an id when its entry builds the address, else the script's URL. */
const vendorVariables = Object.fromEntries(VENDORS.map((v) => [v.env, optional(v.src ? token : scriptUrl)])) as unknown as Record<
  VendorEnv,
  ReturnType<typeof optional>
>;

const shape = {
  ...vendorVariables,
  GATSBY_CONSENT_POLICY: optional(z.enum(CONSENT_POLICIES, { error: `must be ${quoted(CONSENT_POLICIES)}` })),
  GATSBY_CONSENT_PROVIDER: optional(z.enum(CONSENT_PROVIDERS, { error: `must be ${quoted(CONSENT_PROVIDERS)}` })),
  GATSBY_ONETRUST_GROUPS: optional(
    z
      .string()
      .refine(
        (value) => value.split(",").every((pair) => GROUP_PAIR.test(pair.trim())),
        `must be a comma-separated list of <group>:<${OPTIONAL_CATEGORIES.join("|")}> (such as C0002:analytics,C0004:marketing)`,
      ),
  ),
  GATSBY_ONETRUST_DOMAIN_SCRIPT: optional(token),
  GATSBY_SALES_INTELLIGENCE_PATHS: optional(list((entry) => PAGE_PATH.test(entry), "root-relative paths (such as /pricing/,/blog/*)")),
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

/** Checks the environment's public settings. */
export function checkPublicSettings(env: Record<string, string | undefined>): PublicSettingsCheck {
  const settings = parseSettings("public settings", publicSettingsSchema, PUBLIC_SETTINGS, env);
  const warnings: string[] = [];
  if (settings.GATSBY_CONSENT_SCRIPT_URL && !settings.GATSBY_CONSENT_PROVIDER)
    warnings.push(
      "GATSBY_CONSENT_SCRIPT_URL is ignored: the built-in banner is used; set GATSBY_CONSENT_PROVIDER to use a hosted consent manager",
    );
  return { warnings };
}
