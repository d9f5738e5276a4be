/**
 * The site's security and caching headers, in one place (docs/architecture.md#security): the strict policy and
 * its reporting (docs/security.md#the-policy), a year for hashed files, revalidated for everything else.
 */
import fs from "node:fs";
import path from "node:path";
import { configuredVendorHosts, httpsOrigin } from "../../vendors/sources";
import type { ThirdPartySettings } from "../../config/third-party";
import { readConsentSettings, type ConsentSettings } from "../../config/consent";
import type { BuiltPage } from "../html/html-output";
import {
  CACHE_HEADER,
  CACHE_REVALIDATE,
  cacheRules,
  checkCacheRules,
  hashedAssets,
  header,
  isCacheHeader,
  listFiles,
  SecurityHeadersError,
  parseHeadersFile,
  type HeaderEntry,
  type HeaderRule,
} from "./host-rules";

export * from "./host-rules";

/** Where onPostBuild leaves the rules for scripts/serve.ts, relative to the site's root. */
export const HEADERS_MANIFEST = path.join(".cache", "security-headers.json");

export const CSP_HEADER = "Content-Security-Policy";

/** Headers every response carries, whatever the path. */
export const STATIC_SECURITY_HEADERS: readonly HeaderEntry[] = [
  // Two years, as the HSTS preload list requires; browsers ignore it over plain http (localhost).
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains; preload" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Only features Chromium knows (an unknown one is logged as an error on every page).
  {
    key: "Permissions-Policy",
    value: "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()",
  },
  // For browsers without CSP frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/** What the policy names beyond the site itself, derived from the public configuration. */
export interface PolicySources {
  /** Where forms may post besides the site (the app host's sign-up and login). */
  formOrigins: string[];
  /** The vendors' frame-src hosts; none: frame-src 'none'. */
  frameOrigins: string[];
  /** The vendors' WebSocket hosts (connect-src `https:` does not match `wss:`). */
  socketOrigins: string[];
}

/** Where the browsers post violation reports (src/api/csp-report.ts), and the Reporting API's name for it. */
export const CSP_REPORT_PATH = "/api/csp-report";
export const CSP_REPORT_GROUP = "csp";
export const REPORTING_ENDPOINTS_HEADER = "Reporting-Endpoints";
export const CSP_REPORT_ONLY_HEADER = "Content-Security-Policy-Report-Only";
/** The header the policy goes in: enforced, or only reported (CSP_REPORT_ONLY, docs/security.md#report-only). */
export const cspHeaderName = (reportOnly = false) => (reportOnly ? CSP_REPORT_ONLY_HEADER : CSP_HEADER);

const originOf = httpsOrigin;
const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].sort();

/** Each configured vendor's frames and sockets (configuredVendorHosts) and the app host's forms. */
export function policySources(
  settings: ThirdPartySettings,
  consent: Pick<ConsentSettings, "provider"> = readConsentSettings(),
): PolicySources {
  const vendors = configuredVendorHosts(settings.scriptIds, { consentProvider: consent.provider?.name });
  return {
    formOrigins: unique([originOf(`https://${settings.appHost}/`)]),
    frameOrigins: vendors["frame-src"],
    socketOrigins: vendors["connect-src"].filter((source) => source.startsWith("wss://")),
  };
}

/**
 * One strict policy (docs/security.md#the-policy): scripts by the inline scripts' hashes and 'strict-dynamic',
 * no host; `'unsafe-inline' https:` are only the fallbacks of CSP1/2 browsers, which CSP3 ignores beside a hash
 * and 'strict-dynamic'. style-src keeps 'unsafe-inline': styled-components adds <style> elements at run time
 * and the server-rendered HTML carries style attributes.
 */
