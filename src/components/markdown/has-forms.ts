/** Whether a Markdown body embeds a lead form (which needs React in the browser). */
export const hasForms = (body: Queries.MarkdownBodyFieldsFragment | null | undefined) =>
  !!body?.segments.some((segment) => segment.kind === "form");
