/**
 * The page's bootstrap (docs/page-load.md#the-first-second), compiled by src/node/bundling/inline-scripts.ts
 * into one inline script at the top of every page's head (src/ssr/early-bootstrap.ts).
 */
import type { NAMES } from "./names";

/** The early script's path (src/node/bundling/early-script.ts). */
declare const BOOTSTRAP_EARLY_SRC: string;
/** Whether the built-in banner asks: the opt-in policy and no hosted consent manager. */
declare const BOOTSTRAP_ASK_CONSENT: boolean;
/** Whether a hosted consent manager is configured (its script waits in a `<template>` before this script). */
declare const BOOTSTRAP_CONSENT_MANAGER: boolean;
/** What a current choice's cookie holds (src/lib/consent-model.ts currentRecordMarker). */
declare const BOOTSTRAP_CONSENT_MARKER: string;
/**
 * The names the bootstrap shares with other code (the handover globals of src/lib/handover.ts, the
 * attributes of ./contract.ts, the consent cookie's name, the app scripts' template, the disclosure buttons'
 * attribute), defined from their modules (./names.ts) by src/node/bundling/inline-scripts.ts: as constants they are
 * written into the text where they are used (an imported one would be a variable of its own).
 */
declare const BOOTSTRAP: typeof NAMES;

/** The window, with the handover globals (src/lib/handover.ts) the bootstrap sets and reads. */
const w = window as unknown as Window & Record<string, unknown>;
const d = document;

// The hosted consent manager's script, inserted by this hashed script so that 'strict-dynamic' admits it: a
// parser-inserted <script src> would need its host in script-src (docs/security.md#the-policy).
if (BOOTSTRAP_CONSENT_MANAGER)
  d.head.appendChild(d.importNode((d.getElementById(BOOTSTRAP.CONSENT_MANAGER_ID) as HTMLTemplateElement).content, true));

// The consent check at parse time (docs/product-rules.md#consent): no current choice's cookie asks (the early
// script then decides with the model's full rule, and asks too if this let one through).
if (BOOTSTRAP_ASK_CONSENT && !d.cookie.match(`(^|; )${BOOTSTRAP.CONSENT_COOKIE}=[^;]*${BOOTSTRAP_CONSENT_MARKER}`))
  d.documentElement.dataset[BOOTSTRAP.CONSENT_ASK_KEY] = "ask";

let held: HTMLElement | undefined;
let template: HTMLTemplateElement | null | undefined;

/**
 * Starts Gatsby's app scripts: inserted from their `<template>` without `async`, so they run in the order the
 * page lists them (the chunk map before the bundles that read it) while they download side by side; asked
 * while the page is still being parsed, once it is. Once only.
 */
function start(): void {
  if (d.readyState == "loading") d.addEventListener("DOMContentLoaded", start);
  else if (!template && (template = d.getElementById(BOOTSTRAP.DEFERRED_SCRIPTS_ID) as HTMLTemplateElement | null)) {
    const scripts = d.importNode(template.content, true);
    scripts.querySelectorAll("script").forEach((script) => {
      script.async = false;
    });
    d.body.appendChild(scripts);
  }
}

/** Holds a plain click on a link, a header disclosure button or a consent action until the early script's handlers are installed. */
function hold(event: MouseEvent): void {
  let target = event.target as HTMLElement | null;
  if (w[BOOTSTRAP.EARLY_GLOBAL] || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !target?.closest)
    return;
  target = target.closest<HTMLElement>(`a[href]:not([href^="#"]),button[${BOOTSTRAP.DISCLOSURE_ATTR}],[${BOOTSTRAP.CONSENT_ACTION_ATTR}]`);
  if (target && !((target as HTMLAnchorElement).target && (target as HTMLAnchorElement).target != "_self")) {
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
  }
}

/** Stops holding, and hands the held click back (the early script calls it once its handlers are installed). */
function release(): void {
  w.removeEventListener("click", hold, true);
  const target = held;
  held = undefined;
  target?.click();
}

w.addEventListener("click", hold, true);
w[BOOTSTRAP.RELEASE_GLOBAL] = release;
w[BOOTSTRAP.START_GLOBAL] = start;
setTimeout(release, BOOTSTRAP.RELEASE_AFTER_MS);
// The early script right after the first frame: fetched beside the page's images, not ahead of its first paint.
requestAnimationFrame(() =>
  setTimeout(() => {
    const script = d.createElement("script");
    script.src = BOOTSTRAP_EARLY_SRC;
    script.fetchPriority = "high";
    // It failed: the held click goes through as it was, and the app starts at once.
    script.onerror = () => {
      release();
      start();
    };
    d.head.appendChild(script);
  }),
);
