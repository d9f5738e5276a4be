/**
 * content/ → Contentful entries, assets and content types: the one converter shared by the local Delivery API
 * emulator (tests/emulators/contentful) and `npm run contentful:seed` (an import file).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import mime from "mime-types";
import type { LocalContent } from "../local/load-content";
import { contentModel, contentTypeModel, ID_PATTERN, SYMBOL_MAX, TEXT_MAX, type ContentTypeModel, type ModelField } from "./model";

export const DEFAULT_LOCALE = "en-US";

export interface Link {
  sys: { type: "Link"; linkType: "Entry" | "Asset"; id: string };
}
export interface ConvertedEntry {
  id: string;
  contentType: string;
  /** Field values for the default locale. */
  fields: Record<string, unknown>;
}
export interface ConvertedAsset {
  id: string;
  title: string;
  description: string;
  fileName: string;
  contentType: string;
  /** The file under content/. */
  filePath: string;
  /** content/-relative source path, e.g. "images/blog/x.png". */
  src: string;
  width: number;
  height: number;
  size: number;
}
export interface ConvertedSpace {
  locale: string;
  contentTypes: ContentTypeModel[];
  entries: ConvertedEntry[];
  assets: ConvertedAsset[];
}

export interface ConvertOptions {
  /** The protocol-relative URL an asset will have (Markdown bodies link to it). */
  assetUrl: (asset: Pick<ConvertedAsset, "id" | "fileName">) => string;
}

export class ConversionError extends Error {
  constructor(readonly problems: string[]) {
    super(`content/ does not fit the Contentful model (${problems.length} problem(s)):\n  - ${problems.join("\n  - ")}`);
    this.name = "ConversionError";
  }
}

/** The image types an asset may have (what the site's own images are; sharp reads their sizes). */
const IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp"]);

/** A valid Contentful id from a readable key; long or unusual keys get a stable hash. */
export function makeId(prefix: string, key: string): string {
  const readable = `${prefix}-${key.replace(/^\/+|\/+$/g, "").replace(/[^a-zA-Z0-9-_.]+/g, "-") || "root"}`;
  if (ID_PATTERN.test(readable)) return readable;
  return `${prefix.slice(0, 20)}-${crypto.createHash("sha1").update(key).digest("hex").slice(0, 32)}`;
}

export const entryLink = (id: string): Link => ({ sys: { type: "Link", linkType: "Entry", id } });
export const assetLink = (id: string): Link => ({ sys: { type: "Link", linkType: "Asset", id } });

/** A reference to another entry by content type and key, resolved to a link once every entry exists. */
interface Ref {
  $ref: [contentType: string, key: string];
}
const ref = (contentType: string, key: string): Ref => ({ $ref: [contentType, key] });
const isRef = (v: unknown): v is Ref => typeof v === "object" && v !== null && "$ref" in v;
interface ImageInput {
  src: string;
  alt: string;
}
const isImage = (v: unknown): v is ImageInput =>
  typeof v === "object" && v !== null && typeof (v as ImageInput).src === "string" && typeof (v as ImageInput).alt === "string";

