/**
 * The templates createPages can use and the page context each one reads: a page spec names its
 * template by key, so a misspelt template or a context the template does not expect fails in tsc.
 */
import path from "node:path";
import type { ListVariable } from "./landing-lists";

interface ById {
  id: string;
}

/** Template (file name under src/templates) → its page context. */
export interface TemplateContexts {
  "landing-page": ById & Partial<Record<ListVariable, true>>;
  "resources-page": ById;
  "posts-landing": { latestIds: string[]; categoryPostIds: string[] };
  "posts-list": ById & { slug: string; postIds: string[]; page: number; pageCount: number };
  // "" (not null) for no neighbour: the template's variables are non-null strings.
  "blog-post": ById & { category: string; newerId: string; olderId: string; relatedIds: string[] };
  author: ById & { slug: string; postIds: string[]; page: number; pageCount: number };
  book: ById;
  "book-post": ById & { previousId: string; nextId: string };
  integration: ById;
  company: ById;
  "job-post": ById;
  "interview-guide": ById;
  "job-description": ById;
  /** A page whose copy is a Markdown document, with the line over its title, if any. */
  document: ById & { eyebrow?: string; canonical?: string };
}

export type TemplateName = keyof TemplateContexts;

/** One page to create: its path, its template and that template's context. */
export type PageSpec = { [T in TemplateName]: { path: string; template: T; context: TemplateContexts[T] } }[TemplateName];

export const templateComponent = (template: TemplateName) => path.resolve(__dirname, "../../templates", `${template}.tsx`);

/** A page family: the createPages query for its nodes and a pure function from them to page specs. */
export interface PageFamily<Data> {
  name: string;
  query: string;
  pages(data: Data): PageSpec[];
}

/** Keeps `Data` checked inside the family while index.ts holds families of different data in one list. */
export const pageFamily = <Data>(family: PageFamily<Data>): PageFamily<Data> => family;
