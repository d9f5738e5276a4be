/** Integrations (/integrations/slug/) and customer stories (/customers/slug/). */
export const catalogSdl = /* GraphQL */ `
  "An app Northdesk connects to, at /integrations/slug/."
  interface Integration implements Node {
    "Gatsby's node id."
    id: ID!
    "The integration's URL segment."
    slug: String!
    "The app's name."
    name: String!
    "The app's kind, e.g. CRM or Chat (the list groups by it)."
    category: String!
    "One or two sentences for the list."
    summary: String!
    "The app's logo."
    logo: ImageAsset!
    "The app's website."
    website: String!
    "What the integration does, at least two points."
    features: [String!]!
    "Shows a New badge."
    isNew: Boolean!
    "The long description."
    body: MarkdownBody!
  }

  "A customer story, at /customers/slug/."
  interface Company implements Node {
    "Gatsby's node id."
    id: ID!
    "The story's URL segment."
    slug: String!
    "The customer's name."
    name: String!
    "The customer's industry."
    industry: String!
    "The customer's size, e.g. 50-200 employees."
    size: String!
    "Where the customer is based."
    location: String!
    "The customer's logo."
    logo: ImageAsset!
    "One or two sentences for the list."
    summary: String!
    "The customer's quote."
    quote: String!
    "Who said it."
    quoteAuthor: String!
    "Their role."
    quoteRole: String!
    "Results in figures, at least two."
    stats: [Stat!]!
    "The story."
    body: MarkdownBody!
  }
`;
