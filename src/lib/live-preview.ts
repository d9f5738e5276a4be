/** What the preview page and the preview server share (docs/content.md#live-preview). */

/** Where the framed page posts the web app's merged entries; the preview server maps and pushes them. */
export const LIVE_EDIT_ENDPOINT = "/__preview/edit";

/** An entry as the web app sends it back merged (Contentful's CPA shape: sys and field values of one locale). */
export interface EditedEntry {
  sys: { id: string };
  fields: Record<string, unknown>;
}
