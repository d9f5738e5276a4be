/**
 * The site's GraphQL contract (ARCHITECTURE.md 1): CMS-agnostic interfaces that pages and
 * components query. Each source adapter implements them; `implementations(prefix)` writes the
 * concrete `@dontInfer` types a source needs, so the field lists are never repeated by hand.
 */

/** Plain object types shared by every source (values, not entries). */
export const sharedTypes = /* GraphQL */ `
  interface ImageAsset {
    alt: String!
    url: String
    width: Int
    height: Int
    gatsbyImageData: GatsbyImageData @imagePassthroughArgs
  }

  type UrlTableEntry {
    key: String!
    value: String!
  }
  type SiteOrganization {
    name: String!
    legalName: String!
    logo: String!
    supportEmail: String!
    address: String!
    sameAs: [String!]!
  }
  type SocialLinks {
    x: String!
    facebook: String!
    linkedin: String!
    instagram: String!
  }

  type NavListItem {
    title: String!
    url: String
    icon: String
    isNew: Boolean
  }
  type NavDrawerItem {
    title: String!
    url: String
    text: String
    image: ImageAsset
    imagePosition: String
    color: String
    layout: String!
    isNew: Boolean
    items: [NavListItem!]
  }
  type NavColumnFooter {
    layout: String!
    title: String
    text: String
    image: ImageAsset
    url: String
    items: [NavListItem!]
  }
  type NavColumn {
    items: [NavDrawerItem!]!
    footer: NavColumnFooter
  }
  type NavItem {
    id: String!
    title: String!
    url: String
    columns: [NavColumn!]
  }

  type FooterItem {
    title: String!
    url: String
    isNew: Boolean
    html: String @sanitized
  }
  type FooterColumn {
    title: String!
    items: [FooterItem!]!
  }

  type MarkdownHeading {
    id: String!
    text: String!
    depth: Int!
  }
  "A run of sanitized HTML, or an embedded lead form (SPEC 2.5)."
  type MarkdownSegment {
    kind: String!
    html: String
    form: LeadForm
  }
  type MarkdownBody {
    segments: [MarkdownSegment!]!
    headings: [MarkdownHeading!]!
    text: String!
    wordCount: Int!
    readingMinutes: Int!
  }

  type CtaLink {
    label: String!
    url: String!
  }
  type Feature {
    title: String!
    text: String!
    icon: String
    url: String
  }
  type FaqItem {
    question: String!
    answer: String!
  }
  type Stat {
    value: String!
    label: String!
  }
  type PricingPlan {
    name: String!
    price: String!
    period: String!
    description: String!
    features: [String!]!
    cta: CtaLink!
    highlighted: Boolean
  }

  type InterviewQuestion {
    id: String!
    text: String!
    lookFor: String!
  }
  type Competency {
    name: String!
    description: String!
    questions: [InterviewQuestion!]!
  }
  type ResourceItem {
    title: String!
    type: String!
    url: String!
    description: String!
    image: ImageAsset
  }
  type ResourceGroup {
    title: String!
    items: [ResourceItem!]!
  }

  type LeadFormOption {
    value: String!
    label: String!
  }
  type LeadFormValidation {
    blockedEmailDomains: [String!]!
  }
  type LeadFormField {
    name: String!
    label: String!
    placeholder: String
    fieldType: String!
    required: Boolean!
    hidden: Boolean!
    defaultValue: String
    defaultValues: [String!]
    options: [LeadFormOption!]
    objectTypeId: String
    validation: LeadFormValidation
  }
  type LeadFormFieldGroup {
    alternative_fields: [LeadFormField!]!
    richText: String @sanitized
  }
  type LeadFormPostSubmitAction {
    type: String!
    value: String! @sanitized
  }
  type LeadFormConfiguration {
    postSubmitAction: LeadFormPostSubmitAction
  }
  type LeadFormDisplayOptions {
    submitButtonText: String!
  }
  type LeadFormConsentCheckbox {
    label: String! @sanitized
    subscriptionTypeId: Int!
    required: Boolean!
  }
  type LeadFormLegalConsentOptions {
    consentToProcessText: String @sanitized
    privacyText: String @sanitized
    communicationsCheckboxes: [LeadFormConsentCheckbox!]!
  }

  type ExperienceDistribution {
    index: Int!
    start: Float!
    end: Float!
  }
  type ExperienceVariantRef {
    id: String!
    hidden: Boolean
  }
  type ExperienceComponent {
    baseline: ExperienceVariantRef!
    variants: [ExperienceVariantRef!]!
  }
`;

