/**
 * The scan behind tests/src/vendors/undeclared-uses.test.ts: every vendor id, third-party host and cookie or
 * storage key the site's code, the bench and the test fixtures use must be declared in the vendor catalog
 * (src/vendors/), or be a first-party name on FIRST_PARTY below, with its reason.
 */
import fs from "node:fs";
import path from "node:path";
import { VENDORS, VENDOR_IDS } from "../../../src/vendors/catalog";
import { CONSENT_MANAGER_RECIPIENTS } from "../../../src/vendors/consent-manager";
import { NECESSARY_STORES, SITE_STORES } from "../../../src/vendors/site";
import type { DeclaredStores } from "../../../src/vendors/types";

export interface SourceFile {
  path: string;
  text: string;
}

/** Names that are the site's own or no vendor's, each with why it needs no catalog entry. */
export const FIRST_PARTY: Readonly<Record<string, string>> = {
  // Hosts
  "northdesk.com": "the site itself, its staging, app and status hosts",
  localhost: "local development and tests",
  "127.0.0.1": "local development and tests",
  "site.invalid": "a base for parsing relative URLs",
  "example.com": "placeholder hosts in tests and fixtures",
  "touch.test": "a fixture page host",
  "xss.third-party.test": "a hostile URL in the sanitizer fixtures, never loaded",
  "experience.ninetailed.co": "personalization: its SDK is bundled, not a vendor script (src/config/third-party.ts)",
  "api.ipify.org": "the lead form's IP lookup (GATSBY_IP_LOOKUP_URL), no script and no store",
  "api.hubapi.com": "HubSpot's server-side API, called by the functions only",
  "api.hsforms.com": "HubSpot's server-side forms API, called by the functions only",
  "schema.org": "structured-data vocabulary, no request",
  "www.w3.org": "XML namespaces, no request",
  "x.com": "the footer's social link",
  "facebook.com": "the footer's social link",
  "linkedin.com": "the footer's social link",
  "instagram.com": "the footer's social link",
  "hooks.slack.com": "the leads alert webhook, server side",
  "cdn.contentful.com": "the content source, read at build time",
  "images.ctfassets.net": "Contentful's image CDN: content, no script and no store",
  "lucide.dev": "the icon set's credit link on the design-system page",
  "fb.com": "a social referrer attribution recognizes (src/browser/attribution.ts), no request",
  "twitter.com": "a social referrer attribution recognizes, no request",
  "t.co": "a social referrer attribution recognizes, no request",
  "youtube.com": "a social referrer attribution recognizes, no request",
  "reddit.com": "a social referrer attribution recognizes, no request",
  "pinterest.com": "a social referrer attribution recognizes, no request",
  "quora.com": "a social referrer attribution recognizes, no request",
  "tiktok.com": "a social referrer attribution recognizes, no request",
  "threads.net": "a social referrer attribution recognizes, no request",
  // Variables
  GATSBY_ANALYTICS_BEACON_URL: "the site's own analytics beacon endpoint (src/config/analytics.ts)",
  GATSBY_NINETAILED_CLIENT_ID: "personalization, bundled (src/config/third-party.ts)",
  GATSBY_NINETAILED_URL: "personalization, bundled (src/config/third-party.ts)",
  GATSBY_IP_LOOKUP_URL: "the lead form's IP lookup, no script and no store",
  GATSBY_ROOT_ID: "Gatsby's own root element id, no variable",
  GATSBY_FOCUS_WRAPPER_ID: "Gatsby's own focus wrapper id, no variable",
  // Stored keys
  OptanonAlertBoxClosed: "OneTrust's own necessary cookie, read by its adapter; the manager's notice lists its cookies",
};

/** Every store pattern the catalog declares: the vendors', the site's own and the necessary ones. */
export function declaredStores(): string[] {
  const names = (s: DeclaredStores | undefined) => [
    ...Object.keys(s?.cookies ?? {}),
    ...Object.keys(s?.localStorage ?? {}),
    ...Object.keys(s?.sessionStorage ?? {}),
  ];
  return [
    ...VENDORS.flatMap((v) => [...names(v.stores), ...Object.values(v.categoryStores ?? {}).flatMap(names)]),
    ...Object.values(SITE_STORES).flatMap((s) => names(s.stores)),
    ...names(NECESSARY_STORES.stores),
  ];
}

