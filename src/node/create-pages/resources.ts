/** Resources pages at their own slug. */
import { pageFamily } from "./templates";

interface ResourcesData {
  allResourcesPage: { nodes: { id: string; slug: string }[] };
}

export const resourcesPages = pageFamily<ResourcesData>({
  name: "resources pages",
  query: `{ allResourcesPage { nodes { id slug } } }`,
  pages: (data) => data.allResourcesPage.nodes.map((page) => ({ path: page.slug, template: "resources-page", context: { id: page.id } })),
});
