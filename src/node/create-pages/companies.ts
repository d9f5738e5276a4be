/** One page per company (customer story). */
import { paths } from "../../lib/paths";
import { pageFamily } from "./templates";

interface CompaniesData {
  allCompany: { nodes: { id: string; slug: string }[] };
}

export const companyPages = pageFamily<CompaniesData>({
  name: "companies",
  query: `{ allCompany { nodes { id slug } } }`,
  pages: (data) => data.allCompany.nodes.map((c) => ({ path: paths.company(c.slug), template: "company", context: { id: c.id } })),
});
