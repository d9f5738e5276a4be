/** One page per integration. */
import { paths } from "../../lib/paths";
import { pageFamily } from "./templates";

interface IntegrationsData {
  allIntegration: { nodes: { id: string; slug: string }[] };
}

export const integrationPages = pageFamily<IntegrationsData>({
  name: "integrations",
  query: `{ allIntegration { nodes { id slug } } }`,
  pages: (data) =>
    data.allIntegration.nodes.map((i) => ({ path: paths.integration(i.slug), template: "integration", context: { id: i.id } })),
});
