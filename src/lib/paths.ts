/** URL patterns of the templates (ARCHITECTURE.md 2). Shared by page creation and components. */
export const paths = {
  blog: () => "/blog/",
  blogPost: (slug: string) => `/blog/${slug}/`,
  category: (slug: string, page = 1) => (page > 1 ? `/blog/category/${slug}/page/${page}/` : `/blog/category/${slug}/`),
  author: (slug: string) => `/authors/${slug}/`,
  book: (book: string) => `/books/${book}/`,
  bookPost: (book: string, chapter: string) => `/books/${book}/${chapter}/`,
  integration: (slug: string) => `/integrations/${slug}/`,
  company: (slug: string) => `/customers/${slug}/`,
  job: (slug: string) => `/jobs/${slug}/`,
  interviewGuide: (role: string) => `/interview-builder/${role}/`,
  jobDescription: (role: string) => `/interview-builder/job-descriptions/${role}/`,
} as const;

export const POSTS_PER_PAGE = 6;
