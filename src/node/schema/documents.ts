/** Long-form documents (legal pages, programmes) and resources pages. */
export const documentsSdl = /* GraphQL */ `
  "A link to a guide, webinar, template or other resource."
  type ResourceItem {
    title: String!
    "The kind of resource, e.g. Guide or Webinar."
    type: String!
    url: String!
    description: String!
    image: ImageAsset
  }
  "A titled group of resources."
  type ResourceGroup {
    title: String!
    items: [ResourceItem!]!
  }

  "A page of grouped resources, at its own slug (e.g. /resources/)."
  interface ResourcesPage implements Node {
    "Gatsby's node id."
    id: ID!
    "The page's path."
    slug: String!
    "The page's title."
    title: String!
    "The meta description (50-170 characters)."
    description: String!
    "The groups, in order."
    groups: [ResourceGroup!]!
  }

  "A long-form Markdown document that a static page renders (legal pages, programmes)."
  interface Document implements Node {
    "Gatsby's node id."
    id: ID!
    "The name the page looks the document up by."
    slug: String!
    "The document's title."
    title: String!
    "The meta description."
    description: String!
    "When the document last changed."
    updated: Date @dateformat
    "The document; a line ::form[form id] embeds that lead form."
    body: MarkdownBody!
  }
`;
