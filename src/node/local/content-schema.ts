/** The embedded content contract: the shape of every file under content/. */
import { z } from "zod";
import { href, image, isoDate, link, sitePath, slug } from "./content-fields";

// ---- landing pages (content/pages/**/*.md): sections in front matter, body optional ----
import { landingPageSchema } from "./landing-schema";
export { landingPageSchema };
export type { SectionInput } from "./landing-schema";

// ---- site-wide data (content/site/*.json) ----
export const siteSettingsSchema = z.object({
  title: z.string(),
  titleTemplate: z.string().includes("%s"),
  description: z.string(),
  organization: z.object({
    name: z.string(),
    legalName: z.string(),
    logo: z.string(),
    supportEmail: z.string().email(),
    address: z.string(),
    sameAs: z.array(z.string().url()),
  }),
  social: z.object({ x: z.string().url(), facebook: z.string().url(), linkedin: z.string().url(), instagram: z.string().url() }),
  /** docs/product-rules.md#navigation-and-footer: "{{key}}" in any link address is looked up here. Values are URLs or numbers written as strings. */
  urlTable: z.record(z.string(), href),
});

const listItem = z.object({ title: z.string(), url: href.optional(), icon: z.string().optional(), isNew: z.boolean().optional() });
const drawerItem = z.object({
  title: z.string(),
  url: href.optional(),
  text: z.string().optional(),
  image: image.optional(),
  imagePosition: z.enum(["FULL_WIDTH", "LEFT", "RIGHT"]).optional(),
  color: z.enum(["ORANGE", "ORANGE_LIGHT", "PURPLE", "PURPLE_LIGHT"]).optional(),
  layout: z.enum(["CARD", "FEATURED_CARD", "LIST"]),
  isNew: z.boolean().optional(),
  /** LIST layout: a title (above) and its entries. */
  items: z.array(listItem).optional(),
});
const columnFooter = z.object({
  layout: z.enum(["CTA", "POWERED_BY", "SMALL_LIST"]),
  title: z.string().optional(),
  text: z.string().optional(),
  image: image.optional(),
  url: href.optional(),
  items: z.array(listItem).optional(),
});
export const navigationSchema = z.object({
  /** Which audience this navigation is for; the baseline has none (docs/product-rules.md#navigation-data, personalization swaps it). */
  id: slug,
  navItems: z.array(
    z.object({
      id: slug,
      title: z.string(),
      url: href.optional(),
      columns: z.array(z.object({ items: z.array(drawerItem), footer: columnFooter.optional() })).optional(),
    }),
  ),
});
export const footerSchema = z.object({
  columns: z.array(
    z.object({
      title: z.string(),
      items: z.array(z.object({ title: z.string(), url: href.optional(), isNew: z.boolean().optional(), html: z.string().optional() })),
    }),
  ),
});

// ---- blog (content/blog/categories.json, content/blog/posts/*.md) ----
export const categorySchema = z.object({ slug, name: z.string(), description: z.string() });
export const blogPostSchema = z.object({
  slug,
  title: z.string(),
  excerpt: z.string().min(50).max(170),
  date: isoDate,
  updated: isoDate.optional(),
  author: slug,
  category: slug,
  image,
  tags: z.array(z.string()).default([]),
});

// ---- authors (content/authors/*.md; body = bio) ----
export const authorSchema = z.object({
  slug,
  name: z.string(),
  role: z.string(),
  avatar: image,
  x: z.string().url().optional(),
  linkedin: z.string().url().optional(),
});

// ---- books (content/books/<book>/index.md and content/books/<book>/<nn>-<chapter>.md) ----
export const bookSchema = z.object({ slug, title: z.string(), description: z.string(), cover: image, author: slug });
export const bookChapterSchema = z.object({ slug, title: z.string(), order: z.number().int().positive(), excerpt: z.string() });

// ---- integrations, companies, jobs (body = long description) ----
export const integrationSchema = z.object({
  slug,
  name: z.string(),
  category: z.string(),
  summary: z.string(),
  logo: image,
  website: z.string().url(),
  features: z.array(z.string()).min(2),
  isNew: z.boolean().optional(),
});
export const companySchema = z.object({
  slug,
  name: z.string(),
  industry: z.string(),
  size: z.string(),
  location: z.string(),
  logo: image,
  summary: z.string(),
  quote: z.string(),
  quoteAuthor: z.string(),
  quoteRole: z.string(),
  stats: z.array(z.object({ value: z.string(), label: z.string() })).min(2),
});
export const jobSchema = z.object({
  slug,
  title: z.string(),
  department: z.string(),
  location: z.string(),
  remote: z.boolean(),
  employmentType: z.enum(["FULL_TIME", "PART_TIME", "CONTRACTOR"]),
  datePosted: isoDate,
  validThrough: isoDate,
  salaryMin: z.number().int(),
  salaryMax: z.number().int(),
  currency: z.string().length(3),
});

