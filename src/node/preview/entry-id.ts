/**
 * The `@entryId` field extension: an entry's id in its source, for inspector mode's data-contentful-entry-id
 * (docs/content.md#live-preview). Only a preview build resolves it; elsewhere it is null, so production page
 * data names no entry.
 */
type CreateFieldExtension = (extension: { name: string; extend: Function }) => void;

/** Contentful's entry id (gatsby-source-contentful's `contentful_id`), or the embedded content's node id. */
export const entryIdOf = (source: { contentful_id?: unknown; id?: unknown }): string | null =>
  typeof source.contentful_id === "string" ? source.contentful_id : typeof source.id === "string" ? source.id : null;

export function registerEntryIdExtension(createFieldExtension: CreateFieldExtension, livePreview: boolean) {
  createFieldExtension({
    name: "entryId",
    extend: () => ({ resolve: (source: { contentful_id?: unknown; id?: unknown }) => (livePreview ? entryIdOf(source) : null) }),
  });
}
