/**
 * Landing pages (home, product pages, /pricing/, /lp/…): a page is a list of sections, each section
 * a block type rendered by the block registry (src/components/sections).
 */
export const landingSdl = /* GraphQL */ `
  "A labelled link shown as a button."
  type CtaLink {
    label: String!
    "A site path, an absolute URL, a #hash or a {{key}} from the URL table."
    url: String!
  }
  "One feature of a feature grid."
  type Feature {
    title: String!
    text: String!
    "An icon name from the icon set."
    icon: String
    url: String
  }
  "A question and its answer (also FAQPage structured data)."
  type FaqItem {
    question: String!
    answer: String!
  }
  "A figure and what it counts."
  type Stat {
    value: String!
    label: String!
  }
  "A plan of a pricing table."
  type PricingPlan {
    name: String!
    price: String!
    "The billing period, e.g. per user / month."
    period: String!
    description: String!
    features: [String!]!
    cta: CtaLink!
    "Shown as the recommended plan."
    highlighted: Boolean
  }

  "A CMS landing page, at its own slug (docs/product-rules.md#page-types)."
  interface LandingPage implements Node {
    "Gatsby's node id."
    id: ID!
    "The page's path, e.g. / or /lp/get-a-demo/."
    slug: String!
    "The document title (before the site's title template)."
    title: String!
    "The meta description (50-170 characters)."
    description: String!
    "Renders the header without its drawers (focused landing pages)."
    useStaticHeader: Boolean!
    "Keeps the page out of search engines and the sitemap."
    noindex: Boolean!
    "The page's blocks, in order."
    sections: [LandingSection!]!
  }

  "A block of a landing page; blocktype names the component that renders it."
  interface LandingSection implements Node {
    "Gatsby's node id."
    id: ID!
    "The block type, e.g. Hero, FeatureGrid, Faq (the section type's name without Section)."
    blocktype: String!
    "The section's anchor id on its page."
    sectionId: String
  }

  "The page's opening block: heading, text, image and up to two calls to action."
  interface HeroSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always Hero."
    blocktype: String!
    "The section's anchor id; personalization's hero variants replace a hero by this id."
    sectionId: String
    "A short line above the heading."
    kicker: String
    "The page's main heading."
    heading: String
    "The text under the heading."
    text: String
    "The image beside the text."
    image: ImageAsset
    "The main call to action."
    primaryCta: CtaLink
    "The second call to action."
    secondaryCta: CtaLink
  }

  "A grid of features with icons."
  interface FeatureGridSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always FeatureGrid."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The text under the heading."
    text: String
    "The features, at least two."
    features: [Feature!]!
  }

  "A wall of customer names."
  interface LogoWallSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always LogoWall."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "Customer names, at least three."
    logos: [String!]!
  }

  "A customer quote."
  interface TestimonialSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always Testimonial."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The quote."
    quote: String!
    "Who said it."
    name: String!
    "Their role."
    role: String!
    "Their company."
    company: String!
    "Their photo."
    image: ImageAsset
  }

  "A closing call to action."
  interface CallToActionSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always CallToAction."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The text under the heading."
    text: String
    "The main call to action."
    cta: CtaLink!
    "The second call to action."
    secondaryCta: CtaLink
  }

  "Frequently asked questions."
  interface FaqSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always Faq."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The questions and answers, at least one."
    items: [FaqItem!]!
  }

  "Free-form Markdown."
  interface MarkdownSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always Markdown."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The section's Markdown, rendered."
    body: MarkdownBody!
  }

  "A lead form with a heading."
  interface FormSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always Form."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The text under the heading."
    text: String
    "The form (from the embedded content or HubSpot), by its alternative_id."
    form: LeadForm
  }

  "Plans side by side."
  interface PricingTableSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always PricingTable."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The plans, at least one."
    plans: [PricingPlan!]!
  }

  "Every integration (listed from the Integration entries)."
  interface IntegrationListSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always IntegrationList."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The text under the heading."
    text: String
  }

  "Every open job (listed from the JobPost entries)."
  interface JobListSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always JobList."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The text under the heading."
    text: String
  }

  "Every customer story (listed from the Company entries)."
  interface CompanyListSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always CompanyList."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The text under the heading."
    text: String
  }

  "A row of figures."
  interface StatsSection implements Node & LandingSection {
    "Gatsby's node id."
    id: ID!
    "Always Stats."
    blocktype: String!
    "The section's anchor id."
    sectionId: String
    "The section heading."
    heading: String
    "The figures, at least two."
    stats: [Stat!]!
  }
`;