/**
 * Entry interfaces: name → field SDL. Every one `implements Node`. Fields marked with a
 * directive in `localDirectives` get source-specific resolvers.
 */
export const entities: Record<string, { fields: string; extra?: string[] }> = {
  SiteSettings: {
    fields: `title: String! titleTemplate: String! description: String! organization: SiteOrganization! social: SocialLinks! urlTable: [UrlTableEntry!]!`,
  },
  Navigation: { fields: `navId: String! navItems: [NavItem!]!` },
  Footer: { fields: `columns: [FooterColumn!]!` },
  LandingPage: {
    fields: `slug: String! title: String! description: String! useStaticHeader: Boolean! noindex: Boolean! sections: [LandingSection!]!`,
  },
  LandingSection: { fields: `blocktype: String! sectionId: String` },
  HeroSection: {
    extra: ["LandingSection"],
    fields: `blocktype: String! sectionId: String kicker: String heading: String text: String image: ImageAsset primaryCta: CtaLink secondaryCta: CtaLink`,
  },
  FeatureGridSection: {
    extra: ["LandingSection"],
    fields: `blocktype: String! sectionId: String heading: String text: String features: [Feature!]!`,
  },
  LogoWallSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String logos: [String!]!` },
  TestimonialSection: {
    extra: ["LandingSection"],
    fields: `blocktype: String! sectionId: String quote: String! name: String! role: String! company: String! image: ImageAsset`,
  },
  CallToActionSection: {
    extra: ["LandingSection"],
    fields: `blocktype: String! sectionId: String heading: String text: String cta: CtaLink! secondaryCta: CtaLink`,
  },
  FaqSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String items: [FaqItem!]!` },
  MarkdownSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String body: MarkdownBody!` },
  FormSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String text: String form: LeadForm` },
  PricingTableSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String plans: [PricingPlan!]!` },
  IntegrationListSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String text: String` },
  JobListSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String text: String` },
  CompanyListSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String text: String` },
  StatsSection: { extra: ["LandingSection"], fields: `blocktype: String! sectionId: String heading: String stats: [Stat!]!` },
  Category: { fields: `slug: String! name: String! description: String!` },
  Author: { fields: `slug: String! name: String! role: String! avatar: ImageAsset! x: String linkedin: String bio: MarkdownBody!` },
  BlogPost: {
    fields: `slug: String! title: String! excerpt: String! date: Date! @dateformat updated: Date @dateformat author: Author! category: Category! image: ImageAsset! tags: [String!]! body: MarkdownBody!`,
  },
  Book: {
    fields: `slug: String! title: String! description: String! cover: ImageAsset! author: Author! intro: MarkdownBody! chapters: [BookPost!]!`,
  },
  BookPost: { fields: `slug: String! title: String! order: Int! excerpt: String! book: Book! body: MarkdownBody!` },
  Integration: {
    fields: `slug: String! name: String! category: String! summary: String! logo: ImageAsset! website: String! features: [String!]! isNew: Boolean! body: MarkdownBody!`,
  },
  Company: {
    fields: `slug: String! name: String! industry: String! size: String! location: String! logo: ImageAsset! summary: String! quote: String! quoteAuthor: String! quoteRole: String! stats: [Stat!]! body: MarkdownBody!`,
  },
  JobPost: {
    fields: `slug: String! title: String! department: String! location: String! remote: Boolean! employmentType: String! datePosted: Date! @dateformat validThrough: Date! @dateformat salaryMin: Int! salaryMax: Int! currency: String! body: MarkdownBody!`,
  },
  InterviewGuide: {
    fields: `slug: String! role: String! title: String! summary: String! competencies: [Competency!]! jobDescription: JobDescription! body: MarkdownBody!`,
  },
  JobDescription: {
    fields: `slug: String! role: String! title: String! summary: String! department: String! employmentType: String! responsibilities: [String!]! requirements: [String!]! niceToHave: [String!]! interviewGuide: InterviewGuide! body: MarkdownBody!`,
  },
  ResourcesPage: { fields: `slug: String! title: String! description: String! groups: [ResourceGroup!]!` },
  Document: { fields: `slug: String! title: String! description: String! updated: Date @dateformat body: MarkdownBody!` },
  LeadForm: {
    fields: `alternative_id: String! name: String! fieldGroups: [LeadFormFieldGroup!]! configuration: LeadFormConfiguration displayOptions: LeadFormDisplayOptions legalConsentOptions: LeadFormLegalConsentOptions isCompact: Boolean! redirectUrl: String customSuccessMessage: String @sanitized`,
  },
  PersonalizationAudience: { fields: `audienceId: String! name: String! description: String` },
  PersonalizationHeroVariant: {
    fields: `variantId: String! baseline: String! kicker: String heading: String text: String primaryCta: CtaLink secondaryCta: CtaLink`,
  },
  PersonalizationExperience: {
    fields: `experienceId: String! type: String! name: String! description: String audience: String trafficAllocation: Float! distribution: [ExperienceDistribution!]! sticky: Boolean! components: [ExperienceComponent!]!`,
  },
};

