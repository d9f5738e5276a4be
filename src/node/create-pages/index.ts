/** createPages: one small function per template family, every promise awaited. */
import path from "node:path";
import type { CreatePagesArgs } from "gatsby";
import { paths, POSTS_PER_PAGE } from "../../lib/paths";
import { listVariables } from "./landing-lists";
import { createDocumentPages } from "./documents";

const template = (name: string) => path.resolve(__dirname, "../../templates", `${name}.tsx`);

interface Slugged {
  id: string;
  slug: string;
}
interface PagesQuery {
  allLandingPage: { nodes: (Slugged & { sections: { blocktype: string }[] })[] };
  allResourcesPage: { nodes: Slugged[] };
  allBlogPost: { nodes: (Slugged & { category: { slug: string } })[] };
  allCategory: { nodes: Slugged[] };
  allAuthor: { nodes: Slugged[] };
  allBook: { nodes: (Slugged & { chapters: Slugged[] })[] };
  allIntegration: { nodes: Slugged[] };
  allCompany: { nodes: Slugged[] };
  allJobPost: { nodes: Slugged[] };
  allInterviewGuide: { nodes: Slugged[] };
  allJobDescription: { nodes: Slugged[] };
}

/** Related posts under a blog post (SPEC: not shown; ours). */
export const RELATED_POSTS = 3;

/**
 * The posts shown under `post`: the newest others of its category (`posts` newest first). Decided here and
 * passed in the page context, so the page's query depends on those posts only (src/node/resolvers.ts).
 */
export function relatedPostIds<P extends { id: string; category: { slug: string } }>(
  posts: readonly P[],
  post: P,
  count = RELATED_POSTS,
): string[] {
  return posts
    .filter((p) => p.category.slug === post.category.slug && p.id !== post.id)
    .slice(0, count)
    .map((p) => p.id);
}

export async function createPages({ graphql, actions, reporter }: CreatePagesArgs) {
  const result = await graphql<PagesQuery>(`
    {
      allLandingPage {
        nodes {
          id
          slug
          sections {
            blocktype
          }
        }
      }
      allResourcesPage {
        nodes {
          id
          slug
        }
      }
      allBlogPost(sort: { date: DESC }) {
        nodes {
          id
          slug
          category {
            slug
          }
        }
      }
      allCategory {
        nodes {
          id
          slug
        }
      }
      allAuthor {
        nodes {
          id
          slug
        }
      }
      allBook {
        nodes {
          id
          slug
          chapters {
            id
            slug
          }
        }
      }
      allIntegration {
        nodes {
          id
          slug
        }
      }
      allCompany {
        nodes {
          id
          slug
        }
      }
      allJobPost {
        nodes {
          id
          slug
        }
      }
      allInterviewGuide {
        nodes {
          id
          slug
        }
      }
      allJobDescription {
        nodes {
          id
          slug
        }
      }
    }
  `);
  if (result.errors || !result.data) {
    reporter.panicOnBuild("createPages query failed", result.errors);
    return;
  }
  const data = result.data;
  const { createPage } = actions;
  await createDocumentPages({ graphql, actions, reporter });

  for (const page of data.allLandingPage.nodes)
    createPage({
      path: page.slug,
      component: template("landing-page"),
      context: { id: page.id, ...listVariables(page.sections.map((s) => s.blocktype)) },
    });
  for (const page of data.allResourcesPage.nodes)
    createPage({ path: page.slug, component: template("resources-page"), context: { id: page.id } });

  createPage({ path: paths.blog(), component: template("posts-landing"), context: {} });
  for (const category of data.allCategory.nodes) {
    const count = data.allBlogPost.nodes.filter((p) => p.category.slug === category.slug).length;
    const pageCount = Math.max(1, Math.ceil(count / POSTS_PER_PAGE));
    for (let page = 1; page <= pageCount; page++) {
      createPage({
        path: paths.category(category.slug, page),
        component: template("posts-list"),
        context: { id: category.id, slug: category.slug, skip: (page - 1) * POSTS_PER_PAGE, limit: POSTS_PER_PAGE, page, pageCount },
      });
    }
  }
  const posts = data.allBlogPost.nodes;
  posts.forEach((post, i) => {
    const relatedIds = relatedPostIds(posts, post);
    createPage({
      path: paths.blogPost(post.slug),
      component: template("blog-post"),
      // "" (not null): a null filter value would be dropped and match the first post.
      context: { id: post.id, category: post.category.slug, newerId: posts[i - 1]?.id ?? "", olderId: posts[i + 1]?.id ?? "", relatedIds },
    });
  });

  for (const a of data.allAuthor.nodes)
    createPage({ path: paths.author(a.slug), component: template("author"), context: { id: a.id, slug: a.slug } });
  for (const book of data.allBook.nodes) {
    createPage({ path: paths.book(book.slug), component: template("book"), context: { id: book.id } });
    book.chapters.forEach((chapter, i) =>
      createPage({
        path: paths.bookPost(book.slug, chapter.slug),
        component: template("book-post"),
        context: { id: chapter.id, previousId: book.chapters[i - 1]?.id ?? "", nextId: book.chapters[i + 1]?.id ?? "" },
      }),
    );
  }
  for (const i of data.allIntegration.nodes)
    createPage({ path: paths.integration(i.slug), component: template("integration"), context: { id: i.id } });
  for (const c of data.allCompany.nodes) createPage({ path: paths.company(c.slug), component: template("company"), context: { id: c.id } });
  for (const j of data.allJobPost.nodes) createPage({ path: paths.job(j.slug), component: template("job-post"), context: { id: j.id } });
  for (const g of data.allInterviewGuide.nodes)
    createPage({ path: paths.interviewGuide(g.slug), component: template("interview-guide"), context: { id: g.id } });
  for (const d of data.allJobDescription.nodes)
    createPage({ path: paths.jobDescription(d.slug), component: template("job-description"), context: { id: d.id } });
}