export async function convertContent(content: LocalContent, contentDir: string, options: ConvertOptions): Promise<ConvertedSpace> {
  const problems: string[] = [];
  const assets = new Map<string, ConvertedAsset>();
  const pending: { entry: ConvertedEntry; raw: Record<string, unknown>; key: string }[] = [];
  const ids = new Map<string, string>(); // `${contentType}:${key}` → entry id
  const { default: sharp } = await import("sharp");

  async function asset(image: ImageInput): Promise<string> {
    const id = makeId("asset", crypto.createHash("sha1").update(`${image.src}\n${image.alt}`).digest("hex").slice(0, 24));
    if (assets.has(id)) return id;
    const filePath = path.join(contentDir, image.src);
    const ext = path.extname(image.src).toLowerCase();
    const contentType = mime.lookup(ext);
    if (!fs.existsSync(filePath) || !contentType || !IMAGE_TYPES.has(contentType)) {
      problems.push(`image "${image.src}" is missing or not an image`);
      return id;
    }
    const meta = await sharp(filePath).metadata();
    assets.set(id, {
      id,
      title: path.basename(image.src, ext),
      description: image.alt,
      fileName: path.basename(image.src),
      contentType,
      filePath,
      src: image.src,
      width: meta.width ?? 0,
      height: meta.height ?? 0,
      size: fs.statSync(filePath).size,
    });
    return id;
  }

  /** JSON values: nested images become {asset, alt}; everything else is kept as is. */
  async function json(value: unknown): Promise<unknown> {
    if (Array.isArray(value)) return Promise.all(value.map(json));
    if (isImage(value)) return { asset: assetLink(await asset(value)), alt: value.alt };
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = await json(v);
      return out;
    }
    return value;
  }

  async function markdown(body: string): Promise<string> {
    let out = body;
    for (const m of body.matchAll(/!\[([^\]]*)\]\((images\/[^)\s]+)\)/g)) {
      const id = await asset({ src: m[2], alt: m[1] });
      const found = assets.get(id);
      if (found) out = out.replace(m[0], `![${m[1]}](${options.assetUrl(found)})`);
    }
    return out;
  }

  async function convertField(where: string, field: ModelField, value: unknown): Promise<unknown> {
    const fail = (message: string) => {
      problems.push(`${where}.${field.id}: ${message}`);
      return undefined;
    };
    switch (field.kind) {
      case "Symbol":
        if (typeof value !== "string") return fail("expected a string");
        return value.length > SYMBOL_MAX ? fail(`longer than ${SYMBOL_MAX} characters (make it Text in the model)`) : value;
      case "Text":
      case "Markdown":
        if (typeof value !== "string") return fail("expected a string");
        if (value.length > TEXT_MAX) return fail(`longer than ${TEXT_MAX} characters`);
        return field.kind === "Markdown" ? markdown(value) : value;
      case "Integer":
        return Number.isInteger(value) ? value : fail("expected an integer");
      case "Number":
        return typeof value === "number" && Number.isFinite(value) ? value : fail("expected a number");
      case "Boolean":
        return typeof value === "boolean" ? value : fail("expected a boolean");
      case "Date":
        return typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value : fail("expected a date");
      case "Symbols":
        return Array.isArray(value) && value.every((v) => typeof v === "string" && v.length <= SYMBOL_MAX)
          ? value
          : fail("expected a list of short strings");
      case "Object":
        return typeof value === "object" && value !== null ? json(value) : fail("expected an object or a list");
      case "Asset":
        return isImage(value) ? assetLink(await asset(value)) : fail("expected an image {src, alt}");
      case "Entry":
        return isRef(value) ? value : fail("expected a reference");
      case "Entries":
        return Array.isArray(value) && value.every(isRef) ? value : fail("expected a list of references");
    }
  }

  /** Adds one entry; `record` holds values by the model's field ids (extra keys are an error unless ignored). */
  async function add(contentType: string, key: string, record: Record<string, unknown>, ignore: string[] = []) {
    const model = contentTypeModel(contentType);
    const where = `${contentType} "${key}"`;
    const known = new Set([...model.fields.map((f) => f.id), ...Object.keys(model.constants), ...ignore]);
    for (const k of Object.keys(record)) if (!known.has(k)) problems.push(`${where}: field "${k}" is not in the content model`);
    for (const [k, v] of Object.entries(model.constants))
      if (record[k] !== undefined && record[k] !== v) problems.push(`${where}.${k}: expected "${v}"`);
    const fields: Record<string, unknown> = {};
    for (const field of model.fields) {
      const value = record[field.id];
      if (value === undefined || value === null) {
        if (field.required) problems.push(`${where}.${field.id}: required`);
        continue;
      }
      const converted = await convertField(where, field, value);
      if (converted !== undefined) fields[field.id] = converted;
    }
    const id = makeId(contentType, key);
    const mapKey = `${contentType}:${key}`;
    if (ids.has(mapKey)) problems.push(`${where}: defined twice`);
    if ([...ids.values()].includes(id)) problems.push(`${where}: id "${id}" collides with another entry`);
    ids.set(mapKey, id);
    pending.push({ entry: { id, contentType, fields }, raw: record, key });
  }

  const { settings, footer } = content;
  await add("siteSettings", "site", { ...settings, urlTable: Object.entries(settings.urlTable).map(([key, value]) => ({ key, value })) });
  for (const nav of content.navigations) await add("navigation", nav.id, { navId: nav.id, navItems: nav.navItems });
  await add("footer", "footer", { columns: footer.columns });

  for (const a of content.audiences) await add("nt_audience", a.nt_audience_id, { ...a });
  for (const v of content.heroVariants) {
    const { id, ...rest } = v;
    await add("personalizationHeroVariant", id, { ...rest, variantId: id });
  }
  for (const e of content.experiences)
    await add("nt_experience", e.nt_experience_id, {
      ...e,
      nt_audience: e.nt_audience ? ref("nt_audience", e.nt_audience) : undefined,
      nt_variants: e.nt_variants.map((variant) => {
        const [kind, id] = variant.split(":");
        return ref(kind === "hero" ? "personalizationHeroVariant" : kind, id);
      }),
    });

  for (const form of content.forms) await add("leadForm", form.alternative_id, { isCompact: false, ...form }, ["guid"]);

  for (const page of content.pages) {
    const sections: Ref[] = [];
    for (const section of page.data.sections) {
      const { blocktype, id, ...rest } = section;
      const contentType = `${blocktype.charAt(0).toLowerCase()}${blocktype.slice(1)}Section`;
      const key = `${page.data.slug}#${id}`;
      const record: Record<string, unknown> = { blocktype, sectionId: id, ...rest };
      if (section.blocktype === "Form") {
        delete record.formId;
        record.form = ref("leadForm", section.formId);
      }
      await add(contentType, key, record);
      sections.push(ref(contentType, key));
    }
    await add("landingPage", page.data.slug, {
      ...page.data,
      useStaticHeader: page.data.useStaticHeader ?? false,
      noindex: page.data.noindex ?? false,
      sections,
    });
  }

  for (const c of content.categories) await add("category", c.slug, { ...c });
  for (const a of content.authors) await add("author", a.data.slug, { ...a.data, bio: a.body });
  for (const p of content.posts)
    await add("blogPost", p.data.slug, {
      ...p.data,
      author: ref("author", p.data.author),
      category: ref("category", p.data.category),
      body: p.body,
    });
  for (const b of content.books) {
    for (const c of b.chapters)
      await add("bookPost", `${b.data.slug}/${c.data.slug}`, { ...c.data, book: ref("book", b.data.slug), body: c.body });
    await add("book", b.data.slug, {
      ...b.data,
      author: ref("author", b.data.author),
      intro: b.body,
      chapters: b.chapters.map((c) => ref("bookPost", `${b.data.slug}/${c.data.slug}`)),
    });
  }
  for (const i of content.integrations) await add("integration", i.data.slug, { isNew: false, ...i.data, body: i.body });
  for (const c of content.companies) await add("company", c.data.slug, { ...c.data, body: c.body });
  for (const j of content.jobs) await add("jobPost", j.data.slug, { ...j.data, body: j.body });
  for (const g of content.interviewGuides)
    await add("interviewGuide", g.data.slug, { ...g.data, jobDescription: ref("jobDescription", g.data.jobDescription), body: g.body });
  for (const d of content.jobDescriptions)
    await add("jobDescription", d.data.slug, { ...d.data, interviewGuide: ref("interviewGuide", d.data.interviewGuide), body: d.body });
  for (const r of content.resources) await add("resourcesPage", r.data.slug, { ...r.data });
  for (const d of content.documents) await add("document", d.data.slug, { ...d.data, body: d.body });

  // Resolve references now that every entry has its id, checking each points to an allowed type.
  const typeOf = new Map(pending.map((p) => [p.entry.id, p.entry.contentType]));
  for (const { entry } of pending) {
    const model = contentTypeModel(entry.contentType);
    for (const field of model.fields) {
      if (field.kind !== "Entry" && field.kind !== "Entries") continue;
      const resolve = (r: Ref) => {
        const id = ids.get(`${r.$ref[0]}:${r.$ref[1]}`);
        if (!id) problems.push(`${entry.contentType} "${entry.id}".${field.id}: ${r.$ref.join(" ")} does not exist`);
        else if (!field.linkContentTypes?.includes(typeOf.get(id) ?? ""))
          problems.push(`${entry.contentType} "${entry.id}".${field.id}: links to a ${typeOf.get(id)}`);
        return entryLink(id ?? "missing");
      };
      const value = entry.fields[field.id];
      if (value === undefined) continue;
      entry.fields[field.id] = Array.isArray(value) ? (value as Ref[]).map(resolve) : resolve(value as Ref);
    }
  }

  if (problems.length) throw new ConversionError(problems);
  return { locale: DEFAULT_LOCALE, contentTypes: contentModel, entries: pending.map((p) => p.entry), assets: [...assets.values()] };
}
