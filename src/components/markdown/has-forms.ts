/**
 * Whether a Markdown body embeds a lead form (which needs React in the browser). A module of its own, so that a
 * page deciding its islands by it does not take the Markdown renderer into its bundle.
 */
export const hasForms = (body: Queries.MarkdownBodyFieldsFragment | null | undefined) =>
  !!body?.segments.some((segment) => segment.kind === "form");
