/**
 * Every URL the site builds or links to by rule (docs/architecture.md#paths): template patterns, section index
 * pages, the sign-up and login pages, and the product pages.
 */

/**
 * The fixed pages the browser's first-load code names (layout rules, the script catalog, link decoration):
 * plain constants, so that code takes these few strings and not the whole table below.
 */
export const BLOG_PATH = "/blog/";
export const PRICING_PATH = "/pricing/";
export const INTEGRATIONS_PATH = "/integrations/";
/** docs/product-rules.md#hosts: the sign-up page (its form posts to the app host's page of the same path). */
export const SIGNUP_PATH = "/members/register/";
export const LOGIN_PATH = "/members/login/";
/** docs/product-rules.md#consent: the privacy notice, its notice at collection (a heading's stable id), the cookie notice. */
export const PRIVACY_PATH = "/privacy/";
export const NOTICE_AT_COLLECTION_ID = "notice-at-collection";
export const NOTICE_AT_COLLECTION_PATH = `${PRIVACY_PATH}#${NOTICE_AT_COLLECTION_ID}`;
export const COOKIE_NOTICE_PATH = "/cookie-policy/";
/** Old addresses of the privacy notice, served as aliases of it (canonical: PRIVACY_PATH). */
export const PRIVACY_ALIASES: readonly string[] = ["/privacy-policy/", "/legal/privacy/"];

export const paths = {
  blog: () => BLOG_PATH,
  blogPost: (slug: string) => `/blog/${slug}/`,
  category: (slug: string, page = 1) => (page > 1 ? `/blog/category/${slug}/page/${page}/` : `/blog/category/${slug}/`),
  author: (slug: string, page = 1) => (page > 1 ? `/authors/${slug}/page/${page}/` : `/authors/${slug}/`),
  book: (book: string) => `/books/${book}/`,
  bookPost: (book: string, chapter: string) => `/books/${book}/${chapter}/`,
  integrations: () => INTEGRATIONS_PATH,
  integration: (slug: string) => `/integrations/${slug}/`,
  customers: () => "/customers/",
  company: (slug: string) => `/customers/${slug}/`,
  jobs: () => "/jobs/",
  job: (slug: string) => `/jobs/${slug}/`,
  resources: () => "/resources/",
  pricing: () => PRICING_PATH,
  ask: () => "/ask/",
  /** The interview builder; with a role, that role's guide is preselected (?role=). */
  interviewBuilder: (role?: string) => (role ? `/interview-builder/?role=${encodeURIComponent(role)}` : "/interview-builder/"),
  interviewLibrary: () => "/interview-builder/library/",
  interviewGuide: (role: string) => `/interview-builder/${role}/`,
  jobDescription: (role: string) => `/interview-builder/job-descriptions/${role}/`,
  signup: () => SIGNUP_PATH,
  login: () => LOGIN_PATH,
} as const;

export const POSTS_PER_PAGE = 6;

/**
 * The product pages (docs/product-rules.md#layout-per-path): they carry the fixed call-to-action bar (src/lib/layout-rules.ts) and,
 * by default, the sales-intelligence tag (src/vendors/sales-intelligence.ts).
 */
export const PRODUCT_PATHS: readonly string[] = [
  "/platform/",
  "/shared-inbox/",
  "/customer-support/",
  "/inbox/",
  "/knowledge-base/",
  "/beacon-messaging/",
  "/help-desk-workflows/",
  "/customer-management/",
  "/collaboration/",
  "/customer-support-channels/",
  "/proactive-messages/",
  "/ai-features/",
  "/analytics/",
];

/**
 * Whether an address names a file (a suffix after its last dot) rather than a page: such links are left
 * to the browser and keep their path as written (no trailing slash added).
 */
export const isFilePath = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);
