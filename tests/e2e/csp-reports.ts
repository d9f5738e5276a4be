/**
 * The CSP violation reports the browsers sent to the local server (docs/security.md#reports): the server appends
 * each to CSP_REPORTS_FILE as one JSON line `{documentURL, blockedURL, effectiveDirective, disposition}`, which
 * playwright.config.ts sets for the e2e server and these helpers read. A report is posted a moment after its
 * violation (over https, Chromium's report-to batches them for up to a minute; the local server is plain http,
 * where every engine posts to report-uri at once: overPlainHttp), so a reader polls.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const CSP_REPORTS_FILE =
  process.env.CSP_REPORTS_FILE || path.join(os.tmpdir(), `northdesk-e2e-csp-reports-${process.env.E2E_PORT ?? 9123}.jsonl`);

export interface CspReportLine {
  documentURL: string;
  blockedURL: string;
  effectiveDirective: string;
  disposition: "enforce" | "report";
}

/** Where the file ends now: what a test's pages report comes after it. */
export const reportsMark = (): number => (fs.existsSync(CSP_REPORTS_FILE) ? fs.statSync(CSP_REPORTS_FILE).size : 0);

/** Every report written since `mark`. */
export function allReportsSince(mark = 0): CspReportLine[] {
  if (!fs.existsSync(CSP_REPORTS_FILE)) return [];
  const text = fs.readFileSync(CSP_REPORTS_FILE).subarray(mark).toString("utf8");
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CspReportLine);
}

/** The reports written since `mark` whose page is one of `paths` (a page's path, as the report names it: no query). */
export const reportsSince = (mark: number, paths: readonly string[]): CspReportLine[] =>
  allReportsSince(mark).filter((report) => paths.includes(new URL(report.documentURL).pathname));

/**
 * Waits `ms` for reports about `paths` (a report is sent a moment after the violation) and returns them: the
 * e2e checks expect none, the self-check expects its injected script's.
 */
export async function collectReports(mark: number, paths: readonly string[], { ms = 4000, until = 0 } = {}): Promise<CspReportLine[]> {
  const end = Date.now() + ms;
  let found = reportsSince(mark, paths);
  while (Date.now() < end && (until === 0 || found.length < until)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    found = reportsSince(mark, paths);
  }
  return found;
}

/** The self-check's pages (tests/e2e/security.spec.ts injects a script there): their reports are expected. */
export const PROBE_PREFIX = "/csp-probe-";

/**
 * Playwright's globalSetup: an empty reports file for the run, and a teardown that fails the run when any page
 * but the self-check's reported a violation (0 reports across the suite: docs/security.md#reports).
 */
export default async function cspReportsForTheRun(): Promise<() => Promise<void>> {
  fs.writeFileSync(CSP_REPORTS_FILE, "");
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 1000)); // a report posted as the last page closed
    const unexpected = allReportsSince().filter((report) => !new URL(report.documentURL).pathname.startsWith(PROBE_PREFIX));
    if (unexpected.length)
      throw new Error(
        `${unexpected.length} CSP violation reports during the run (${CSP_REPORTS_FILE}):\n` +
          unexpected
            .slice(0, 20)
            .map((r) => `${r.disposition} ${r.effectiveDirective} blocked ${r.blockedURL || "(none)"} on ${r.documentURL}`)
            .join("\n"),
      );
  };
}
