/**
 * Inspector-mode tags (docs/content.md#live-preview): the attributes Contentful's Live Preview SDK reports to the
 * web app, which draws an "Edit" button over the element. LIVE_PREVIEW_BUILD is webpack's DefinePlugin constant,
 * read here directly so the minifier folds it: in production the function returns undefined and the attribute
 * names never reach a bundle (an imported const was not folded: tests/e2e/live-preview-absent.spec.ts).
 */
import { PREVIEW_LOCALE } from "../../config/live-preview";

export type InspectorProps = Record<`data-contentful-${string}`, string>;

/** The tags of an entry's field; none outside a preview build, or for content without an entry id. */
export function inspectorProps(entryId: string | null | undefined, fieldId: string): InspectorProps | undefined {
  if (typeof LIVE_PREVIEW_BUILD === "undefined" || !LIVE_PREVIEW_BUILD || !entryId) return undefined;
  return { "data-contentful-entry-id": entryId, "data-contentful-field-id": fieldId, "data-contentful-locale": PREVIEW_LOCALE };
}
