/**
 * Reads and validates the embedded content in content/. Pure Node: used by the
 * local source adapter (sourceNodes) and by `npm run content:check`.
 * Every problem is collected with its file and field, then reported together.
 */
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import * as S from "./content-schema";
import { iconNames } from "../icons";

export interface Doc<T> {
  file: string;
  data: T;
  body: string;
}

export interface LocalContent {
  settings: z.infer<typeof S.siteSettingsSchema>;
  navigations: z.infer<typeof S.navigationSchema>[];
  footer: z.infer<typeof S.footerSchema>;
  pages: Doc<z.infer<typeof S.landingPageSchema>>[];
  categories: z.infer<typeof S.categorySchema>[];
  posts: Doc<z.infer<typeof S.blogPostSchema>>[];
  authors: Doc<z.infer<typeof S.authorSchema>>[];
  books: (Doc<z.infer<typeof S.bookSchema>> & { chapters: Doc<z.infer<typeof S.bookChapterSchema>>[] })[];
  integrations: Doc<z.infer<typeof S.integrationSchema>>[];
  companies: Doc<z.infer<typeof S.companySchema>>[];
  jobs: Doc<z.infer<typeof S.jobSchema>>[];
  interviewGuides: Doc<z.infer<typeof S.interviewGuideSchema>>[];
  jobDescriptions: Doc<z.infer<typeof S.jobDescriptionSchema>>[];
  resources: Doc<z.infer<typeof S.resourcesPageSchema>>[];
  documents: Doc<z.infer<typeof S.documentSchema>>[];
  forms: z.infer<typeof S.leadFormSchema>[];
  /** Personalization (optional; content/personalization/). */
  audiences: S.AudienceInput[];
  experiences: S.ExperienceInput[];
  heroVariants: z.infer<typeof S.heroVariantSchema>[];
}

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Embedded content has ${problems.length} problem(s):\n  - ${problems.join("\n  - ")}`);
    this.name = "ContentError";
  }
}

const MARKDOWN = /\.md$/;

function listFiles(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, pattern));
    else if (pattern.test(entry.name) && entry.name !== "README.md") out.push(full);
  }
  return out.sort();
}

export interface LoadOptions {
  /** Missing images are problems (the build); the content check only lists them. */
  requireImages?: boolean;
  onMissingImage?: (file: string, src: string) => void;
}

export function loadContent(root: string, options: LoadOptions = { requireImages: true }): LocalContent {
  const problems: string[] = [];
  const rel = (file: string) => path.relative(root, file);

  function check<T extends z.ZodTypeAny>(schema: T, value: unknown, file: string): z.infer<T> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) problems.push(`${rel(file)}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return undefined;
  }
  function readJson(file: string): unknown {
    try {
      return JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${rel(file)}: ${(error as Error).message}`);
      return undefined;
    }
  }
  function json<T extends z.ZodTypeAny>(schema: T, file: string, optional = false): z.infer<T> | undefined {
    if (optional && !fs.existsSync(file)) return undefined;
    const value = readJson(file);
    return value === undefined ? undefined : check(schema, value, file);
  }
  function markdown<T extends z.ZodTypeAny>(schema: T, file: string): Doc<z.infer<T>> | undefined {
    let parsed: matter.GrayMatterFile<string>;
    try {
      parsed = matter(fs.readFileSync(file, "utf8"));
    } catch (error) {
      problems.push(`${rel(file)}: front matter: ${(error as Error).message}`);
      return undefined;
    }
    const data = check(schema, parsed.data, file);
    return data === undefined ? undefined : { file: rel(file), data, body: parsed.content.trim() };
  }
  function markdownDir<T extends z.ZodTypeAny>(schema: T, dir: string): Doc<z.infer<T>>[] {
    return listFiles(path.join(root, dir), MARKDOWN)
      .map((file) => markdown(schema, file))
      .filter((doc): doc is Doc<z.infer<T>> => doc !== undefined);
  }
  function unique<T>(items: T[], key: (item: T) => string, what: string) {
    const seen = new Set<string>();
    for (const item of items) {
      const k = key(item);
      if (seen.has(k)) problems.push(`${what} "${k}" is defined twice`);
      seen.add(k);
    }
  }

  const site = (name: string) => path.join(root, "site", name);
  const settings = json(S.siteSettingsSchema, site("settings.json"));
  const navigations = listFiles(path.join(root, "site"), /^navigation.*\.json$/)
    .map((file) => json(S.navigationSchema, file))
    .filter((n) => n !== undefined);
  const footer = json(S.footerSchema, site("footer.json"));
  const categoriesFile = path.join(root, "blog", "categories.json");
  const categories = (json(S.categorySchema.array(), categoriesFile) ?? []) as z.infer<typeof S.categorySchema>[];

  const books = fs.existsSync(path.join(root, "books"))
    ? fs
        .readdirSync(path.join(root, "books"), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .flatMap((entry) => {
          const dir = path.join(root, "books", entry.name);
          const book = markdown(S.bookSchema, path.join(dir, "index.md"));
          if (!book) return [];
          const chapters = listFiles(dir, MARKDOWN)
            .filter((file) => path.basename(file) !== "index.md")
            .map((file) => markdown(S.bookChapterSchema, file))
            .filter((c) => c !== undefined)
            .sort((a, b) => a.data.order - b.data.order);
          unique(chapters, (c) => c.data.slug, `chapter of ${book.data.slug}`);
          return [{ ...book, chapters }];
        })
    : [];

  const content = {
    settings,
    navigations,
    footer,
    pages: markdownDir(S.landingPageSchema, "pages"),
    categories,
    posts: markdownDir(S.blogPostSchema, "blog/posts"),
    authors: markdownDir(S.authorSchema, "authors"),
    books,
    integrations: markdownDir(S.integrationSchema, "integrations"),
    companies: markdownDir(S.companySchema, "companies"),
    jobs: markdownDir(S.jobSchema, "jobs"),
    interviewGuides: markdownDir(S.interviewGuideSchema, "interview-guides"),
    jobDescriptions: markdownDir(S.jobDescriptionSchema, "job-descriptions"),
    resources: markdownDir(S.resourcesPageSchema, "resources"),
    documents: markdownDir(S.documentSchema, "documents"),
    audiences: (json(S.audienceSchema.array(), path.join(root, "personalization", "audiences.json"), true) ?? []) as S.AudienceInput[],
    experiences: (json(S.experienceSchema.array(), path.join(root, "personalization", "experiences.json"), true) ??
      []) as S.ExperienceInput[],
    heroVariants: (json(S.heroVariantSchema.array(), path.join(root, "personalization", "hero-variants.json"), true) ?? []) as z.infer<
      typeof S.heroVariantSchema
    >[],
    forms: listFiles(path.join(root, "forms"), /\.json$/)
      .map((file) => json(S.leadFormSchema, file))
      .filter((f) => f !== undefined),
  };

  if (!settings) problems.push("site/settings.json is missing or invalid");
  if (!footer) problems.push("site/footer.json is missing or invalid");
  if (!navigations.some((n) => n.id === "baseline")) problems.push('site/navigation.json with id "baseline" is missing');

  // Personalization: audiences and variants an experience names must exist.
  for (const e of content.experiences) {
    if (e.nt_audience && !content.audiences.some((a) => a.nt_audience_id === e.nt_audience))
      problems.push(`personalization/experiences.json: ${e.nt_experience_id}: unknown audience "${e.nt_audience}"`);
    for (const ref of e.nt_variants) {
      const [kind, id] = ref.split(":");
      const known =
        (kind === "navigation" && navigations.some((n) => n.id === id)) ||
        (kind === "hero" && content.heroVariants.some((h) => h.id === id));
      if (!known) problems.push(`personalization/experiences.json: ${e.nt_experience_id}: unknown variant "${ref}"`);
    }
  }

  // References between entries must resolve, so a typo fails the build instead of rendering a hole.
  const has = (list: { data: { slug: string } }[], slug: string) => list.some((d) => d.data.slug === slug);
  for (const p of content.posts) {
    if (!has(content.authors, p.data.author)) problems.push(`${p.file}: author "${p.data.author}" does not exist`);
    if (!categories.some((c) => c.slug === p.data.category)) problems.push(`${p.file}: category "${p.data.category}" does not exist`);
  }
  for (const b of books) if (!has(content.authors, b.data.author)) problems.push(`${b.file}: author "${b.data.author}" does not exist`);
  for (const g of content.interviewGuides)
    if (!has(content.jobDescriptions, g.data.jobDescription))
      problems.push(`${g.file}: job description "${g.data.jobDescription}" does not exist`);
  for (const d of content.jobDescriptions)
    if (!has(content.interviewGuides, d.data.interviewGuide))
      problems.push(`${d.file}: interview guide "${d.data.interviewGuide}" does not exist`);
  const formIds = new Set(content.forms.map((f) => f.alternative_id));
  for (const p of content.pages)
    for (const s of p.data.sections)
      if (s.blocktype === "Form" && !formIds.has(s.formId)) problems.push(`${p.file}: section ${s.id}: form "${s.formId}" does not exist`);
  for (const d of [...content.documents, ...content.posts])
    for (const m of d.body.matchAll(/^::form\[([^\]]+)\]\s*$/gm))
      if (!formIds.has(m[1])) problems.push(`${d.file}: embedded form "${m[1]}" does not exist`);
  // Icons named in navigation must exist in the icon set (served from /icons/{name}.svg).
  const icons = new Set(iconNames());
  const collectIcons = (file: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((v) => collectIcons(file, v));
    else if (value && typeof value === "object")
      for (const [key, child] of Object.entries(value)) {
        if (key === "icon" && typeof child === "string" && !icons.has(child))
          problems.push(`${file}: icon "${child}" is not in the icon set`);
        else collectIcons(file, child);
      }
  };
  navigations.forEach((n) => collectIcons(`site/navigation (${n.id})`, n));
  // Every image referenced must exist.
  const images: [string, string][] = [];
  const collect = (file: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((v) => collect(file, v));
    else if (value && typeof value === "object") {
      const v = value as Record<string, unknown>;
      if (typeof v.src === "string" && typeof v.alt === "string") images.push([file, v.src]);
      Object.values(v).forEach((child) => collect(file, child));
    }
  };
  for (const list of [
    content.pages,
    content.posts,
    content.authors,
    books,
    books.flatMap((b) => b.chapters),
    content.integrations,
    content.companies,
    content.resources,
  ])
    for (const doc of list as Doc<unknown>[]) {
      collect(doc.file, doc.data);
      for (const m of doc.body.matchAll(/!\[[^\]]*\]\((images\/[^)\s]+)/g)) images.push([doc.file, m[1]]);
    }
  navigations.forEach((n) => collect(`site/navigation (${n.id})`, n));
  for (const [file, src] of images)
    if (!fs.existsSync(path.join(root, src))) {
      if (options.requireImages) problems.push(`${file}: image "${src}" does not exist in content/`);
      options.onMissingImage?.(file, src);
    }

  unique(content.pages, (p) => p.data.slug, "page slug");
  unique(content.posts, (p) => p.data.slug, "blog post");
  unique(content.authors, (p) => p.data.slug, "author");
  unique(content.integrations, (p) => p.data.slug, "integration");
  unique(content.companies, (p) => p.data.slug, "company");
  unique(content.jobs, (p) => p.data.slug, "job");
  unique(content.documents, (p) => p.data.slug, "document");
  unique(content.forms, (f) => f.alternative_id, "form");

  if (problems.length) throw new ContentError(problems);
  return content as LocalContent;
}

export const contentRoot = (cwd = process.cwd()) => process.env.CONTENT_DIR ?? path.join(cwd, "content");
