/**
 * The static pages whose copy is a Markdown document (content/documents/*, or the CMS's Document entries): one
 * template, one page per entry below.
 */
import { pageFamily, type TemplateContexts } from "./templates";
import { COOKIE_NOTICE_PATH, PRIVACY_ALIASES, PRIVACY_PATH } from "../../lib/paths";

export interface DocumentPage {
  /** The page's path (the document's slug does not always match it). */
  path: string;
  /** The line over the title, if any. */
  eyebrow?: string;
  /** Old addresses that serve the same page, its canonical address being `path` (old links keep working). */
  aliases?: readonly string[];
}

/** Document slug → its page. */
export const DOCUMENT_PAGES: Readonly<Record<string, DocumentPage>> = {
  answers: { path: "/answers/", eyebrow: "Support" },
  ask: { path: "/ask/", eyebrow: "Support" },
  "baa-covered-entity": { path: "/legal/baa/covered-entity/", eyebrow: "Legal" },
  "baa-subcontractor": { path: "/legal/baa/subcontractor/", eyebrow: "Legal" },
  classes: { path: "/classes/", eyebrow: "Free classes" },
  "cookie-policy": { path: COOKIE_NOTICE_PATH, eyebrow: "Legal" },
  "customer-first": { path: "/customer-first/" },
  dei: { path: "/dei/", eyebrow: "Diversity, equity and inclusion" },
  "fundraising-with-purpose": { path: "/fundraising-with-purpose/" },
  login: { path: "/members/login/" },
  privacy: { path: PRIVACY_PATH, eyebrow: "Legal", aliases: PRIVACY_ALIASES },
  referral: { path: "/referral/", eyebrow: "Referral program" },
  "webinar-foundations-of-great-service": { path: "/webinars/foundations-of-great-service/", eyebrow: "Webinar" },
};

/** The pages to create from the documents the content has. */
export function documentPages(
  documents: readonly { id: string; slug: string }[],
  pages: Readonly<Record<string, DocumentPage>> = DOCUMENT_PAGES,
): { path: string; context: TemplateContexts["document"] }[] {
  const bySlug = new Map(documents.map((d) => [d.slug, d.id]));
  const missing = Object.keys(pages).filter((slug) => !bySlug.has(slug));
  if (missing.length) throw new Error(`No document for the page${missing.length > 1 ? "s" : ""} of ${missing.join(", ")}`);
  return Object.entries(pages).flatMap(([slug, { path, eyebrow, aliases = [] }]) => {
    const context = { id: bySlug.get(slug)!, ...(eyebrow ? { eyebrow } : {}) };
    return [{ path, context }, ...aliases.map((alias) => ({ path: alias, context: { ...context, canonical: path } }))];
  });
}

interface DocumentsData {
  allDocument: { nodes: { id: string; slug: string }[] };
}

export const documentPageFamily = pageFamily<DocumentsData>({
  name: "documents",
  query: `{ allDocument { nodes { id slug } } }`,
  pages: (data) => documentPages(data.allDocument.nodes).map((page) => ({ ...page, template: "document" })),
});
