/**
 * The site's GraphQL contract (docs/architecture.md#data-flow): CMS-agnostic interfaces that pages and
 * components query, written as SDL per area (this folder) and parsed with graphql's parser.
 */
import {
  Kind,
  parse,
  print,
  type DefinitionNode,
  type FieldDefinitionNode,
  type InterfaceTypeDefinitionNode,
  type TypeNode,
} from "gatsby/graphql";
import { imagesSdl } from "./images";
import { markdownSdl } from "./markdown";
import { siteSdl } from "./site";
import { landingSdl } from "./landing";
import { blogSdl } from "./blog";
import { catalogSdl } from "./catalog";
import { careersSdl } from "./careers";
import { documentsSdl } from "./documents";
import { formsSdl } from "./forms";
import { personalizationSdl } from "./personalization";

/** Every area's SDL, in the order entries appear in the content model. */
export const areas = [
  imagesSdl,
  markdownSdl,
  siteSdl,
  landingSdl,
  blogSdl,
  catalogSdl,
  careersSdl,
  documentsSdl,
  formsSdl,
  personalizationSdl,
];

const definitions: readonly DefinitionNode[] = areas.flatMap((sdl) => parse(sdl).definitions);

const isEntry = (node: DefinitionNode): boolean =>
  node.kind === Kind.INTERFACE_TYPE_DEFINITION && (node.interfaces ?? []).some((i) => i.name.value === "Node");

const entryNodes = definitions.filter(isEntry) as InterfaceTypeDefinitionNode[];

/** The image interface: every source's image type implements it (built with gatsby-plugin-image's arguments). */
export const imageAssetInterface = definitions.find(
  (d): d is InterfaceTypeDefinitionNode => d.kind === Kind.INTERFACE_TYPE_DEFINITION && d.name.value === "ImageAsset",
)!;

/** Plain object types shared by every source (values, not entries), as SDL. */
export const sharedTypes: string = print({
  kind: Kind.DOCUMENT,
  definitions: definitions.filter((d) => !isEntry(d) && !(d.kind === Kind.INTERFACE_TYPE_DEFINITION && d.name.value === "ImageAsset")),
});

/** One field of an entry interface, as written in its SDL. */
export interface FieldSdl {
  name: string;
  /** The field's arguments in parentheses, or "". */
  args: string;
  /** The GraphQL type, e.g. "[String!]!". */
  type: string;
  /** Directives as written, e.g. "@dateformat", or "". */
  directives: string;
  /** What GraphiQL shows for the field. */
  description: string;
}

function fieldSdl(field: FieldDefinitionNode): FieldSdl {
  const args = field.arguments?.length ? `(${field.arguments.map((a) => print({ ...a, description: undefined })).join(", ")})` : "";
  return {
    name: field.name.value,
    args,
    type: print(field.type),
    directives: (field.directives ?? []).map((d) => print(d)).join(" "),
    description: field.description?.value ?? "",
  };
}

const withoutId = (fields: readonly FieldDefinitionNode[] = []) => fields.filter((f) => f.name.value !== "id");

/**
 * Entry interfaces: name → its fields' SDL (descriptions included) and the interfaces it implements
 * besides Node (a landing section's LandingSection).
 */
export const entities: Record<string, { fields: string; extra?: string[]; description: string }> = Object.fromEntries(
  entryNodes.map((node) => {
    const extra = (node.interfaces ?? []).map((i) => i.name.value).filter((n) => n !== "Node");
    return [
      node.name.value,
      {
        fields: withoutId(node.fields)
          .map((f) => print(f))
          .join("\n"),
        description: node.description?.value ?? "",
        ...(extra.length ? { extra } : {}),
      },
    ];
  }),
);

/** Every field name some type serves through `@sanitized` (HTML): live preview edits sanitize them too. */
export const sanitizedFieldNames: ReadonlySet<string> = new Set(
  definitions.flatMap((d) =>
    "fields" in d && d.fields
      ? (d.fields as readonly FieldDefinitionNode[])
          .filter((f) => f.directives?.some((x) => x.name.value === "sanitized"))
          .map((f) => f.name.value)
      : [],
  ),
);

/** The fields of an entry interface (without the `id` every node has). */
export function entityFields(name: string): FieldSdl[] {
  const node = entryNodes.find((n) => n.name.value === name);
  if (!node) throw new Error(`schema: unknown entity "${name}"`);
  return withoutId(node.fields).map(fieldSdl);
}

/**
 * Every entry's id in its source (Contentful's entry id, or the embedded node's id), for Contentful Live
 * Preview's inspector mode: resolved only in a preview build (null otherwise), and not a content field, so not
 * in the content model (docs/content.md#live-preview).
 */
const ENTRY_ID_SDL = /* GraphQL */ `
  "The entry's id in its source (Contentful's entry id), for Contentful Live Preview; null outside a preview build."
  entryId: String
`;
const entryIdField = (parse(`interface X { ${ENTRY_ID_SDL} }`).definitions[0] as InterfaceTypeDefinitionNode).fields![0];
/** The implementations' entryId field (the @entryId extension is registered in customize-schema). */
export const ENTRY_ID_IMPLEMENTATION = "entryId: String @entryId";

/** The entry interfaces, with their descriptions, as SDL. */
export function interfaceTypeDefs(): string {
  const withEntryId = entryNodes.map((node) => ({ ...node, fields: [...(node.fields ?? []), entryIdField] }));
  return print({ kind: Kind.DOCUMENT, definitions: withEntryId });
}

/** The name a field's type refers to, through lists and non-nulls. */
export const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));

export interface ImplementationOptions {
  /** Replaces a field's SDL for that source (e.g. a link directive), keyed by "Name.field". */
  fieldOverrides?: Record<string, string>;
  /** The object type the source serves ImageAsset fields with (default `<prefix>Image`). */
  imageType?: string;
  /** Only these entries (a source that provides some entries only). */
  only?: readonly string[];
  /** false: no entry here is a Contentful entry, so entryId stays null (inspector mode would open nothing). */
  entryIds?: boolean;
}

/** The concrete types a source adds, one line each: `type <prefix><Name> implements Node & <Name> @dontInfer`. */
export function implementations(
  prefix: string,
  { fieldOverrides = {}, imageType = `${prefix}Image`, only, entryIds = true }: ImplementationOptions = {},
): string {
  return Object.entries(entities)
    .filter(([name]) => !only || only.includes(name))
    .map(([name, { extra = [] }]) => {
      const body = entityFields(name).map((field) => {
        const override = fieldOverrides[`${name}.${field.name}`];
        if (override) return override;
        const type = field.type.replace(/\bImageAsset\b/, imageType);
        return `${field.name}${field.args}: ${type}${field.directives ? ` ${field.directives}` : ""}`;
      });
      return `type ${prefix}${name} implements ${["Node", name, ...extra].join(" & ")} @dontInfer { id: ID! ${body.join(" ")} ${entryIds ? ENTRY_ID_IMPLEMENTATION : "entryId: String"} }`;
    })
    .join("\n");
}
