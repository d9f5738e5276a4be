/**
 * The page's bootstrap for the early script (docs/page-load.md#the-first-second): one small inline script
 * in the head, the same text on every page (one CSP hash), that
 * - holds the function that starts Gatsby's app scripts: it inserts them from their `<template>` without
 *   `async`, so they run in the order the page lists them (the chunk map before the bundles that read it)
 *   while they download side by side; asked while the page is still being parsed, once it is. The early
 *   script decides when (src/browser/early/app-start.ts); if it fails to load, the bootstrap starts them at
 *   once, so the page still comes alive;
 * - inserts the early script (src/browser/early, built by src/node/bundling/early-script.ts) right after the first
 *   frame, so it is fetched beside the page's images instead of ahead of its first paint, at high priority
 *   (ahead of the images still queued: attribution and the personalization request wait for it);
 * - until that script runs, holds a plain click on a link, a header disclosure button or a consent banner's
 *   button (the click a tap or Enter makes), and hands it back once the script's handlers are installed: the
 *   link then carries the visitor's attribution, the menu opens. A link opening another tab is not held (a
 *   replayed click outside the visitor's gesture would be blocked as a pop-up). If the script fails to load,
 *   or has not run within RELEASE_AFTER_MS, the held click goes through as it was;
 * - under the opt-in policy with the built-in banner, shows the banner (`<html data-consent="ask">`) when the
 *   consent cookie holds no current choice (src/lib/consent-model.ts currentRecordMarker).
 *
 * Its source is src/browser/inline/bootstrap.ts, compiled once per build by src/node/bundling/inline-scripts.ts
 * and handed to this module as the EARLY_BOOTSTRAP constant.
 */
import { createElement, type ReactElement } from "react";

export { CONSENT_ACTION_ATTR, CONSENT_ASK_ATTR, RELEASE_AFTER_MS } from "../browser/inline/contract";

/** The compiled bootstrap (webpack's DefinePlugin: src/node/bundling/inline-scripts.ts); absent under vitest. */
declare const EARLY_BOOTSTRAP: string | undefined;

/** The bootstrap's element for the head (nothing where no early script was built: unit tests). */
export function earlyBootstrapScript(): ReactElement | null {
  const text = typeof EARLY_BOOTSTRAP === "string" ? EARLY_BOOTSTRAP : undefined;
  return text ? createElement("script", { key: "early-bootstrap", dangerouslySetInnerHTML: { __html: text } }) : null;
}
