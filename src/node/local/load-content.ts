/** Reads and validates the embedded content in content/. */
import fs from "node:fs";
import path from "node:path";
import matter from "gray-matter";
import type { z } from "zod";
import * as S from "./content-schema";
import type { Book, Doc, LocalContent } from "./content-schema";
import { MarkdownCache, type ParsedMarkdown } from "../sourcing/markdown-cache";
import { checkIcons, checkImages, checkReferences, type ImageCheckOptions, type ReadContent } from "./content-checks";

export type { Doc, LocalContent } from "./content-schema";

export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Embedded content has ${problems.length} problem(s):\n  - ${problems.join("\n  - ")}`);
    this.name = "ContentError";
  }
}

export interface LoadOptions extends ImageCheckOptions {
  /** Front matter and body of Markdown files parsed by an earlier run (the build's; src/node/sourcing/sourcing-state.ts). */
  markdownCache?: MarkdownCache;
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

/** Reads files under the content root, validating each against its schema; problems are collected, not thrown. */
class Reader {
  readonly problems: string[] = [];
  constructor(
    readonly root: string,
    private readonly markdownCache?: MarkdownCache,
  ) {}

  rel(file: string) {
    return path.relative(this.root, file);
  }
  path(...parts: string[]) {
    return path.join(this.root, ...parts);
  }
  check<T extends z.ZodTypeAny>(schema: T, value: unknown, file: string): z.infer<T> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) this.problems.push(`${this.rel(file)}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
    return undefined;
  }
  json<T extends z.ZodTypeAny>(schema: T, file: string, { optional = false } = {}): z.infer<T> | undefined {
    if (optional && !fs.existsSync(file)) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      this.problems.push(`${this.rel(file)}: ${(error as Error).message}`);
      return undefined;
    }
    return this.check(schema, value, file);
  }
  /** A JSON array file that may be absent (e.g. personalization): [] then. */
  jsonList<T extends z.ZodTypeAny>(schema: T, file: string, { optional = false } = {}): z.infer<T>[] {
    return (this.json(schema.array(), file, { optional }) ?? []) as z.infer<T>[];
  }
  jsonDir<T extends z.ZodTypeAny>(schema: T, dir: string, pattern = /\.json$/): z.infer<T>[] {
    return listFiles(this.path(dir), pattern)
      .map((file) => this.json(schema, file))
      .filter((value) => value !== undefined);
  }
  markdown<T extends z.ZodTypeAny>(schema: T, file: string): Doc<z.infer<T>> | undefined {
    let parsed: ParsedMarkdown;
    // Options given, so gray-matter does not cache: its cache keeps a file whose front matter failed to parse as
    // parsed (data {}), and develop reads an edited file again, broken and fixed.
    const parse = (text: string): ParsedMarkdown => {
      const { data, content } = matter(text, {});
      return { data, content };
    };
    try {
      parsed = this.markdownCache ? this.markdownCache.parse(file, parse) : parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      this.problems.push(`${this.rel(file)}: front matter: ${(error as Error).message}`);
      return undefined;
    }
    const data = this.check(schema, parsed.data, file);
    return data === undefined ? undefined : { file: this.rel(file), data, body: parsed.content.trim() };
  }
  markdownDir<T extends z.ZodTypeAny>(schema: T, dir: string): Doc<z.infer<T>>[] {
    return listFiles(this.path(dir), MARKDOWN)
      .map((file) => this.markdown(schema, file))
      .filter((doc): doc is Doc<z.infer<T>> => doc !== undefined);
  }
  unique<T>(items: T[], key: (item: T) => string, what: string) {
    const seen = new Set<string>();
    for (const item of items) {
      const k = key(item);
      if (seen.has(k)) this.problems.push(`${what} "${k}" is defined twice`);
      seen.add(k);
    }
  }
}

// ---- readers, one per entity family ----

