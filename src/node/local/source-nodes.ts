/** The embedded-content source adapter: turns content/ into `Local*` nodes that implement the site's interfaces (src/node/schema). */
import type { Node, NodeInput, NodePluginArgs } from "gatsby";
import type { SourcingState } from "../sourcing/sourcing-state";
import { loadContent, type LocalContent } from "./load-content";
import type { SectionInput } from "./content-schema";
import { experienceNodeFields } from "../content/experiences";

export type SourceArgs = Pick<NodePluginArgs, "actions" | "createNodeId" | "createContentDigest" | "getNode" | "getNodes">;

/** `skipFormIds`: lead forms another source (HubSpot) provides; the embedded ones with these ids are left out. */
export interface LocalSourceOptions {
  skipFormIds?: ReadonlySet<string>;
}

/** Image values ({src, alt}) become LocalImage objects wherever they are nested. */
function tagImages<T>(value: T): T {
  if (Array.isArray(value)) return value.map(tagImages) as T;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).map(([k, v]) => [k, tagImages(v)]);
    const out = Object.fromEntries(entries);
    if (typeof out.src === "string" && typeof out.alt === "string") out.imageType = "LocalImage";
    return out as T;
  }
  return value;
}

/** Every node the content makes, with its id and digest: the same content gives the same nodes. */
export function localNodes(
  content: LocalContent,
  { createNodeId, createContentDigest }: Pick<SourceArgs, "createNodeId" | "createContentDigest">,
  { skipFormIds = new Set<string>() }: LocalSourceOptions = {},
): NodeInput[] {
  const nodes: NodeInput[] = [];
  const create = (type: string, key: string, fields: Record<string, unknown>) => {
    const id = createNodeId(`${type}:${key}`);
    const data = tagImages(fields);
    nodes.push({ ...data, id, parent: null, children: [], internal: { type: `Local${type}`, contentDigest: createContentDigest(data) } });
    return id;
  };

  const { settings, footer } = content;
  create("SiteSettings", "site", { ...settings, urlTable: Object.entries(settings.urlTable).map(([key, value]) => ({ key, value })) });
  for (const nav of content.navigations) create("Navigation", nav.id, { navId: nav.id, navItems: nav.navItems });
  create("Footer", "footer", footer);

  // Personalization (docs/product-rules.md#personalization-data): audiences, experiences mapped by ExperienceMapper, hero variants.
  for (const a of content.audiences)
    create("PersonalizationAudience", a.nt_audience_id, { audienceId: a.nt_audience_id, name: a.nt_name, description: a.nt_description });
  for (const entry of content.experiences) {
    const fields = experienceNodeFields(entry, content.audiences);
    create("PersonalizationExperience", fields.experienceId, fields);
  }
  for (const v of content.heroVariants) create("PersonalizationHeroVariant", v.id, { ...v, variantId: v.id });

  for (const form of content.forms) {
    if (!skipFormIds.has(form.alternative_id)) create("LeadForm", form.alternative_id, { isCompact: false, ...form });
  }

  for (const page of content.pages) {
    const sectionIds = page.data.sections.map((section: SectionInput) => {
      const { blocktype, id, ...rest } = section;
      const fields: Record<string, unknown> = { blocktype, sectionId: id, ...rest };
      if (section.blocktype === "Markdown") {
        delete fields.body;
        fields.bodyMarkdown = section.body;
      }
      return create(`${blocktype}Section`, `${page.data.slug}#${id}`, fields);
    });
    create("LandingPage", page.data.slug, {
      ...page.data,
      useStaticHeader: page.data.useStaticHeader ?? false,
      noindex: page.data.noindex ?? false,
      sections: sectionIds,
    });
  }

  // Posts and books name their author and category by slug; their nodes link them by node id (src/node/local/schema.ts).
  const authorId = (slug: string) => createNodeId(`Author:${slug}`);
  for (const c of content.categories) create("Category", c.slug, c);
  for (const a of content.authors) create("Author", a.data.slug, { ...a.data, bioMarkdown: a.body });
  for (const p of content.posts)
    create("BlogPost", p.data.slug, {
      ...p.data,
      authorId: authorId(p.data.author),
      categoryId: createNodeId(`Category:${p.data.category}`),
      bodyMarkdown: p.body,
    });
  for (const b of content.books) {
    const bookId = createNodeId(`Book:${b.data.slug}`);
    const chapterIds = b.chapters.map((c) =>
      create("BookPost", `${b.data.slug}/${c.data.slug}`, { ...c.data, bookId, bodyMarkdown: c.body }),
    );
    create("Book", b.data.slug, { ...b.data, authorId: authorId(b.data.author), introMarkdown: b.body, chapterIds });
  }
  for (const i of content.integrations) create("Integration", i.data.slug, { isNew: false, ...i.data, bodyMarkdown: i.body });
  for (const c of content.companies) create("Company", c.data.slug, { ...c.data, bodyMarkdown: c.body });
  for (const j of content.jobs) create("JobPost", j.data.slug, { ...j.data, bodyMarkdown: j.body });
  for (const g of content.interviewGuides) create("InterviewGuide", g.data.slug, { ...g.data, bodyMarkdown: g.body });
  for (const d of content.jobDescriptions) create("JobDescription", d.data.slug, { ...d.data, bodyMarkdown: d.body });
  for (const r of content.resources) create("ResourcesPage", r.data.slug, r.data);
  for (const d of content.documents) create("Document", d.data.slug, { ...d.data, bodyMarkdown: d.body });
  return nodes;
}

/** A node of the embedded content (all their types are Local…). */
export const isLocalNode = (node: Node) => node.internal.type.startsWith("Local");

/**
 * Reads content/ (reusing the Markdown parsed last time for unchanged files) and makes the store hold its
 * nodes: the new and changed ones are created, the ones it no longer makes deleted, the rest left as they are
 * (src/node/sourcing/stateful-nodes.ts). Throws ContentError on invalid content, changing nothing.
 */
export function sourceLocalContent(
  contentDir: string,
  args: SourceArgs,
  state: SourcingState,
  options: LocalSourceOptions = {},
): { content: LocalContent; created: number; deleted: number; parsed: number } {
  const markdownCache = state.markdownCache();
  const content = loadContent(contentDir, { requireImages: true, markdownCache });
  state.keepMarkdown(markdownCache);
  const { created, deleted } = state.sync(args, "local", localNodes(content, args, options), isLocalNode);
  return { content, created, deleted, parsed: markdownCache.entries().size - markdownCache.hits };
}
