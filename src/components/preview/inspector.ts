/**
 * Inspector-mode tags (docs/content.md#live-preview): the attributes Contentful's Live Preview SDK reports to the
 * web app, which draws an "Edit" button over the element. LIVE_PREVIEW is a build-time constant: in production
 * the function returns undefined and the attribute names never reach a bundle.
 */
import { LIVE_PREVIEW, PREVIEW_LOCALE } from "../../config/live-preview";

export type InspectorProps = Record<`data-contentful-${string}`, string>;

/** The tags of an entry's field; none outside a preview build, or for content without an entry id. */
export function inspectorProps(entryId: string | null | undefined, fieldId: string): InspectorProps | undefined {
  if (!LIVE_PREVIEW || !entryId) return undefined;
  return { "data-contentful-entry-id": entryId, "data-contentful-field-id": fieldId, "data-contentful-locale": PREVIEW_LOCALE };
}
