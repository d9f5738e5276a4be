/**
 * The pure half of scripts/validate-html.ts: which built files are pages, and what the W3C Nu HTML
 * checker (vnu.jar, `--format json`) reported about them.
 */
import fs from "node:fs";
import path from "node:path";

/** One message of vnu's JSON output (https://github.com/validator/validator/wiki/Output-%C2%BB-JSON). */
export interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

/**
 * Messages we accept although vnu reports them as errors, each with the reason it is a false positive. Every
 * other error the checker found so far was fixed at its source.
 */
export const ACCEPTED_ERRORS: readonly { pattern: RegExp; reason: string }[] = [
  {
    pattern: /^CSS: “transition-behavior”: Property “transition-behavior” doesn't exist\.$/,
    reason:
      "CSS Transitions Level 2 (Chrome 117, Safari 17.4, Firefox 129): the checker's CSS profile predates it. The phone " +
      "menu's closing drawer needs it to keep its contents drawn while it animates (src/components/layout/header.styles.ts).",
  },
];

/** Every page of a build: each index.html below publicDir (page-data, static assets and icons hold none). */
export function builtHtmlPages(publicDir: string): string[] {
  if (!fs.existsSync(publicDir)) throw new Error(`${publicDir} does not exist: build the site first`);
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!["page-data", "slice-data", "static", "icons", "~partytown"].includes(entry.name)) walk(full);
      } else if (entry.name === "index.html") out.push(full);
    }
  };
  walk(publicDir);
  return out.sort();
}

/** Parses vnu's JSON report; throws on anything that is not one (vnu crashed or printed something else). */
export function parseVnuReport(text: string): VnuMessage[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`the validator did not print a JSON report:\n${text.slice(0, 2000)}`);
  }
  const messages = (parsed as { messages?: unknown })?.messages;
  if (!Array.isArray(messages)) throw new Error("the validator's report has no messages array");
  return messages.filter((m): m is VnuMessage => typeof m === "object" && m !== null && typeof (m as VnuMessage).message === "string");
}

export interface Finding {
  file: string;
  line?: number;
  column?: number;
  message: string;
  extract?: string;
}

/** Errors (document errors and failures to check a file), less the accepted false positives. */
export function errorsOf(messages: readonly VnuMessage[], accepted = ACCEPTED_ERRORS): Finding[] {
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .filter((m) => !accepted.some((a) => a.pattern.test(m.message)))
    .map((m) => ({
      file: m.url ? decodeURIComponent(m.url.replace(/^file:/, "")) : "(unknown file)",
      line: m.lastLine ?? m.firstLine,
      column: m.firstColumn,
      message: m.message,
      extract: m.extract,
    }));
}

export const warningsOf = (messages: readonly VnuMessage[]) => messages.filter((m) => m.type === "info" && m.subType === "warning");

/** Findings grouped by message, most frequent first, each with up to `examples` places: a readable report. */
export function formatFindings(findings: readonly Finding[], root: string, examples = 3): string {
  const byMessage = new Map<string, Finding[]>();
  for (const f of findings) byMessage.set(f.message, [...(byMessage.get(f.message) ?? []), f]);
  return [...byMessage.entries()]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([message, list]) => {
      const places = list
        .slice(0, examples)
        .map((f) => {
          const where = `${path.relative(root, f.file)}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ""}` : ""}`;
          return `    ${where}${f.extract ? `  …${f.extract.replace(/\s+/g, " ").trim().slice(0, 160)}…` : ""}`;
        })
        .join("\n");
      const more = list.length > examples ? `\n    … and ${list.length - examples} more` : "";
      return `✗ ${message} (${list.length}×)\n${places}${more}`;
    })
    .join("\n");
}
