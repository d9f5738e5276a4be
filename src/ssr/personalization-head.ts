/**
 * The head's part of personalization in the first second
 * (docs/page-load.md#personalization-in-the-first-second), only on a build with personalization configured.
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
 * the page has no slot. See docs/upgrade-canaries.md.
 */
export function personalizationHead(settings: PersonalizationSettings | undefined, bodyHtml: unknown): ReactElement[] {
  const text = prePaintScript();
  if (!settings || !text || (typeof bodyHtml === "string" && !hasPersonalizedSlot(bodyHtml))) return [];
  return [createElement("script", { key: "personalization-pre-paint", dangerouslySetInnerHTML: { __html: text } })];
}
