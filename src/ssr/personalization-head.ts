/**
 * The head's part of personalization in the first second (docs/page-load.md#personalization-in-the-first-second),
 * only on a build with personalization configured:
 * - a small render-blocking inline script, the same text on every page (one CSP hash), that shows a
 *   returning visitor's stored selection (the SDK's `__nt_experiences__`) in every personalized slot as the
 *   slot is parsed: a MutationObserver's callback runs before the parser yields to a paint, so the first
 *   paint already shows the variant and nothing swaps. It only sets attributes React does not render (the
 *   stack's CSS reacts to them, src/components/ui/reserve.tsx); the slot adopts the choice when it hydrates
 *   (use-slot-choice.ts). Its source is src/browser/inline/pre-paint.ts, which calls
 *   src/personalization/stored-selection.ts `applySelection` itself; src/node/bundling/inline-scripts.ts
 *   compiles it once per build and hands it to this module as the PRE_PAINT_SCRIPT constant.
 *
 * Only on pages whose body has a personalized slot: elsewhere the script would do nothing, and its bytes
 * would push the head of a long page past the first round trip's window (docs/page-load.md).
 *
 * No preconnect to the Experience API: the page's HTML names no third-party host (a preconnect would be the
 * first); the early script opens the connection with its request.
 */
import { createElement, type ReactElement } from "react";
import { SLOT_EXPERIENCES_ATTR } from "../personalization/stored-selection";
import type { PersonalizationSettings } from "../config/third-party";

/** The compiled pre-paint script (webpack's DefinePlugin: src/node/bundling/inline-scripts.ts); absent under vitest. */
declare const PRE_PAINT_SCRIPT: string | undefined;

/** The pre-paint script's text (undefined where it was not compiled: unit tests that do not set it). Does nothing without a stored selection. */
export const prePaintScript = (): string | undefined => (typeof PRE_PAINT_SCRIPT === "string" ? PRE_PAINT_SCRIPT : undefined);

/** Whether the rendered body has a personalized slot (the attribute the hero's slot renders). */
export const hasPersonalizedSlot = (bodyHtml: string): boolean => bodyHtml.includes(` ${SLOT_EXPERIENCES_ATTR}="`);

/**
 * The head elements for a page whose body Gatsby rendered as `bodyHtml`: none when personalization is unset or
 * the page has no slot. `bodyHtml` is an argument Gatsby passes to onRenderBody without declaring it
 * (docs/upgrade-canaries.md); should a later Gatsby stop passing it, every page gets the script again.
 */
export function personalizationHead(settings: PersonalizationSettings | undefined, bodyHtml: unknown): ReactElement[] {
  const text = prePaintScript();
  if (!settings || !text || (typeof bodyHtml === "string" && !hasPersonalizedSlot(bodyHtml))) return [];
  return [createElement("script", { key: "personalization-pre-paint", dangerouslySetInnerHTML: { __html: text } })];
}
