// The context HubSpot is told about a lead, checked at sending: a value that is not what it claims is dropped,
// never a reason to lose the lead (docs/product-rules.md#lead-form-definition).
import type { LeadSubmission } from "../lib/lead-form/types";

/** HubSpot's visitor token (the hubspotutk cookie): 32 hexadecimal characters. */
const HUTK = /^[0-9a-f]{32}$/i;
/** pageName is a heading's text: longer is cut. */
export const PAGE_NAME_MAX_LENGTH = 200;
/** A longer pageUri is dropped (browsers and HubSpot cap URLs near this). */
export const PAGE_URI_MAX_LENGTH = 2048;

/** The visitor token when it has HubSpot's format, else "". */
export const checkedHutk = (value: string | undefined) => (value && HUTK.test(value) ? value : "");

/**
 * pageUri when it is an http(s) page on one of the site's own hosts (`siteHosts`: lower case, without port) and
 * names no credentials, as the URL parser read it (tabs and new lines removed: what was checked is what is sent);
 * anything else ("javascript:…", another site, not a URL) is "".
 */
export function sitePageUri(value: string | undefined, siteHosts: readonly string[]): string {
  if (!value || value.length > PAGE_URI_MAX_LENGTH) return "";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  if (url.username || url.password || !siteHosts.includes(url.hostname.toLowerCase())) return "";
  return url.href;
}

/** Tags removed in one pass: a "<" that opens a tag, up to the next ">" (or the end when none follows). */
function stripTags(text: string): string {
  let out = "";
  let from = 0;
  for (let lt = text.indexOf("<"); lt !== -1; lt = text.indexOf("<", lt + 1)) {
    if (!/[a-z/!?]/i.test(text[lt + 1] ?? "")) continue;
    out += `${text.slice(from, lt)} `;
    const gt = text.indexOf(">", lt + 1);
    if (gt === -1) return out;
    from = gt + 1;
    lt = gt;
  }
  return out + text.slice(from);
}

/** Control, zero-width, line-separator and bidirectional-override characters: no place in a page's title. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g;

/** pageName as plain text: no tags, no control characters, spaces collapsed, at most PAGE_NAME_MAX_LENGTH characters. */
export function plainPageName(value: string | undefined): string {
  const text = stripTags(value ?? "")
    .replace(INVISIBLE, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).slice(0, PAGE_NAME_MAX_LENGTH).join("").trim();
}

/** The submission with its HubSpot context checked (the fields themselves unchanged). */
export function withCheckedContext(submission: LeadSubmission, siteHosts: readonly string[]): LeadSubmission {
  return {
    ...submission,
    hubspotutk: checkedHutk(submission.hubspotutk),
    pageUri: sitePageUri(submission.pageUri, siteHosts),
    pageName: plainPageName(submission.pageName),
  };
}
