/** Which host a URL is on (docs/product-rules.md#hosts). */
import { readPublicHosts, type PublicHosts } from "../config/hosts";
import { isLoginPage, isSignupPage } from "../lib/layout-rules";
import { LOCALHOST, normalizeHost, parentDomain } from "../lib/host-names";

export type SiteHosts = PublicHosts;

export const siteHosts: SiteHosts = readPublicHosts();

const norm = normalizeHost;

/** docs/product-rules.md#hosts: the marketing host, the staging host and localhost. */
export function isMarketingHost(hostname: string, hosts: SiteHosts = siteHosts): boolean {
  const h = norm(hostname);
  return h === norm(hosts.marketing) || h === norm(hosts.staging) || h === LOCALHOST;
}

/** docs/product-rules.md#hosts: pages on the app host are product-owned. */
export const isAppHost = (hostname: string, hosts: SiteHosts = siteHosts) => norm(hostname) === norm(hosts.app);

/** docs/product-rules.md#scripts-and-analytics: only the marketing host is production; everywhere else analytics are stubbed. */
export const isProductionHost = (hostname: string, hosts: SiteHosts = siteHosts) => norm(hostname) === norm(hosts.marketing);

/** docs/product-rules.md#attribution: attribution is tracked on marketing pages and on login pages. */
export function isTrackedPage(url: URL, hosts: SiteHosts = siteHosts): boolean {
  return isMarketingHost(url.hostname, hosts) || isLoginPage(url.pathname);
}

/** docs/product-rules.md#attribution: the analytics service loads only on marketing, login and sign-up pages. */
export function isAnalyticsPage(hostname: string, pathname: string, hosts: SiteHosts = siteHosts): boolean {
  return isMarketingHost(hostname, hosts) || isLoginPage(pathname) || isSignupPage(pathname);
}

/** Same site: one of our hosts, or a host under the same parent domain (a referrer from it is not external). */
export function isOwnHost(hostname: string, currentHostname: string, hosts: SiteHosts = siteHosts): boolean {
  const h = norm(hostname);
  if (h === norm(currentHostname) || isMarketingHost(h, hosts) || isAppHost(h, hosts)) return true;
  const parent = parentDomain(currentHostname);
  return parent !== undefined && (h === parent || h.endsWith(`.${parent}`));
}
