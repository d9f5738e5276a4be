/**
 * The sign-up page (docs/product-rules.md#sign-up-page): hidden attribution fields filled from the cookies (a dash
 * when empty), visible fields prefilled from the URL, and a debug mode that reveals the hidden fields.
 */
import { readAttribution } from "./attribution";
import { COOKIE_NAMES, expiresAt, type CookieValues, type CookieWrite } from "../lib/cookies";
import { signupAttributionParams } from "./link-decoration";
import { EMPTY_FIELD_VALUE, SIGNUP_HIDDEN_FIELDS, type SignupHiddenField } from "./signup-fields";

export const SIGNUP_FORM_ID = "signupForm";
/** docs/product-rules.md#sign-up-page: URL parameter → form field. */
export const PREFILL_PARAMS = { reg: "email", fn: "fname", ln: "lname", cn: "company" } as const;
export type PrefillField = (typeof PREFILL_PARAMS)[keyof typeof PREFILL_PARAMS];

const orDash = (value: string | undefined) => (value && value !== "" ? value : EMPTY_FIELD_VALUE);

/** docs/product-rules.md#sign-up-page: the hidden fields' values; last touch unsuffixed, first touch as *_First. */
export function hiddenFieldValues(cookies: CookieValues): Record<SignupHiddenField, string> {
  const { firstTouch: first, lastTouch: last, firstTouchUrl, lastTouchUrl } = readAttribution(cookies);
  return {
    GA_Source: orDash(last?.source),
    GA_Medium: orDash(last?.medium),
    GA_Term: orDash(last?.term),
    GA_Campaign: orDash(last?.campaign),
    GA_Content: orDash(last?.content),
    GA_Url: orDash(lastTouchUrl),
    GA_Source_First: orDash(first?.source),
    GA_Medium_First: orDash(first?.medium),
    GA_Url_First: orDash(firstTouchUrl),
    GA_Campaign_First: orDash(first?.campaign),
    GA_Content_First: orDash(first?.content),
    GA_Term_First: orDash(first?.term),
  };
}

/** docs/product-rules.md#sign-up-page: reg → email, fn → fname, ln → lname, cn → company (empty parameters ignored). */
export function prefillValues(search: string): Partial<Record<PrefillField, string>> {
  const query = new URLSearchParams(search);
  const values: Partial<Record<PrefillField, string>> = {};
  for (const [param, field] of Object.entries(PREFILL_PARAMS) as Array<[keyof typeof PREFILL_PARAMS, PrefillField]>) {
    const value = query.get(param);
    if (value) values[field] = value;
  }
  return values;
}

/** docs/product-rules.md#sign-up-page, #query-parameters: debug=true. */
export const isSignupDebug = (search: string) => new URLSearchParams(search).get("debug") === "true";

const inputNamed = (form: HTMLFormElement, name: string) => form.querySelector<HTMLInputElement>(`input[name="${name}"]`);

/** Debug: hidden fields become labelled text inputs (the label is a sibling, so React's tree is untouched). */
function revealHiddenFields(form: HTMLFormElement): void {
  for (const name of SIGNUP_HIDDEN_FIELDS) {
    const input = inputNamed(form, name);
    if (!input || input.type !== "hidden") continue;
    input.type = "text";
    input.readOnly = true;
    if (!input.id) input.id = `signup-debug-${name}`;
    const label = form.ownerDocument.createElement("label");
    label.htmlFor = input.id;
    label.textContent = name;
    label.setAttribute("data-signup-debug", "");
    input.before(label);
  }
}

/** Applies docs/product-rules.md#sign-up-page to the page's #signupForm (nothing happens without one). */
export function fillSignupForm(doc: Document, { search, cookies }: { search: string; cookies: CookieValues }): boolean {
  const element = doc.getElementById(SIGNUP_FORM_ID);
  if (!element || element.tagName !== "FORM") return false;
  const form = element as HTMLFormElement;
  if (isSignupDebug(search)) revealHiddenFields(form);
  for (const [name, value] of Object.entries(hiddenFieldValues(cookies))) {
    const input = inputNamed(form, name);
    if (input) input.value = value;
  }
  for (const [name, value] of Object.entries(prefillValues(search))) {
    const input = inputNamed(form, name);
    if (input && input.value === "") input.value = value;
  }
  return true;
}

/**
 * docs/product-rules.md#cookies: nd_signup_utm keeps the sign-up UTM data (the sign-up link parameters) as JSON,
 * for the app to read after the account is created. Null when there is nothing to keep.
 */
export function signupUtmCookie(cookies: CookieValues, now: number): CookieWrite | null {
  const params = signupAttributionParams(cookies);
  if (params.length === 0) return null;
  return { name: COOKIE_NAMES.signupUtm, value: JSON.stringify(Object.fromEntries(params)), expires: expiresAt(now) };
}
