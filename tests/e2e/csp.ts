import type { Page } from "@playwright/test";

/**
 * Records every Content-Security-Policy violation the page reports (the `securitypolicyviolation`
 * event, from before the first script runs, across navigations) and every CSP message in the console.
 */
export async function trapCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding("__ndCspViolation", (_source, text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __ndCspViolation: (text: string) => void }).__ndCspViolation;
      report(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber} (${location.pathname})`);
    });
  });
  page.on("console", (msg) => {
    if (/content security policy|refused to (execute|load|connect|apply|frame)/i.test(msg.text()))
      violations.push(`console: ${msg.text()}`);
  });
  return violations;
}
