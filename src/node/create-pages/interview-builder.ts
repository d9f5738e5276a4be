/** Interview guides and job descriptions (the interview builder's per-role pages). */
import { paths } from "../../lib/paths";
import { pageFamily, type PageSpec } from "./templates";

interface InterviewBuilderData {
  allInterviewGuide: { nodes: { id: string; slug: string }[] };
  allJobDescription: { nodes: { id: string; slug: string }[] };
}

export const interviewBuilderPages = pageFamily<InterviewBuilderData>({
  name: "interview builder",
  query: `{ allInterviewGuide { nodes { id slug } } allJobDescription { nodes { id slug } } }`,
  pages: (data) => [
    ...data.allInterviewGuide.nodes.map((g): PageSpec => ({
      path: paths.interviewGuide(g.slug),
      template: "interview-guide",
      context: { id: g.id },
    })),
    ...data.allJobDescription.nodes.map((d): PageSpec => ({
      path: paths.jobDescription(d.slug),
      template: "job-description",
      context: { id: d.id },
    })),
  ],
});