// ---- interview builder (content/interview-guides/*.md, content/job-descriptions/*.md) ----
export const interviewGuideSchema = z.object({
  slug,
  role: z.string(),
  title: z.string(),
  summary: z.string(),
  jobDescription: slug,
  competencies: z
    .array(
      z.object({
        name: z.string(),
        description: z.string(),
        questions: z.array(z.object({ id: slug, text: z.string(), lookFor: z.string() })).min(3),
      }),
    )
    .min(3),
});
export const jobDescriptionSchema = z.object({
  slug,
  role: z.string(),
  title: z.string(),
  summary: z.string(),
  interviewGuide: slug,
  department: z.string(),
  employmentType: z.enum(["FULL_TIME", "PART_TIME", "CONTRACTOR"]),
  responsibilities: z.array(z.string()).min(3),
  requirements: z.array(z.string()).min(3),
  niceToHave: z.array(z.string()).default([]),
});

// ---- resources page (content/resources/*.md) ----
export const resourcesPageSchema = z.object({
  slug: sitePath,
  title: z.string(),
  description: z.string().min(50).max(170),
  groups: z
    .array(
      z.object({
        title: z.string(),
        items: z
          .array(z.object({ title: z.string(), type: z.string(), url: href, description: z.string(), image: image.optional() }))
          .min(1),
      }),
    )
    .min(1),
});

// ---- documents: long-form Markdown used by static pages (content/documents/*.md) ----
// A line "::form[<form id>]" alone in the body embeds that lead form (docs/product-rules.md#navigation-and-footer).
export const documentSchema = z.object({ slug, title: z.string(), description: z.string(), updated: isoDate.optional() });

// ---- lead forms (content/forms/*.json): the schema every lead-form source is checked against ----
import { leadFormSchema } from "../schema/lead-form-definition";
export { leadFormSchema };

// ---- personalization (content/personalization/*.json), in the Ninetailed content shape (docs/product-rules.md#personalization-data) ----
export const audienceSchema = z.object({
  nt_audience_id: slug,
  nt_name: z.string().min(1),
  nt_description: z.string().optional(),
  /** How the local Experience API decides membership: any/listed utm_campaign, or the referrer's host. */
  nt_rules: z.object({
    utmCampaign: z.union([z.literal("*"), z.array(z.string().min(1))]).optional(),
    referrerHosts: z.array(z.string().min(1)).optional(),
  }),
});
const variantRef = z.object({ id: z.string().min(1), hidden: z.boolean().optional() });
export const experienceSchema = z.object({
  nt_experience_id: slug,
  nt_name: z.string().min(1),
  nt_description: z.string().optional(),
  nt_type: z.enum(["nt_personalization", "nt_experiment"]),
  nt_audience: slug.optional(),
  nt_config: z.object({
    traffic: z.number().min(0).max(1).optional(),
    distribution: z.array(z.number().min(0).max(1)).optional(),
    sticky: z.boolean().optional(),
    components: z.array(z.object({ baseline: variantRef, variants: z.array(variantRef) })).optional(),
  }),
  /** The variant entries the components refer to ("navigation:<id>", "hero:<id>"). */
  nt_variants: z.array(z.string().min(1)),
});
export const heroVariantSchema = z.object({
  id: slug,
  /** The id of the hero section this variant replaces. */
  baseline: slug,
  kicker: z.string().optional(),
  heading: z.string().optional(),
  text: z.string().optional(),
  primaryCta: link.optional(),
  secondaryCta: link.optional(),
});
export type AudienceInput = z.infer<typeof audienceSchema>;
export type ExperienceInput = z.infer<typeof experienceSchema>;

/** A Markdown file once valid: its front matter, its body, and its path under content/. */
export interface Doc<T> {
  file: string;
  data: T;
  body: string;
}

export type Book = Doc<z.infer<typeof bookSchema>> & { chapters: Doc<z.infer<typeof bookChapterSchema>>[] };

/** Everything under content/, validated. */
export interface LocalContent {
  settings: z.infer<typeof siteSettingsSchema>;
  navigations: z.infer<typeof navigationSchema>[];
  footer: z.infer<typeof footerSchema>;
  pages: Doc<z.infer<typeof landingPageSchema>>[];
  categories: z.infer<typeof categorySchema>[];
  posts: Doc<z.infer<typeof blogPostSchema>>[];
  authors: Doc<z.infer<typeof authorSchema>>[];
  books: Book[];
  integrations: Doc<z.infer<typeof integrationSchema>>[];
  companies: Doc<z.infer<typeof companySchema>>[];
  jobs: Doc<z.infer<typeof jobSchema>>[];
  interviewGuides: Doc<z.infer<typeof interviewGuideSchema>>[];
  jobDescriptions: Doc<z.infer<typeof jobDescriptionSchema>>[];
  resources: Doc<z.infer<typeof resourcesPageSchema>>[];
  documents: Doc<z.infer<typeof documentSchema>>[];
  forms: z.infer<typeof leadFormSchema>[];
  /** Personalization (optional; content/personalization/). */
  audiences: AudienceInput[];
  experiences: ExperienceInput[];
  heroVariants: z.infer<typeof heroVariantSchema>[];
}
