/**
 * The Contentful content model, derived from the site's GraphQL interfaces (src/node/schema/) so the two
 * cannot drift: one content type per entry interface, one field per interface field.
 */
import { entities, entityFields } from "../schema";

export type FieldKind =
  "Symbol" | "Text" | "Markdown" | "Integer" | "Number" | "Boolean" | "Date" | "Object" | "Symbols" | "Asset" | "Entry" | "Entries";

export interface ModelField {
  id: string;
  name: string;
  kind: FieldKind;
  required: boolean;
  /** Entry / Entries: the content types a link may point to. */
  linkContentTypes?: string[];
}

export interface ContentTypeModel {
  id: string;
  name: string;
  displayField: string;
  description: string;
  /** The site interface this content type implements. */
  implements: string;
  fields: ModelField[];
  /** Interface fields that are constants of the content type (not stored), e.g. a section's blocktype. */
  constants: Record<string, string>;
}

/** Interface → content type id. LandingSection is abstract: each section kind has its own type. */
const CONTENT_TYPE_IDS: Record<string, string> = {
  PersonalizationExperience: "nt_experience",
  PersonalizationAudience: "nt_audience",
};
const ABSTRACT = new Set(["LandingSection"]);

/** String fields whose values can exceed a Symbol's 256 characters. */
const LONG_TEXT = new Set([
  "SiteSettings.description",
  "Category.description",
  "Book.description",
  "Integration.summary",
  "Company.summary",
  "Company.quote",
  "InterviewGuide.summary",
  "JobDescription.summary",
  "ResourcesPage.description",
  "Document.description",
  "LeadForm.customSuccessMessage",
  "HeroSection.text",
  "FeatureGridSection.text",
  "TestimonialSection.quote",
  "CallToActionSection.text",
  "FormSection.text",
  "IntegrationListSection.text",
  "JobListSection.text",
  "CompanyListSection.text",
  "PersonalizationHeroVariant.text",
]);

const SCALARS: Record<string, FieldKind> = { String: "Symbol", Int: "Integer", Float: "Number", Boolean: "Boolean", Date: "Date" };

export const contentTypeIdOf = (entity: string): string => CONTENT_TYPE_IDS[entity] ?? entity.charAt(0).toLowerCase() + entity.slice(1);

const humanize = (id: string) =>
  id
    .replace(/^nt_/, "")
    .replace(/_/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase());

/** Content types that implement an entry interface (for a link to an abstract interface: every implementation). */
function linkTargets(entity: string): string[] {
  if (!ABSTRACT.has(entity)) return [contentTypeIdOf(entity)];
  return Object.entries(entities)
    .filter(([, e]) => e.extra?.includes(entity))
    .map(([name]) => contentTypeIdOf(name));
}

function deriveField(entity: string, field: { name: string; type: string }): ModelField | undefined {
  const required = field.type.endsWith("!");
  const list = field.type.startsWith("[");
  const base = field.type.replace(/[[\]!]/g, "");
  const common = { id: field.name, name: humanize(field.name), required };
  if (field.name === "blocktype") return undefined; // a constant of the section's content type
  if (base === "MarkdownBody") return { ...common, kind: "Markdown" };
  if (base === "ImageAsset") return { ...common, kind: "Asset" };
  if (entities[base]) return { ...common, kind: list ? "Entries" : "Entry", linkContentTypes: linkTargets(base) };
  if (list && base === "String") return { ...common, kind: "Symbols" };
  if (list) return { ...common, kind: "Object" };
  const scalar = SCALARS[base];
  if (!scalar) return { ...common, kind: "Object" };
  if (scalar === "Symbol" && LONG_TEXT.has(`${entity}.${field.name}`)) return { ...common, kind: "Text" };
  return { ...common, kind: scalar };
}

function derive(entity: string): ContentTypeModel {
  const fieldsSdl = entityFields(entity);
  const fields = fieldsSdl.map((f) => deriveField(entity, f)).filter((f): f is ModelField => f !== undefined);
  const constants: Record<string, string> = {};
  if (fieldsSdl.some((f) => f.name === "blocktype")) constants.blocktype = entity.replace(/Section$/, "");
  const displayField = ["title", "name", "heading", "slug", "navId", "variantId", "alternative_id"].find((id) =>
    fields.some((f) => f.id === id && f.kind === "Symbol"),
  );
  return {
    id: contentTypeIdOf(entity),
    name: humanize(entity),
    description: `Implements the site's ${entity} interface (src/node/schema/).`,
    displayField: displayField ?? fields.find((f) => f.kind === "Symbol")?.id ?? fields[0].id,
    implements: entity,
    fields,
    constants,
  };
}

