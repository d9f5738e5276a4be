/**
 * The lead form without JavaScript (progressive enhancement): the page's server-rendered form posts itself to
 * submitForm as application/x-www-form-urlencoded. This module turns such a post into the same submission the
 * script would send (docs/product-rules.md#lead-form-definition, #lead-form-calls), says where the visitor goes back to, and renders the answers a browser
 * shows: the form again with an error summary and the visitor's values, or a short message.
 *
 * Everything shown is escaped here; texts from form definitions are shown as plain text (the definitions the
 * functions bundle are not sanitized, and a page answered by a function needs no markup from them).
 */
import { htmlToText } from "../lib/lead-form/payload";
import {
  allFields,
  CONSENT_TO_PROCESS_TEXT,
  consentError,
  consentName,
  consentTextName,
  fieldError,
  SUBMIT_FORM_PATH,
  submitText,
} from "../lib/lead-form/rules";
import type { LeadFormDefinition, LeadFormField } from "../lib/lead-form/types";
import type { Request } from "./http";

const header = (req: Pick<Request, "headers">, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** The value of cookie `name` in the request's Cookie header, if any. */
export function requestCookie(req: Pick<Request, "headers">, name: string): string | undefined {
  for (const part of (header(req, "cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/**
 * The submission a native post stands for, in the JSON path's shape, for validateSubmission to judge by the same
 * rules. A browser sends a checkbox only when it is ticked: every consent box of the form becomes "true" (its
 * value, "true", was posted) or "false", as the script sends them (docs/product-rules.md#lead-form-definition). The context the script would add is
 * filled in from the request where the post has none: hubspotutk from its cookie (first party, sent with the
 * post), pageUri from the page the form was on, ipAddress the request's client address, hidden fields from the
 * page's query. Everything else is kept as posted, so an unknown name is refused exactly as in JSON.
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
 * pageUri, then the Referer) that is a page of the site that answered, i.e. on the request's own Host or Origin.
 * Only that path is returned, never a host, so the redirect cannot lead off the site (no open redirect): no
 * other host, no `//host` path (a browser would read it as a host), no function URL. null when none qualifies.
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

/** One problem of a submission, tied to the control it concerns. */
export interface Problem {
  /** The field's name, or "consent" for the consent checkboxes. */
  name: string;
  label: string;
  message: string;
}

/** Shown for a required file field in a post without JavaScript: a browser cannot upload it then (docs/product-rules.md#lead-form-flow). */
export const FILE_NEEDS_SCRIPT = "Attaching a file needs JavaScript. Turn it on in your browser and send the form again.";

/**
 * Every problem of the submission, by the rules validateSubmission applies (docs/product-rules.md#lead-form-validation): the fields in order,
 * then consent. validateSubmission stops at the first; a person fixing the form wants them all at once.
 */
export function problemsOf(form: LeadFormDefinition, submission: Readonly<Record<string, string>>): Problem[] {
  const problems: Problem[] = [];
  for (const field of allFields(form)) {
    const value = submission[field.name] ?? "";
    const message = fieldError(field, value);
    if (!message) continue;
    problems.push({
      name: field.name,
      label: field.label,
      message: field.fieldType === "file" && value === "" ? FILE_NEEDS_SCRIPT : message,
    });
  }
  const checkboxes = form.legalConsentOptions?.communicationsCheckboxes ?? [];
  const ticked = new Set(
    checkboxes.filter((c) => submission[consentName(c.subscriptionTypeId)] === "true").map((c) => c.subscriptionTypeId),
  );
  const consent = consentError(checkboxes, ticked);
  if (consent) problems.push({ name: "consent", label: "Communication preferences", message: consent });
  return problems;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text for HTML content and (always double-quoted) attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const plain = (html: string | null | undefined) => escapeHtml(htmlToText(html));

/**
 * The answer pages' own policy: no script, image, font or frame of any kind; the one style element; the form
 * posts only back here. Not the site's policy (a function answers with its own headers).
 */
export const ANSWER_PAGE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Cache-Control": "no-store",
};

// The site's tokens (src/theme), repeated: functions share only src/lib with the browser code.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2330;background:#fff}
main{max-width:40rem;margin:0 auto;padding:24px 16px 48px}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 16px}
h2{font-size:1.125rem;margin:0 0 8px}
a{color:#1f4fd1}
:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
.summary{border:4px solid #c0262d;padding:16px;margin:0 0 24px}
.summary ul{margin:0;padding-left:20px}
.summary a{color:#c0262d;font-weight:700}
form{display:grid;gap:16px}
.field{display:grid;gap:4px}
label,legend{font-weight:700;font-size:.875rem}
fieldset{border:0;margin:0;padding:0;display:grid;gap:4px}
.choice{display:flex;gap:8px;align-items:flex-start;font-weight:400}
.choice input{width:18px;height:18px;margin:2px 0 0;flex:none}
input:not([type=radio]):not([type=checkbox]),select,textarea{width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #6b7385;border-radius:4px}
textarea{min-height:120px}
[aria-invalid=true]{border-color:#c0262d!important;border-width:2px!important}
.error{margin:0;color:#c0262d;font-weight:700;font-size:.875rem}
.small{color:#4a5263;font-size:.8125rem;margin:0}
button{justify-self:start;min-height:44px;padding:10px 24px;font:inherit;font-weight:700;color:#fff;background:#1f4fd1;border:0;border-radius:4px;cursor:pointer}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

const controlId = (name: string) => `field-${name.replace(/[^\w-]/g, "_")}`;

function fieldHtml(field: LeadFormField, value: string, problem: Problem | undefined): string {
  const id = controlId(field.name);
  const errorId = `${id}-error`;
  const star = field.required ? " *" : "";
  const invalid = problem ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
  const error = problem ? `<p class="error" id="${errorId}">${escapeHtml(problem.message)}</p>` : "";
  const required = field.required ? " required" : "";
  const name = escapeHtml(field.name);
  const label = escapeHtml(field.label);
  switch (field.fieldType) {
    case "radio": {
      const options = (field.options ?? [])
        .map(
          (o, i) =>
            `<label class="choice"><input type="radio" name="${name}" value="${escapeHtml(o.value)}"${i === 0 ? ` id="${id}"` : ""}${
              o.value === value ? " checked" : ""
            }${required}${invalid}> <span>${escapeHtml(o.label)}</span></label>`,
        )
        .join("\n");
      return `<fieldset class="field"><legend>${label}${star}</legend>${error}\n${options}</fieldset>`;
    }
    case "dropdown": {
      const options = [{ value: "", label: field.placeholder || "Please select" }, ...(field.options ?? [])]
        .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === value ? " selected" : ""}>${escapeHtml(o.label)}</option>`)
        .join("");
      return `<div class="field"><label for="${id}">${label}${star}</label>${error}<select id="${id}" name="${name}"${required}${invalid}>${options}</select></div>`;
    }
    case "multi_line_text":
      return `<div class="field"><label for="${id}">${label}${star}</label>${error}<textarea id="${id}" name="${name}"${required}${invalid}>${escapeHtml(value)}</textarea></div>`;
    case "file":
      // Nothing to choose a file with: an upload needs the page's script (docs/product-rules.md#lead-form-flow). A URL already uploaded is kept.
      return `<div class="field"><p class="small" id="${id}"><strong>${label}${star}</strong>: ${escapeHtml(FILE_NEEDS_SCRIPT)}</p>${error}<input type="hidden" name="${name}" value="${escapeHtml(value)}"></div>`;
    default: {
      const type = field.fieldType === "email" ? "email" : "text";
      return `<div class="field"><label for="${id}">${label}${star}</label>${error}<input id="${id}" type="${type}" name="${name}" value="${escapeHtml(value)}"${required}${invalid}></div>`;
    }
  }
}

function consentHtml(form: LeadFormDefinition, submission: Readonly<Record<string, string>>, problem: Problem | undefined): string {
  const legal = form.legalConsentOptions;
  if (!legal) return "";
  const id = controlId("consent");
  const errorId = `${id}-error`;
  const boxes = (legal.communicationsCheckboxes ?? [])
    .map((box, i) => {
      const name = escapeHtml(consentName(box.subscriptionTypeId));
      const ticked = submission[consentName(box.subscriptionTypeId)] === "true" ? " checked" : "";
      const invalid = problem ? ` aria-invalid="true" aria-describedby="${errorId}"` : "";
      return `<label class="choice"><input type="checkbox" name="${name}" value="true"${i === 0 ? ` id="${id}"` : ""}${ticked}${invalid}> <span>${plain(
        box.label,
      )}</span></label><input type="hidden" name="${escapeHtml(consentTextName(box.subscriptionTypeId))}" value="${plain(box.label)}">`;
    })
    .join("\n");
  return [
    legal.consentToProcessText ? `<p class="small">${plain(legal.consentToProcessText)}</p>` : "",
    `<input type="hidden" name="${CONSENT_TO_PROCESS_TEXT}" value="${plain(legal.consentToProcessText)}">`,
    boxes
      ? `<fieldset><legend>Communication preferences</legend>${problem ? `<p class="error" id="${errorId}">${escapeHtml(problem.message)}</p>` : ""}\n${boxes}</fieldset>`
      : "",
    legal.privacyText ? `<p class="small">${plain(legal.privacyText)}</p>` : "",
  ].join("\n");
}

/**
 * The answer to a native post with problems (status 422): an error summary that takes the focus as the page
 * loads (autofocus: no script), lists every problem and links to its control, and the form again, filled with
 * what the visitor sent, each problem beside its control. Posting it again comes back here; the page the form
 * was on travels along as pageUri.
 */
export function renderFormWithProblems(
  form: LeadFormDefinition,
  submission: Readonly<Record<string, string>>,
  problems: readonly Problem[],
  { backTo, general }: { backTo: string | null; general?: string },
): string {
  const byName = new Map(problems.map((p) => [p.name, p]));
  const items = problems.map((p) => `<li><a href="#${controlId(p.name)}">${escapeHtml(p.label)}: ${escapeHtml(p.message)}</a></li>`);
  if (general && problems.length === 0) items.push(`<li>${escapeHtml(general)}</li>`);
  const count = Math.max(problems.length, 1);
  const title = form.name ? htmlToText(form.name) : "Your details";
  const fields = allFields(form);
  const hidden = [
    ["formId", form.alternative_id],
    ["pageUri", submission.pageUri ?? ""],
    ...fields.filter((f) => f.hidden).map((f) => [f.name, submission[f.name] ?? ""]),
  ]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const visible = fields
    .filter((f) => !f.hidden)
    .map((f) => fieldHtml(f, submission[f.name] ?? "", byName.get(f.name)))
    .join("\n");
  const body = `<h1>${escapeHtml(title)}</h1>
<div class="summary" role="alert" tabindex="-1" autofocus aria-labelledby="summary-title">
<h2 id="summary-title">${count === 1 ? "There is a problem with your answer" : `There are ${count} problems with your answers`}</h2>
<ul>
${items.join("\n")}
</ul>
</div>
<form method="post" action="${SUBMIT_FORM_PATH}" novalidate>
${hidden}
${visible}
${consentHtml(form, submission, byName.get("consent"))}
<button type="submit">${plain(submitText(form))}</button>
</form>
${backTo ? `<p><a href="${escapeHtml(backTo)}">Back to the page</a></p>` : ""}`;
  return page(`Error: ${title}`, body);
}

/** A short answer page: a refusal before the form could be read, or a thank-you with nowhere to go back to. */
export function renderMessage({
  heading,
  message,
  backTo,
  alert,
}: {
  heading: string;
  message: string;
  backTo: string | null;
  alert: boolean;
}) {
  const role = alert ? ` role="alert" tabindex="-1" autofocus` : ` role="status"`;
  return page(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<div${role}><p>${escapeHtml(message)}</p></div>
<p><a href="${escapeHtml(backTo ?? "/")}">${backTo ? "Back to the page" : "Go to the home page"}</a></p>`,
  );
}
