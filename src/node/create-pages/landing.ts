/** CMS landing pages (home, product pages, /pricing/, /lp/…) at their own slug. */
import { listVariables } from "./landing-lists";
import { pageFamily } from "./templates";

interface LandingData {
  allLandingPage: { nodes: { id: string; slug: string; sections: { blocktype: string }[] }[] };
}

export const landingPages = pageFamily<LandingData>({
  name: "landing pages",
  query: `{ allLandingPage { nodes { id slug sections { blocktype } } } }`,
  pages: (data) =>
    data.allLandingPage.nodes.map((page) => ({
      path: page.slug,
      template: "landing-page",
      context: { id: page.id, ...listVariables(page.sections.map((s) => s.blocktype)) },
    })),
});