/** Ninetailed's content shape (https://docs.ninetailed.io): audiences and experiences as entries. */
const ninetailed: ContentTypeModel[] = [
  {
    id: "nt_audience",
    name: "Ninetailed Audience",
    description: "A Ninetailed audience; nt_rules say how the local Experience API decides membership.",
    displayField: "nt_name",
    implements: "PersonalizationAudience",
    constants: {},
    fields: [
      { id: "nt_name", name: "Name", kind: "Symbol", required: true },
      { id: "nt_description", name: "Description", kind: "Text", required: false },
      { id: "nt_audience_id", name: "Audience Id", kind: "Symbol", required: true },
      { id: "nt_rules", name: "Rules", kind: "Object", required: true },
    ],
  },
  {
    id: "nt_experience",
    name: "Ninetailed Experience",
    description: "A Ninetailed personalization or experiment; nt_variants are the entries its components show.",
    displayField: "nt_name",
    implements: "PersonalizationExperience",
    constants: {},
    fields: [
      { id: "nt_name", name: "Name", kind: "Symbol", required: true },
      { id: "nt_description", name: "Description", kind: "Text", required: false },
      { id: "nt_experience_id", name: "Experience Id", kind: "Symbol", required: true },
      { id: "nt_type", name: "Type", kind: "Symbol", required: true },
      { id: "nt_config", name: "Config", kind: "Object", required: true },
      { id: "nt_audience", name: "Audience", kind: "Entry", required: false, linkContentTypes: ["nt_audience"] },
      {
        id: "nt_variants",
        name: "Variants",
        kind: "Entries",
        required: false,
        linkContentTypes: ["navigation", "personalizationHeroVariant"],
      },
    ],
  },
];

export const contentModel: ContentTypeModel[] = [
  ...Object.keys(entities)
    .filter((name) => !ABSTRACT.has(name) && !CONTENT_TYPE_IDS[name])
    .map(derive),
  ...ninetailed,
];

export function contentTypeModel(id: string): ContentTypeModel {
  const model = contentModel.find((c) => c.id === id);
  if (!model) throw new Error(`contentful model: unknown content type "${id}"`);
  return model;
}

/** Contentful's limits the converter checks before anything is imported or served. */
export const SYMBOL_MAX = 256;
export const TEXT_MAX = 50_000;
export const ID_PATTERN = /^[a-zA-Z0-9-_.]{1,64}$/;

/** A field as Contentful declares it (content type JSON of the Delivery, Management and import APIs). */
export interface ContentfulFieldDefinition {
  id: string;
  name: string;
  type: "Symbol" | "Text" | "Integer" | "Number" | "Boolean" | "Date" | "Object" | "Link" | "Array";
  localized: boolean;
  required: boolean;
  disabled: boolean;
  omitted: boolean;
  validations: Record<string, unknown>[];
  linkType?: "Asset" | "Entry";
  items?: { type: "Symbol" | "Link"; linkType?: "Entry"; validations: Record<string, unknown>[] };
}

export function contentfulFieldDefinition(field: ModelField): ContentfulFieldDefinition {
  const base = { id: field.id, name: field.name, localized: false, required: field.required, disabled: false, omitted: false };
  const linkValidations = field.linkContentTypes ? [{ linkContentType: field.linkContentTypes }] : [];
  switch (field.kind) {
    case "Symbol":
      return { ...base, type: "Symbol", validations: [{ size: { max: SYMBOL_MAX } }] };
    case "Text":
    case "Markdown":
      return { ...base, type: "Text", validations: [{ size: { max: TEXT_MAX } }] };
    case "Symbols":
      return { ...base, type: "Array", validations: [], items: { type: "Symbol", validations: [] } };
    case "Asset":
      return { ...base, type: "Link", linkType: "Asset", validations: [{ linkMimetypeGroup: ["image"] }] };
    case "Entry":
      return { ...base, type: "Link", linkType: "Entry", validations: linkValidations };
    case "Entries":
      return { ...base, type: "Array", validations: [], items: { type: "Link", linkType: "Entry", validations: linkValidations } };
    default:
      return { ...base, type: field.kind, validations: [] };
  }
}
