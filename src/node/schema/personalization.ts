/** Personalization (docs/product-rules.md#personalization-data), in Ninetailed's model: audiences, experiences and the variants they show. */
export const personalizationSdl = /* GraphQL */ `
  "A slice of the traffic: visitors whose hash falls in start-end see variant index (0 is the baseline)."
  type ExperienceDistribution {
    index: Int!
    start: Float!
    end: Float!
  }
  "An entry an experience shows or hides."
  type ExperienceVariantRef {
    id: String!
    hidden: Boolean
  }
  "A baseline entry and its variants."
  type ExperienceComponent {
    baseline: ExperienceVariantRef!
    variants: [ExperienceVariantRef!]!
  }

  "A group of visitors, e.g. those who came from a campaign."
  interface PersonalizationAudience implements Node {
    "Gatsby's node id."
    id: ID!
    "The audience's id, as experiences name it."
    audienceId: String!
    "The audience's name."
    name: String!
    "Who belongs to it."
    description: String
  }

  "A variant of a landing page's hero, shown by an experience."
  interface PersonalizationHeroVariant implements Node {
    "Gatsby's node id."
    id: ID!
    "The variant's id, as an experience names it (hero:id)."
    variantId: String!
    "The sectionId of the hero it replaces."
    baseline: String!
    "Replaces the hero's kicker."
    kicker: String
    "Replaces the hero's heading."
    heading: String
    "Replaces the hero's text."
    text: String
    "Replaces the hero's main call to action."
    primaryCta: CtaLink
    "Replaces the hero's second call to action."
    secondaryCta: CtaLink
  }

  "A personalization or an A/B experiment, mapped as Ninetailed's ExperienceMapper does."
  interface PersonalizationExperience implements Node {
    "Gatsby's node id."
    id: ID!
    "The experience's id."
    experienceId: String!
    "nt_personalization or nt_experiment."
    type: String!
    "The experience's name."
    name: String!
    "What it tests or personalizes."
    description: String
    "The audienceId it targets; none for everyone."
    audience: String
    "The share of the audience that takes part, 0 to 1."
    trafficAllocation: Float!
    "How participants are split between baseline and variants."
    distribution: [ExperienceDistribution!]!
    "Whether a visitor keeps the variant they were first shown."
    sticky: Boolean!
    "The entries it swaps."
    components: [ExperienceComponent!]!
  }
`;
