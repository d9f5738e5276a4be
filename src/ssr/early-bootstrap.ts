// The early script's bootstrap: one inline script, the same text on every page (one CSP hash); what it does
// and why: docs/page-load.md#the-first-second. Source: src/browser/inline/bootstrap.ts.
import { createElement, type ReactElement } from "react";

export { CONSENT_ACTION_ATTR, CONSENT_ASK_ATTR, RELEASE_AFTER_MS } from "../browser/inline/contract";

/** The compiled bootstrap (webpack's DefinePlugin: src/node/bundling/inline-scripts.ts); absent under vitest. */
declare const EARLY_BOOTSTRAP: string | undefined;

/** The bootstrap's element for the head (nothing where no early script was built: unit tests). */
export function earlyBootstrapScript(): ReactElement | null {
  const text = typeof EARLY_BOOTSTRAP === "string" ? EARLY_BOOTSTRAP : undefined;
  return text ? createElement("script", { key: "early-bootstrap", dangerouslySetInnerHTML: { __html: text } }) : null;
}
