/**
 * The lead form without JavaScript (progressive enhancement), step one: the page's server-rendered form posts
 * itself to submitForm as application/x-www-form-urlencoded. See docs/product-rules.md#lead-form-definition.
 */
import { parseCookie as parseCookies } from "cookie";
import { allFields, consentName } from "../../lib/lead-form/rules";
import type { LeadFormDefinition } from "../../lib/lead-form/types";
import type { Request } from "../http";

const header = (req: Pick<Request, "headers">, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The value of cookie `name` in the request's Cookie header, if any. */
export function requestCookie(req: Pick<Request, "headers">, name: string): string | undefined {
  return parseCookies(header(req, "cookie") ?? "")[name];
}

/**
 * The submission a native post stands for, in the JSON path's shape, for validateSubmission to judge by the
 * same rules. See docs/product-rules.md#lead-form-definition.
 */
export function submissionFromForm(
  posted: Readonly<Record<string, string>>,
  form: LeadFormDefinition | undefined,
  context: { hubspotutk?: string; pageUri?: string; ipAddress: string },
): Record<string, string> {
  const submission: Record<string, string> = { ...posted };
  for (const box of form?.legalConsentOptions?.communicationsCheckboxes ?? []) {
    const name = consentName(box.subscriptionTypeId);
    submission[name] = posted[name] === "true" ? "true" : "false";
  }
  submission.hubspotutk ||= context.hubspotutk ?? "";
  submission.pageUri ||= context.pageUri ?? "";
  submission.ipAddress ||= context.ipAddress;
  // docs/product-rules.md#lead-form-flow: a hidden field takes a same-named query parameter of the page, which the script reads in the browser
  const query = searchOf(submission.pageUri);
  for (const field of form ? allFields(form) : [])
    if (field.hidden && !submission[field.name]) submission[field.name] = query.get(field.name) ?? "";
  return submission;
}

function searchOf(uri: string): URLSearchParams {
  try {
    return new URL(uri).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

/**
 * Where a native post's answer sends the visitor back: the path and query of the first candidate (the posted
 * pageUri, then the Referer) that is a page of the site that answered, i.e. on the request's own Host or
 * Origin.
 */
export function returnPath(candidates: ReadonlyArray<string | undefined>, req: Pick<Request, "headers">): string | null {
  const host = header(req, "host")?.toLowerCase();
  const origin = header(req, "origin")?.toLowerCase();
  for (const candidate of candidates) {
    if (!candidate) continue;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      continue;
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") continue;
    if (url.host !== host && url.origin !== origin) continue;
    const path = url.pathname;
    if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/api/")) continue;
    return path + url.search;
  }
  return null;
}
