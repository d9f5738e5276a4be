/**
 * Public (browser) configuration. Gatsby inlines process.env.GATSBY_* at build time, so each
 * variable must be written out literally here; nothing secret belongs in a GATSBY_* variable.
 */
const pick = (value: string | undefined, fallback: string) => (value && value.trim() !== "" ? value.trim() : fallback);

export const publicConfig = {
  hosts: {
    marketing: pick(process.env.GATSBY_MARKETING_HOST, "www.northdesk.com"),
    staging: pick(process.env.GATSBY_STAGING_HOST, "staging.northdesk.com"),
    app: pick(process.env.GATSBY_APP_HOST, "secure.northdesk.com"),
  },
  signupPath: "/members/register/",
  loginPath: "/members/login/",
  /** Public IP lookup the lead form calls before every submit (SPEC 7.1); must answer {"ip": "..."}. */
  ipLookupUrl: pick(process.env.GATSBY_IP_LOOKUP_URL, "https://api.ipify.org?format=json"),
} as const;
