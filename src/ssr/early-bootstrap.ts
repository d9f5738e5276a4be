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
 * - until that script runs, holds a plain click on a link or on a header disclosure button (the click a
 *   tap or Enter makes), and hands it back once the script's handlers are installed: the link then carries
 *   the visitor's attribution, the menu opens. A link opening another tab is not held (a replayed click
 *   outside the visitor's gesture would be blocked as a pop-up). If the script fails to load, or has not
 *   run within RELEASE_AFTER_MS, the held click goes through as it was.
 */
import { createElement, type ReactElement } from "react";
import { EARLY_GLOBAL, RELEASE_GLOBAL } from "../browser/early/early";
import { DISCLOSURE_ATTR } from "../browser/early/disclosures";
import { START_GLOBAL } from "../browser/early/app-start";
import { DEFERRED_SCRIPTS_ID } from "./deferred-app-scripts";
import { CONSENT_COOKIE, CONSENT_LIFETIME_MS, CONSENT_TEXT_VERSION } from "../consent/model";
import { readConsentSettings } from "../config/consent";

/** The attribute on `<html>` that shows the built-in consent banner (src/components/consent): set at parse time. */
export const CONSENT_ASK_ATTR = "data-consent";
export const CONSENT_ACTION_ATTR = "data-consent-action";

/**
 * The consent check at parse time (docs/product-rules.md#consent), only under the opt-in policy with the built-in
 * banner: no current choice in the cookie (the rules of src/consent/model.ts isCurrent, written small) asks.
 */
export const consentCheck = () =>
  `var k,m=d.cookie.match(/(?:^|; )${CONSENT_COOKIE}=([^;]*)/);try{k=JSON.parse(decodeURIComponent(m[1]))}catch(e){}` +
  `if(!(k&&k.revision===${CONSENT_TEXT_VERSION}&&k.data&&k.data.policy=="opt-in"&&Date.now()-Date.parse(k.lastConsentTimestamp)<${CONSENT_LIFETIME_MS}))` +
  `d.documentElement.setAttribute("${CONSENT_ASK_ATTR}","ask");`;

/** How long a held click waits for the early script at most. */
export const RELEASE_AFTER_MS = 3000;

/** The bootstrap's text for the early script at `src`. Plain ES5, written small: it is in every page's HTML. */
export const earlyBootstrap = (src: string, askConsent = false) =>
  `(function(w,d){${askConsent ? consentCheck() : ""}var h,o;function g(){if(d.readyState=="loading")d.addEventListener("DOMContentLoaded",g);` +
  `else if(!o&&(o=d.getElementById(${JSON.stringify(DEFERRED_SCRIPTS_ID)}))){var c=d.importNode(o.content,!0);` +
  `c.querySelectorAll("script").forEach(function(e){e.async=!1});d.body.appendChild(c)}}` +
  `function c(e){var t=e.target;if(w.${EARLY_GLOBAL}||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||!t.closest)return;` +
  `t=t.closest('a[href]:not([href^="#"]),button[${DISCLOSURE_ATTR}],[${CONSENT_ACTION_ATTR}]');if(t&&!(t.target&&t.target!="_self")){e.preventDefault();e.stopImmediatePropagation();h=t}}` +
  `function r(){w.removeEventListener("click",c,!0);if(h){var t=h;h=0;t.click()}}w.addEventListener("click",c,!0);w.${RELEASE_GLOBAL}=r;w.${START_GLOBAL}=g;setTimeout(r,${RELEASE_AFTER_MS});` +
  `requestAnimationFrame(function(){setTimeout(function(){var s=d.createElement("script");s.src=${JSON.stringify(src)};s.fetchPriority="high";s.onerror=function(){r();g()};d.head.appendChild(s)})})})(window,document)`;

/** The bootstrap's element for the head (nothing where no early script was built: unit tests). */
export function earlyBootstrapScript(): ReactElement | null {
  const src = typeof EARLY_SCRIPT_SRC === "string" ? EARLY_SCRIPT_SRC : undefined;
  const consent = readConsentSettings();
  const ask = consent.policy === "opt-in" && !consent.provider;
  return src ? createElement("script", { key: "early-bootstrap", dangerouslySetInnerHTML: { __html: earlyBootstrap(src, ask) } }) : null;
}
