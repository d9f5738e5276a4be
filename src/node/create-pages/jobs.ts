/** One page per job post. */
import { paths } from "../../lib/paths";
import { pageFamily } from "./templates";

interface JobsData {
  allJobPost: { nodes: { id: string; slug: string }[] };
}

export const jobPages = pageFamily<JobsData>({
  name: "jobs",
  query: `{ allJobPost { nodes { id slug } } }`,
  pages: (data) => data.allJobPost.nodes.map((j) => ({ path: paths.job(j.slug), template: "job-post", context: { id: j.id } })),
});