function readSite(r: Reader) {
  const settings = r.json(S.siteSettingsSchema, r.path("site", "settings.json"));
  const footer = r.json(S.footerSchema, r.path("site", "footer.json"));
  const navigations = r.jsonDir(S.navigationSchema, "site", /^navigation.*\.json$/);
  if (!settings) r.problems.push("site/settings.json is missing or invalid");
  if (!footer) r.problems.push("site/footer.json is missing or invalid");
  if (!navigations.some((n) => n.id === "baseline")) r.problems.push('site/navigation.json with id "baseline" is missing');
  return { settings, footer, navigations };
}

function readBlog(r: Reader) {
  return {
    categories: r.jsonList(S.categorySchema, r.path("blog", "categories.json")),
    posts: r.markdownDir(S.blogPostSchema, "blog/posts"),
    authors: r.markdownDir(S.authorSchema, "authors"),
  };
}

/** content/books/<book>/index.md is the book; every other Markdown file beside it is a chapter. */
function readBooks(r: Reader): Book[] {
  if (!fs.existsSync(r.path("books"))) return [];
  return fs
    .readdirSync(r.path("books"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const dir = r.path("books", entry.name);
      const book = r.markdown(S.bookSchema, path.join(dir, "index.md"));
      if (!book) return [];
      const chapters = listFiles(dir, MARKDOWN)
        .filter((file) => path.basename(file) !== "index.md")
        .map((file) => r.markdown(S.bookChapterSchema, file))
        .filter((c) => c !== undefined)
        .sort((a, b) => a.data.order - b.data.order);
      r.unique(chapters, (c) => c.data.slug, `chapter of ${book.data.slug}`);
      return [{ ...book, chapters }];
    });
}

function readPages(r: Reader) {
  return {
    pages: r.markdownDir(S.landingPageSchema, "pages"),
    resources: r.markdownDir(S.resourcesPageSchema, "resources"),
    documents: r.markdownDir(S.documentSchema, "documents"),
  };
}

function readCatalog(r: Reader) {
  return {
    integrations: r.markdownDir(S.integrationSchema, "integrations"),
    companies: r.markdownDir(S.companySchema, "companies"),
  };
}

function readCareers(r: Reader) {
  return {
    jobs: r.markdownDir(S.jobSchema, "jobs"),
    interviewGuides: r.markdownDir(S.interviewGuideSchema, "interview-guides"),
    jobDescriptions: r.markdownDir(S.jobDescriptionSchema, "job-descriptions"),
  };
}

function readForms(r: Reader) {
  return { forms: r.jsonDir(S.leadFormSchema, "forms") };
}

function readPersonalization(r: Reader) {
  const file = (name: string) => r.path("personalization", name);
  return {
    audiences: r.jsonList(S.audienceSchema, file("audiences.json"), { optional: true }),
    experiences: r.jsonList(S.experienceSchema, file("experiences.json"), { optional: true }),
    heroVariants: r.jsonList(S.heroVariantSchema, file("hero-variants.json"), { optional: true }),
  };
}

function checkUnique(c: ReadContent, r: Reader) {
  r.unique(c.pages, (p) => p.data.slug, "page slug");
  r.unique(c.posts, (p) => p.data.slug, "blog post");
  r.unique(c.authors, (p) => p.data.slug, "author");
  r.unique(c.integrations, (p) => p.data.slug, "integration");
  r.unique(c.companies, (p) => p.data.slug, "company");
  r.unique(c.jobs, (p) => p.data.slug, "job");
  r.unique(c.documents, (p) => p.data.slug, "document");
  r.unique(c.forms, (f) => f.alternative_id, "form");
}

export function loadContent(root: string, options: LoadOptions = { requireImages: true }): LocalContent {
  const r = new Reader(root, options.markdownCache);
  const content: ReadContent = {
    ...readSite(r),
    ...readPages(r),
    ...readBlog(r),
    books: readBooks(r),
    ...readCatalog(r),
    ...readCareers(r),
    ...readPersonalization(r),
    ...readForms(r),
  };
  checkReferences(content, r.problems);
  checkIcons(content, r.problems);
  checkImages(content, root, r.problems, options);
  checkUnique(content, r);
  if (r.problems.length) throw new ContentError(r.problems);
  return content as LocalContent;
}
