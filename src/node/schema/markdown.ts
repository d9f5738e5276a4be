/** Markdown bodies: rendered at build time into sanitized HTML segments (the parser never ships to the browser). */
export const markdownSdl = /* GraphQL */ `
  "A heading of a Markdown body, for a table of contents."
  type MarkdownHeading {
    "The heading's anchor id."
    id: String!
    "The heading's plain text."
    text: String!
    "1 for h1 … 6 for h6."
    depth: Int!
  }
  "A run of sanitized HTML, or an embedded lead form (docs/product-rules.md#navigation-and-footer)."
  type MarkdownSegment {
    "html or form."
    kind: String!
    "Sanitized HTML (kind html)."
    html: String
    "The embedded lead form (kind form), written in Markdown as a line ::form[form id]."
    form: LeadForm
  }
  "A GFM Markdown body, rendered at build time."
  type MarkdownBody {
    "The body in order: HTML runs and embedded forms."
    segments: [MarkdownSegment!]!
    "Every heading, in order."
    headings: [MarkdownHeading!]!
    "The plain text (search, descriptions)."
    text: String!
    "Words in the plain text."
    wordCount: Int!
    "Estimated reading time, in whole minutes."
    readingMinutes: Int!
  }
`;
