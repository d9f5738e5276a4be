/**
 * The checks across the files of content/ (load-content.ts runs them once every file is read): references
 * between entries resolve, icons exist in the icon set, images exist. Each problem is collected with its file.
 */
import fs from "node:fs";
import path from "node:path";
import type { Doc, LocalContent } from "./content-schema";
import { iconNames } from "../content/icons";
import { NOTICE_AT_COLLECTION_ID } from "../../lib/paths";

export interface ImageCheckOptions {
  /** Missing images are problems (the build); the content check only lists them. */
  requireImages?: boolean;
  onMissingImage?: (file: string, src: string) => void;
}

/** Content as read, before the checks: site settings and footer may be missing (their file had a problem). */
export type ReadContent = Omit<LocalContent, "settings" | "footer"> & Partial<Pick<LocalContent, "settings" | "footer">>;

/** References between entries must resolve, so a typo fails the build instead of rendering a hole. */
export function checkReferences(c: ReadContent, problems: string[]) {
  const has = (list: { data: { slug: string } }[], slug: string) => list.some((d) => d.data.slug === slug);
  for (const p of c.posts) {
    if (!has(c.authors, p.data.author)) problems.push(`${p.file}: author "${p.data.author}" does not exist`);
    if (!c.categories.some((cat) => cat.slug === p.data.category)) problems.push(`${p.file}: category "${p.data.category}" does not exist`);
  }
  for (const b of c.books) if (!has(c.authors, b.data.author)) problems.push(`${b.file}: author "${b.data.author}" does not exist`);
  for (const g of c.interviewGuides)
    if (!has(c.jobDescriptions, g.data.jobDescription))
      problems.push(`${g.file}: job description "${g.data.jobDescription}" does not exist`);
  for (const d of c.jobDescriptions)
    if (!has(c.interviewGuides, d.data.interviewGuide))
      problems.push(`${d.file}: interview guide "${d.data.interviewGuide}" does not exist`);
  const formIds = new Set(c.forms.map((f) => f.alternative_id));
  for (const p of c.pages)
    for (const s of p.data.sections)
      if (s.blocktype === "Form" && !formIds.has(s.formId)) problems.push(`${p.file}: section ${s.id}: form "${s.formId}" does not exist`);
  for (const d of [...c.documents, ...c.posts])
    for (const m of d.body.matchAll(/^::form\[([^\]]+)\]\s*$/gm))
      if (!formIds.has(m[1])) problems.push(`${d.file}: embedded form "${m[1]}" does not exist`);
  // The legal pages' fixed parts (docs/content.md#privacy-and-cookie-notices): every page links the anchor, and the
  // cookie notice's table is generated from the catalog.
  const privacy = c.documents.find((d) => d.data.slug === "privacy");
  if (privacy && !/^##+ +Notice at collection *$/m.test(privacy.body))
    problems.push(`${privacy.file}: needs the heading "Notice at collection" (#${NOTICE_AT_COLLECTION_ID}, linked from every page)`);
  const cookies = c.documents.find((d) => d.data.slug === "cookie-policy");
  if (cookies && !/^::cookie-table *$/m.test(cookies.body))
    problems.push(`${cookies.file}: needs the line ::cookie-table (the generated table)`);
  // Personalization: audiences and variants an experience names must exist.
  for (const e of c.experiences) {
    if (e.nt_audience && !c.audiences.some((a) => a.nt_audience_id === e.nt_audience))
      problems.push(`personalization/experiences.json: ${e.nt_experience_id}: unknown audience "${e.nt_audience}"`);
    for (const ref of e.nt_variants) {
      const [kind, id] = ref.split(":");
      const known =
        (kind === "navigation" && c.navigations.some((n) => n.id === id)) || (kind === "hero" && c.heroVariants.some((h) => h.id === id));
      if (!known) problems.push(`personalization/experiences.json: ${e.nt_experience_id}: unknown variant "${ref}"`);
    }
  }
}

/** Icons named in navigation must exist in the icon set (served from /icons/{name}.svg). */
export function checkIcons(c: ReadContent, problems: string[]) {
  const icons = new Set(iconNames());
  const visit = (file: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((v) => visit(file, v));
    else if (value && typeof value === "object")
      for (const [key, child] of Object.entries(value)) {
        if (key === "icon" && typeof child === "string" && !icons.has(child))
          problems.push(`${file}: icon "${child}" is not in the icon set`);
        else visit(file, child);
      }
  };
  c.navigations.forEach((n) => visit(`site/navigation (${n.id})`, n));
}

/** Every image a file names ({src, alt} values and Markdown images) must exist. */
export function checkImages(c: ReadContent, root: string, problems: string[], options: ImageCheckOptions) {
  const images: [string, string][] = [];
  const collect = (file: string, value: unknown) => {
    if (Array.isArray(value)) value.forEach((v) => collect(file, v));
    else if (value && typeof value === "object") {
      const v = value as Record<string, unknown>;
      if (typeof v.src === "string" && typeof v.alt === "string") images.push([file, v.src]);
      Object.values(v).forEach((child) => collect(file, child));
    }
  };
  const docs = [c.pages, c.posts, c.authors, c.books, c.books.flatMap((b) => b.chapters), c.integrations, c.companies, c.resources];
  for (const doc of docs.flat() as Doc<unknown>[]) {
    collect(doc.file, doc.data);
    for (const m of doc.body.matchAll(/!\[[^\]]*\]\((images\/[^)\s]+)/g)) images.push([doc.file, m[1]]);
  }
  c.navigations.forEach((n) => collect(`site/navigation (${n.id})`, n));
  for (const [file, src] of images)
    if (!fs.existsSync(path.join(root, src))) {
      if (options.requireImages) problems.push(`${file}: image "${src}" does not exist in content/`);
      options.onMissingImage?.(file, src);
    }
}
