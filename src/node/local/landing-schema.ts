/**
 * Landing pages under content/pages/ (content-schema.ts): the page's front matter and its sections, one
 * object per block type, discriminated by `blocktype` (the block registry, src/components/blocks, renders each).
 */
import { z } from "zod";
import { href, image, link, sitePath, slug } from "./content-fields";

const section = z.discriminatedUnion("blocktype", [
  z.object({
    blocktype: z.literal("Hero"),
    id: slug,
    kicker: z.string().optional(),
    heading: z.string(),
    text: z.string(),
    image: image.optional(),
    primaryCta: link.optional(),
    secondaryCta: link.optional(),
  }),
  z.object({
    blocktype: z.literal("FeatureGrid"),
    id: slug,
    heading: z.string(),
    text: z.string().optional(),
    features: z.array(z.object({ title: z.string(), text: z.string(), icon: z.string().optional(), url: href.optional() })).min(2),
  }),
  z.object({ blocktype: z.literal("LogoWall"), id: slug, heading: z.string(), logos: z.array(z.string()).min(3) }),
  z.object({
    blocktype: z.literal("Testimonial"),
    id: slug,
    quote: z.string(),
    name: z.string(),
    role: z.string(),
    company: z.string(),
    image: image.optional(),
  }),
  z.object({
    blocktype: z.literal("CallToAction"),
    id: slug,
    heading: z.string(),
    text: z.string().optional(),
    cta: link,
    secondaryCta: link.optional(),
  }),
  z.object({
    blocktype: z.literal("Faq"),
    id: slug,
    heading: z.string(),
    items: z.array(z.object({ question: z.string(), answer: z.string() })).min(1),
  }),
  /** body: GFM Markdown */
  z.object({ blocktype: z.literal("Markdown"), id: slug, heading: z.string().optional(), body: z.string() }),
  z.object({ blocktype: z.literal("Form"), id: slug, heading: z.string(), text: z.string().optional(), formId: z.string() }),
  z.object({
    blocktype: z.literal("PricingTable"),
    id: slug,
    heading: z.string(),
    plans: z
      .array(
        z.object({
          name: z.string(),
          price: z.string(),
          period: z.string(),
          description: z.string(),
          features: z.array(z.string()),
          cta: link,
          highlighted: z.boolean().optional(),
        }),
      )
      .min(1),
  }),
  z.object({ blocktype: z.literal("IntegrationList"), id: slug, heading: z.string(), text: z.string().optional() }),
  z.object({ blocktype: z.literal("JobList"), id: slug, heading: z.string(), text: z.string().optional() }),
  z.object({ blocktype: z.literal("CompanyList"), id: slug, heading: z.string(), text: z.string().optional() }),
  z.object({
    blocktype: z.literal("Stats"),
    id: slug,
    heading: z.string().optional(),
    stats: z.array(z.object({ value: z.string(), label: z.string() })).min(2),
  }),
]);
export type SectionInput = z.infer<typeof section>;
export const landingPageSchema = z.object({
  slug: sitePath,
  title: z.string(),
  description: z.string().min(50).max(170),
  useStaticHeader: z.boolean().optional(),
  noindex: z.boolean().optional(),
  sections: z.array(section).min(1),
});