const hostOf = (source: string) =>
  source
    .replace(/^[a-z]+:\/\//, "")
    .replace(/^\*\./, "")
    .replace(/[/:?].*$/, "");

/** Every host the catalog declares: its scripts, CSP sources and recipients' policies, under any configuration. */
export function declaredHosts(envHosts: readonly string[]): string[] {
  const hosts = new Set<string>(envHosts);
  for (const v of VENDORS) {
    if (v.src) hosts.add(hostOf(v.src("id")));
    const csp = v.csp({ origin: undefined, consentProvider: "any" });
    for (const sources of Object.values(csp)) for (const source of sources ?? []) hosts.add(hostOf(source));
    if (v.recipient.policyUrl.startsWith("https://")) hosts.add(hostOf(v.recipient.policyUrl));
  }
  for (const r of Object.values(CONSENT_MANAGER_RECIPIENTS)) hosts.add(hostOf(r.policyUrl));
  return [...hosts];
}

/** Code without its comments (a link to a vendor's documentation is a reference, not a use). */
export const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");

const matchesPattern = (pattern: string, name: string) =>
  pattern.endsWith("*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
const allowedHost = (host: string, declared: readonly string[]) =>
  [...declared, ...Object.keys(FIRST_PARTY)].some((h) => host === h || host.endsWith(`.${h}`));

const TLD = "(?:com|net|io|co|org|test|dev|eu|app|ai|google)";
const HOSTS = [
  new RegExp(`(?:https?|wss)://(?:\\*\\.)?([a-z0-9.-]+\\.${TLD})\\b`, "g"),
  new RegExp(`["'\`]((?:[a-z0-9-]+\\.)+${TLD})["'\`]`, "g"),
];
const KEYS = [
  /\b(?:getItem|setItem|removeItem)\(\s*["'`]([^"'`]+)["'`]/g,
  /cookie\s*=\s*["'`]([A-Za-z0-9_.*-]+)=/g,
  /["'`]((?:nd|__nt)_[a-z0-9_]+)["'`]/g,
];
const IDS = [
  /\bids\[\s*["'`]([^"'`]+)["'`]\s*\]/g,
  /VENDOR_REQUEST_EVENT,\s*\{\s*detail:\s*["'`]([^"'`]+)["'`]/g,
  /\bvendor\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
];
const ENV = /\bGATSBY_[A-Z_]+_(?:ID|URL)\b/g;

/** What `files` use that the catalog does not declare: one line per use, "file: kind name". */
export function undeclaredUses(files: readonly SourceFile[], envHosts: readonly string[] = []): string[] {
  const hosts = declaredHosts(envHosts);
  const stores = declaredStores();
  const envs = new Set<string>(VENDORS.map((v) => v.env));
  const problems: string[] = [];
  for (const file of files) {
    const code = withoutComments(file.text);
    const each = (patterns: RegExp[], check: (name: string) => boolean, kind: string) => {
      for (const pattern of patterns)
        for (const m of code.matchAll(pattern)) if (!check(m[1] ?? m[0])) problems.push(`${file.path}: ${kind} ${m[1] ?? m[0]}`);
    };
    each(HOSTS, (host) => allowedHost(host, hosts), "host");
    each(KEYS, (key) => key in FIRST_PARTY || stores.some((p) => matchesPattern(p, key)), "stored key");
    each(IDS, (id) => (VENDOR_IDS as readonly string[]).includes(id), "vendor id");
    each([ENV], (name) => envs.has(name) || name in FIRST_PARTY, "vendor variable");
  }
  return [...new Set(problems)];
}

/** The files the scan reads: src/, the bench's vendor stand-ins and the test fixtures. */
export function scannedFiles(root: string, dirs = ["src", "scripts/bench", "tests/fixtures"]): SourceFile[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return walk(rel);
      return /\.(ts|tsx|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [rel] : [];
    });
  return dirs.flatMap(walk).map((file) => ({ path: file, text: fs.readFileSync(path.join(root, file), "utf8") }));
}