/** One field of an entity interface, as written in its SDL. */
export interface FieldSdl {
  name: string;
  /** The field's arguments in parentheses, or "". */
  args: string;
  /** The GraphQL type, e.g. "[String!]!". */
  type: string;
  /** Directives as written, e.g. "@dateformat", or "". */
  directives: string;
}

const FIELD = /(\w+)(\([^)]*\))?:\s*([\w[\]!]+)((?:\s*@\w+(?:\([^)]*\))?)*)/g;

/** The fields of an entity interface (without the `id` every node has). */
export function entityFields(name: string): FieldSdl[] {
  const entity = entities[name];
  if (!entity) throw new Error(`schema: unknown entity "${name}"`);
  return [...entity.fields.matchAll(FIELD)].map((m) => ({ name: m[1], args: m[2] ?? "", type: m[3], directives: (m[4] ?? "").trim() }));
}

export function interfaceTypeDefs(): string {
  return Object.entries(entities)
    .map(([name, { fields, extra = [] }]) => `interface ${name} implements ${["Node", ...extra].join(" & ")} { id: ID! ${fields} }`)
    .join("\n");
}

/**
 * The concrete types a source adds: `type <prefix><Name> implements Node & <Name> @dontInfer`.
 * `fieldOverrides` replaces a field's SDL for that source (e.g. a link directive), keyed by
 * "Name.field"; `typeOverrides` renames the object types a source uses for images.
 */
export function implementations(prefix: string, fieldOverrides: Record<string, string> = {}, imageType = `${prefix}Image`): string {
  return Object.entries(entities)
    .map(([name, { fields, extra = [] }]) => {
      const body = fields
        .replace(FIELD, (whole, field: string) => {
          const key = `${name}.${field}`;
          return fieldOverrides[key] ?? whole;
        })
        .replace(/\bImageAsset\b/g, imageType);
      return `type ${prefix}${name} implements ${["Node", name, ...extra].join(" & ")} @dontInfer { id: ID! ${body} }`;
    })
    .join("\n");
}
