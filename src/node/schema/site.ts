/** Site-wide data: settings, navigation (per audience) and footer. */
export const siteSdl = /* GraphQL */ `
  "One row of the URL table: a {{key}} in any link address is replaced by its value (docs/product-rules.md#navigation-and-footer)."
  type UrlTableEntry {
    key: String!
    value: String!
  }
  "The organization behind the site, for structured data."
  type SiteOrganization {
    name: String!
    legalName: String!
    "Path or URL of the logo."
    logo: String!
    supportEmail: String!
    address: String!
    "Profile URLs of the organization elsewhere."
    sameAs: [String!]!
  }
  "The site's social profiles."
  type SocialLinks {
    x: String!
    facebook: String!
    linkedin: String!
    instagram: String!
  }

  "A link in a drawer list or a column footer."
  type NavListItem {
    title: String!
    url: String
    "An icon name from the icon set (served from /icons/name.svg)."
    icon: String
    "Shows a New badge."
    isNew: Boolean
  }
  "An entry of a navigation drawer column: a card, a featured card or a titled list."
  type NavDrawerItem {
    title: String!
    url: String
    text: String
    image: ImageAsset
    "FULL_WIDTH, LEFT or RIGHT."
    imagePosition: String
    "ORANGE, ORANGE_LIGHT, PURPLE or PURPLE_LIGHT."
    color: String
    "CARD, FEATURED_CARD or LIST."
    layout: String!
    isNew: Boolean
    "The LIST layout's links."
    items: [NavListItem!]
  }
  "What closes a drawer column: a call to action, a powered-by note or a small list."
  type NavColumnFooter {
    "CTA, POWERED_BY or SMALL_LIST."
    layout: String!
    title: String
    text: String
    image: ImageAsset
    url: String
    items: [NavListItem!]
  }
  "One column of a navigation drawer."
  type NavColumn {
    items: [NavDrawerItem!]!
    footer: NavColumnFooter
  }
  "A top-level navigation entry: a plain link, or a drawer of columns."
  type NavItem {
    id: String!
    title: String!
    url: String
    columns: [NavColumn!]
  }

  "A link (or a short HTML note) in a footer column."
  type FooterItem {
    title: String!
    url: String
    isNew: Boolean
    "Sanitized HTML shown instead of a plain link."
    html: String @sanitized
  }
  "A titled column of the footer."
  type FooterColumn {
    title: String!
    items: [FooterItem!]!
  }

  "The site's name, default description, organization data and URL table (one per site)."
  interface SiteSettings implements Node {
    "Gatsby's node id."
    id: ID!
    "The site's name."
    title: String!
    "The document title pattern; %s is the page's title."
    titleTemplate: String!
    "The default meta description."
    description: String!
    "The organization behind the site (structured data)."
    organization: SiteOrganization!
    "The site's social profiles."
    social: SocialLinks!
    "Values for {{key}} placeholders in link addresses."
    urlTable: [UrlTableEntry!]!
  }

  "The header navigation; personalization swaps the baseline for an audience's variant (docs/product-rules.md#navigation-data)."
  interface Navigation implements Node {
    "Gatsby's node id."
    id: ID!
    "baseline, or the id an experience names as navigation:id."
    navId: String!
    "The top-level entries, in order."
    navItems: [NavItem!]!
  }

  "The site footer (one per site)."
  interface Footer implements Node {
    "Gatsby's node id."
    id: ID!
    "The footer's columns, in order."
    columns: [FooterColumn!]!
  }
`;
