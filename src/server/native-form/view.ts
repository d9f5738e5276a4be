/** The lead form without JavaScript, step three: the answers a browser shows after a native post, as whole pages with their own headers. */
import * as designTokens from "../../lib/design-tokens";
import { htmlToText } from "../../lib/lead-form/payload";
import { allFields, CONSENT_TO_PROCESS_TEXT, consentName, consentTextName, SUBMIT_FORM_PATH, submitText } from "../../lib/lead-form/rules";
import type { LeadFormDefinition, LeadFormField } from "../../lib/lead-form/types";
import { CONSENT_LEGEND, FILE_NEEDS_SCRIPT, type Problem } from "./rules";

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

const { colors, fonts, fontSizes, fontWeights, radii, space } = designTokens;

/** The answer pages' one style sheet, from the site's design tokens: the form looks as it did on the page. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:${fontSizes.m}/1.5 ${fonts.body};color:${colors.text};background:${colors.background}}
main{max-width:40rem;margin:0 auto;padding:${space.l} ${space.m} ${space.xxl}}
h1{font-size:${fontSizes.xxl};line-height:1.2;margin:0 0 ${space.m}}
h2{font-size:${fontSizes.l};margin:0 0 ${space.xs}}
a{color:${colors.cobaltDark}}
:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}
.summary{border:4px solid ${colors.red};padding:${space.m};margin:0 0 ${space.l}}
.summary ul{margin:0;padding-left:20px}
.summary a{color:${colors.red};font-weight:${fontWeights.bold}}
form{display:grid;gap:${space.m}}
.field{display:grid;gap:${space.xxs}}
label,legend{font-weight:${fontWeights.bold};font-size:${fontSizes.s}}
fieldset{border:0;margin:0;padding:0;display:grid;gap:${space.xxs}}
.choice{display:flex;gap:${space.xs};align-items:flex-start;font-weight:${fontWeights.regular}}
.choice input{width:18px;height:18px;margin:2px 0 0;flex:none;accent-color:${colors.cobaltDark}}
input:not([type=radio]):not([type=checkbox]),select,textarea{width:100%;min-height:44px;padding:10px 12px;font:inherit;color:inherit;background:${colors.background};border:1px solid ${colors.border};border-radius:${radii.s}}
textarea{min-height:120px}
[aria-invalid=true]{border-color:${colors.red}!important;border-width:2px!important}
.error{margin:0;color:${colors.red};font-weight:${fontWeights.bold};font-size:${fontSizes.s}}
.small{color:${colors.textMuted};font-size:${fontSizes.xs};margin:0}
button{justify-self:start;min-height:44px;padding:10px ${space.l};font:inherit;font-weight:${fontWeights.bold};color:${colors.white};background:${colors.cobaltDark};border:0;border-radius:${radii.s};cursor:pointer}
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
      ? `<fieldset><legend>${CONSENT_LEGEND}</legend>${problem ? `<p class="error" id="${errorId}">${escapeHtml(problem.message)}</p>` : ""}\n${boxes}</fieldset>`
      : "",
    legal.privacyText ? `<p class="small">${plain(legal.privacyText)}</p>` : "",
  ].join("\n");
}

/**
 * The answer to a native post with problems (status 422): an error summary that takes the focus as the page
 * loads (autofocus: no script), lists every problem and links to its control, and the form again, filled with
 * what the visitor sent, each problem beside its control.
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
