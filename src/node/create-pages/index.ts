/**
 * createPages: one module per page family (each a query and a pure function from its nodes to page
 * specs), every promise awaited. A new family is a file here and one line in `PAGE_FAMILIES`.
 */
import type { CreatePagesArgs } from "gatsby";
import { blogPages } from "./blog";
import { bookPages } from "./books";
import { companyPages } from "./companies";
import { documentPageFamily } from "./documents";
import { integrationPages } from "./integrations";
import { interviewBuilderPages } from "./interview-builder";
import { jobPages } from "./jobs";
import { landingPages } from "./landing";
import { resourcesPages } from "./resources";
import { templateComponent, type PageFamily } from "./templates";

export { RELATED_POSTS, relatedPostIds } from "./blog";

export const PAGE_FAMILIES: readonly PageFamily<unknown>[] = [
  landingPages,
  resourcesPages,
  blogPages,
  bookPages,
  integrationPages,
  companyPages,
  jobPages,
  interviewBuilderPages,
  documentPageFamily,
];

export async function createPages({ graphql, actions, reporter }: CreatePagesArgs): Promise<void> {
  await Promise.all(
    PAGE_FAMILIES.map(async (family) => {
      const result = await graphql<unknown>(family.query);
      if (result.errors || !result.data) {
        reporter.panicOnBuild(`createPages: the ${family.name} query failed`, result.errors);
        return;
      }
      let pages;
      try {
        pages = family.pages(result.data);
      } catch (error) {
        // A page the content cannot make (e.g. a listed document that is missing) fails the build, saying which.
        reporter.panicOnBuild(`createPages (${family.name}): ${(error as Error).message}`);
        return;
      }
      for (const page of pages) actions.createPage({ path: page.path, component: templateComponent(page.template), context: page.context });
    }),
  );
}
