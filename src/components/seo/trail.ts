import { breadcrumbs } from "./structured-data";
import { paths } from "../../lib/paths";

export interface Crumb {
  name: string;
  path: string;
}

/**
 * A page's place in the site, written once per template: the page header shows the ancestors as breadcrumb
 * links, and the head gives search engines the whole trail (ancestors, then the page) as a BreadcrumbList, so the
 * two never disagree.
 */
export interface Trail {
  ancestors: readonly Crumb[];
  page: Crumb;
}

/** The ancestors the pages of one part of the site share. */
export const ancestors = {
  interviewLibrary: [
    { name: "Interview builder", path: paths.interviewBuilder() },
    { name: "Library", path: paths.interviewLibrary() },
  ],
} as const satisfies Record<string, readonly Crumb[]>;

export const trail = (ancestors: readonly Crumb[], page: Crumb): Trail => ({ ancestors, page });

/** The trail as schema.org BreadcrumbList data. */
export const trailJsonLd = (siteUrl: string, { ancestors, page }: Trail) => breadcrumbs(siteUrl, [...ancestors, page]);
