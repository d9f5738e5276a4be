/**
 * The head's part of personalization in the first second (docs/page-load.md#personalization-in-the-first-second),
 * only on a build with personalization configured:
 * - a small render-blocking inline script, the same text on every page (one CSP hash), that shows a
 *   returning visitor's stored selection (the SDK's `__nt_experiences__`) in every personalized slot as the
 *   slot is parsed: a MutationObserver's callback runs before the parser yields to a paint, so the first
 *   paint already shows the variant and nothing swaps. It only sets attributes React does not render (the
 *   stack's CSS reacts to them, src/components/ui/reserve.tsx); the slot adopts the choice when it hydrates
 *   (use-slot-choice.ts). The rules are src/personalization/stored-selection.ts `applySelection`, written small;
 *   a unit test runs both on the same pages.
 *
 * Only on pages whose body has a personalized slot: elsewhere the script would do nothing, and its bytes
 * would push the head of a long page past the first round trip's window (docs/page-load.md).
 *
 * No preconnect to the Experience API: the page's HTML names no third-party host (a preconnect would be the
 * first); the early script opens the connection with its request.
 */
import { createElement, type ReactElement } from "react";
import {
  COPY_ATTR,
  LIVE_ATTR,
  SDK_STORAGE_KEYS,
  SHOWN_COPY_ATTR,
  SHOW_ATTR,
  SLOT_ATTR,
  SLOT_EXPERIENCES_ATTR,
} from "../personalization/stored-selection";
import type { PersonalizationSettings } from "../config/third-party";

/** The pre-paint script's text. Plain ES5, written small: it is in every page's HTML. Does nothing without a stored selection. */
export const prePaintScript = (): string =>
  `(function(d){try{var s=JSON.parse(localStorage.getItem("${SDK_STORAGE_KEYS.experiences}"));if(!s||!s.length)return;` +
  `function a(){d.querySelectorAll("[${SLOT_EXPERIENCES_ATTR}]:not([${SHOW_ATTR}]):not([${LIVE_ATTR}])").forEach(function(e){` +
  `var b=e.getAttribute("${SLOT_ATTR}"),x=e.getAttribute("${SLOT_EXPERIENCES_ATTR}").split(" "),v,i,j,c;` +
  `for(i=0;i<x.length&&!v;i++)for(j=0;j<s.length;j++)if(s[j]&&s[j].experienceId===x[i]){v=s[j].variants&&s[j].variants[b]||b;break}` +
  `if(v&&v!==b)for(c=e.firstElementChild;c;c=c.nextElementSibling)if(c.getAttribute("${COPY_ATTR}")===v){c.setAttribute("${SHOWN_COPY_ATTR}","");e.setAttribute("${SHOW_ATTR}",v)}})}` +
  `var o=new MutationObserver(a);o.observe(d,{childList:!0,subtree:!0});d.addEventListener("DOMContentLoaded",function(){a();o.disconnect()})}catch(e){}})(document)`;

/** Whether the rendered body has a personalized slot (the attribute the hero's slot renders). */
export const hasPersonalizedSlot = (bodyHtml: string): boolean => bodyHtml.includes(` ${SLOT_EXPERIENCES_ATTR}="`);

/**
 * The head elements for a page whose body Gatsby rendered as `bodyHtml`: none when personalization is unset or
 * the page has no slot. `bodyHtml` is an argument Gatsby passes to onRenderBody without declaring it
 * (docs/upgrade-canaries.md); should a later Gatsby stop passing it, every page gets the script again.
 */
export function personalizationHead(settings: PersonalizationSettings | undefined, bodyHtml: unknown): ReactElement[] {
  if (!settings || (typeof bodyHtml === "string" && !hasPersonalizedSlot(bodyHtml))) return [];
  return [createElement("script", { key: "personalization-pre-paint", dangerouslySetInnerHTML: { __html: prePaintScript() } })];
}