export function contentSecurityPolicy(sources: PolicySources, scriptHashes: readonly string[]): string {
  const list = (...values: string[]) => values.filter(Boolean).join(" ");
  const directives: [string, string][] = [
    ["default-src", "'self'"],
    ["script-src", list("'strict-dynamic'", ...[...new Set(scriptHashes)].sort(), "'unsafe-inline'", "https:")],
    ["style-src", "'self' 'unsafe-inline'"],
    ["img-src", "'self' https: data:"],
    ["font-src", "'self' data:"],
    ["connect-src", list("'self'", "https:", ...unique(sources.socketOrigins))],
    ["frame-src", sources.frameOrigins.length ? list(...unique(sources.frameOrigins)) : "'none'"],
    // Not default-src's 'self' by fallback: worker-src falls back to script-src.
    ["worker-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["form-action", list("'self'", ...sources.formOrigins)],
    ["frame-ancestors", "'none'"],
    // report-to where the Reporting API is on (Reporting-Endpoints), report-uri everywhere else
    ["report-uri", CSP_REPORT_PATH],
    ["report-to", CSP_REPORT_GROUP],
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join("; ");
}

/** More distinct inline scripts than this across the pages means one varies per page: the build fails. */
export const MAX_INLINE_SCRIPTS = 12;

/** The one policy every page is served with: the hashes of every executable inline script on any built page. */
export function sitePolicy(pages: readonly BuiltPage[], sources: PolicySources): { policy: string; hashes: string[]; pages: number } {
  const blocked = pages.flatMap((p) => p.blocked.map((b) => `${p.route}: ${b}`));
  if (blocked.length) {
    throw new SecurityHeadersError(`Inline script constructs the Content-Security-Policy would block:\n${blocked.slice(0, 20).join("\n")}`);
  }
  const seenOn = new Map<string, string[]>();
  for (const page of pages) {
    for (const hash of page.hashes) {
      const routes = seenOn.get(hash);
      if (routes) routes.push(page.route);
      else seenOn.set(hash, [page.route]);
    }
  }
  const hashes = [...seenOn.keys()].sort();
  if (hashes.length > MAX_INLINE_SCRIPTS) {
    const rare = [...seenOn.entries()].sort((a, b) => a[1].length - b[1].length).slice(0, 5);
    throw new SecurityHeadersError(
      `${hashes.length} distinct inline scripts across ${pages.length} pages: one varies per page, so the policy would grow with the site. ` +
        `Move its data out of the script text (a data attribute, page data). Rarest: ${rare.map(([h, r]) => `${h} on ${r.slice(0, 3).join(", ")}`).join("; ")}`,
    );
  }
  return { policy: contentSecurityPolicy(sources, hashes), hashes, pages: pages.length };
}

/**
 * The rules a host applies: every path (security headers, the policy, and revalidation for what no file rule
 * names, such as the 404 page answered under an unknown path), then the file rules (cacheRules; without
 * `files`, only `/static/*` and the hashed assets).
 */
export function hostHeaderRules(
  policy: string,
  assets: readonly string[],
  files: readonly string[] = [],
  { reportOnly = false }: { reportOnly?: boolean } = {},
): HeaderRule[] {
  const reporting = header(REPORTING_ENDPOINTS_HEADER, `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`);
  const csp = header(cspHeaderName(reportOnly), policy);
  return [
    { source: "/*", headers: [header(CACHE_HEADER, CACHE_REVALIDATE), ...STATIC_SECURITY_HEADERS, csp, reporting] },
    ...cacheRules(files, assets),
  ];
}

/**
 * The table for a host that serves plain http (the local server): Chromium reads Reporting-Endpoints only from
 * an https response, and with `report-to` in a policy it never falls back to `report-uri`, so every report
 * would be lost (measured: docs/security.md#reports). Without both, every engine reports by `report-uri`.
 */
export function overPlainHttp(rules: readonly HeaderRule[]): HeaderRule[] {
  const isCsp = (key: string) => key === CSP_HEADER || key === CSP_REPORT_ONLY_HEADER;
  return rules.map((rule) => ({
    ...rule,
    headers: rule.headers
      .filter((h) => h.key !== REPORTING_ENDPOINTS_HEADER)
      .map((h) => (isCsp(h.key) ? { ...h, value: h.value.replace(`; report-to ${CSP_REPORT_GROUP}`, "") } : h)),
  }));
}

/** The table for a host that applies every matching rule (Netlify): `/*` keeps its security headers only. */
export function netlifyHostRules(rules: readonly HeaderRule[]): HeaderRule[] {
  return rules.map((rule) => (rule.source === "/*" ? { ...rule, headers: rule.headers.filter((h) => !isCacheHeader(h)) } : rule));
}

/**
 * The Netlify build's check of what it ships (netlify-adapter.ts, after the adapter wrote `_headers`): every
 * page gets the site's policy and HSTS from `/*`, and every file exactly one Cache-Control rule.
 */
export function checkShippedHeaders(headersFile: string, expected: readonly HeaderRule[], files: readonly string[]): string[] {
  if (!fs.existsSync(headersFile)) return [`${headersFile} is missing`];
  const shipped = parseHeadersFile(fs.readFileSync(headersFile, "utf8"));
  const value = (rules: readonly HeaderRule[], key: string) =>
    rules.find((r) => r.source === "/*")?.headers.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;
  const problems: string[] = [];
  const cspKey = value(expected, CSP_REPORT_ONLY_HEADER) === undefined ? CSP_HEADER : CSP_REPORT_ONLY_HEADER;
  for (const key of [cspKey, REPORTING_ENDPOINTS_HEADER, "Strict-Transport-Security"]) {
    const want = value(expected, key);
    const got = shipped.filter((r) => r.source === "/*").flatMap((r) => r.headers.filter((h) => h.key.toLowerCase() === key.toLowerCase()));
    if (!want) problems.push(`the site's own rules have no ${key}`);
    else if (got.length !== 1 || got[0].value !== want)
      problems.push(`${key} for /*: expected the site's value, found ${got.length ? got.map((h) => h.value).join(" | ") : "none"}`);
  }
  const names = new Set(shipped.flatMap((r) => r.headers.filter(isCacheHeader).map((h) => h.key)));
  if (names.size > 1) problems.push(`Cache-Control is spelled ${[...names].join(" and ")}`);
  const overlaps = checkCacheRules(shipped, files);
  if (overlaps.length)
    problems.push(
      `${overlaps.length} URLs do not match exactly one Cache-Control rule: ${overlaps
        .slice(0, 5)
        .map((o) => `${o.url} (${o.rules.join(", ") || "none"})`)
        .join("; ")}`,
    );
  return problems;
}

export function writeHeadersManifest(rootDir: string, rules: HeaderRule[]): string {
  const file = path.join(rootDir, HEADERS_MANIFEST);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(rules, null, 2));
  return file;
}

export function readHeadersManifest(rootDir: string): HeaderRule[] {
  const file = path.join(rootDir, HEADERS_MANIFEST);
  if (!fs.existsSync(file)) throw new SecurityHeadersError(`${file} is missing: build the site first (npm run build)`);
  const rules = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  if (
    !Array.isArray(rules) ||
    !rules.every(
      (r: HeaderRule) =>
        typeof r?.source === "string" &&
        Array.isArray(r.headers) &&
        r.headers.every((h) => typeof h?.key === "string" && typeof h.value === "string"),
    )
  ) {
    throw new SecurityHeadersError(`${file} is not a list of header rules`);
  }
  return rules as HeaderRule[];
}

/** onPostBuild: the policy from the built pages (html-output.ts readBuiltPages) and the host rules, written to HEADERS_MANIFEST. */
export function applySecurityHeaders(
  reporter: { info(message: string): void; panic(message: string, error?: Error): never },
  rootDir: string,
  pages: readonly BuiltPage[],
  settings: ThirdPartySettings,
  { reportOnly = false }: { reportOnly?: boolean } = {},
): HeaderRule[] {
  try {
    const { policy, hashes } = sitePolicy(pages, policySources(settings));
    const publicDir = path.join(rootDir, "public");
    const rules = hostHeaderRules(policy, hashedAssets(publicDir), listFiles(publicDir), { reportOnly });
    const file = writeHeadersManifest(rootDir, rules);
    reporter.info(
      `security headers: one policy${reportOnly ? " (report-only)" : ""} for ${pages.length} pages (${hashes.length} inline script hashes), ${rules.length} host rules in ${path.relative(rootDir, file)}`,
    );
    return rules;
  } catch (error) {
    return reporter.panic(`security headers: ${error instanceof Error ? error.message : String(error)}`, error as Error);
  }
}
