/** The blog: /blog/, each category's paginated list, every post and every author's page. */
import { paths, POSTS_PER_PAGE } from "../../lib/paths";
import { neighbourIds } from "./neighbours";
import { paginate } from "./pagination";
import { pageFamily, type PageSpec } from "./templates";

export interface PostRef {
  id: string;
  slug: string;
  category: { slug: string };
  author: { slug: string };
}
interface BlogData {
  /** newest first */
  allBlogPost: { nodes: PostRef[] };
  allCategory: { nodes: { id: string; slug: string }[] };
  allAuthor: { nodes: { id: string; slug: string }[] };
}

/** Related posts under a blog post (the product rules leave this to us). */
export const RELATED_POSTS = 3;
/** Posts /blog/ shows: the newest overall, and the newest of each category. */
export const LANDING_LATEST = 3;
export const LANDING_PER_CATEGORY = 3;

/** The posts shown under `post`: the newest others of its category (`posts` newest first). */
export function relatedPostIds<P extends { id: string; category: { slug: string } }>(
  posts: readonly P[],
  post: P,
  count = RELATED_POSTS,
): string[] {
  const ids: string[] = [];
  // Stops at `count`: called once per post, a full filter made page creation quadratic in a category's size.
  for (const p of posts) {
    if (ids.length === count) break;
    if (p.category.slug === post.category.slug && p.id !== post.id) ids.push(p.id);
  }
  return ids;
}

/** The posts /blog/ shows (`posts` newest first): the newest `LANDING_LATEST`, then each category's newest. */
export function postsLandingIds(posts: readonly Pick<PostRef, "id" | "category">[]): { latestIds: string[]; categoryPostIds: string[] } {
  const perCategory = new Map<string, string[]>();
  for (const post of posts) {
    const ids = perCategory.get(post.category.slug) ?? [];
    if (ids.length < LANDING_PER_CATEGORY) perCategory.set(post.category.slug, [...ids, post.id]);
  }
  return { latestIds: posts.slice(0, LANDING_LATEST).map((p) => p.id), categoryPostIds: [...perCategory.values()].flat() };
}

/** A category's list pages (`posts` newest first), `POSTS_PER_PAGE` posts each; one empty page if it has none. */
export function categoryPages(category: { id: string; slug: string }, posts: readonly Pick<PostRef, "id" | "category">[]): PageSpec[] {
  const pages = paginate(
    posts.filter((p) => p.category.slug === category.slug).map((p) => p.id),
    POSTS_PER_PAGE,
  );
  return pages.map((postIds, i) => ({
    path: paths.category(category.slug, i + 1),
    template: "posts-list",
    context: { id: category.id, slug: category.slug, postIds, page: i + 1, pageCount: pages.length },
  }));
}

export function postPages(posts: readonly PostRef[]): PageSpec[] {
  // Grouped once: related posts are looked up in the post's category, not the whole archive (which would
  // make this step quadratic in the number of posts).
  const byCategory = new Map<string, PostRef[]>();
  for (const post of posts) {
    const list = byCategory.get(post.category.slug);
    if (list) list.push(post);
    else byCategory.set(post.category.slug, [post]);
  }
  return posts.map((post, i) => {
    const { before, after } = neighbourIds(posts, i);
    const related = relatedPostIds(byCategory.get(post.category.slug) ?? [], post);
    return {
      path: paths.blogPost(post.slug),
      template: "blog-post",
      context: { id: post.id, category: post.category.slug, newerId: before, olderId: after, relatedIds: related },
    };
  });
}

/**
 * An author's pages (`posts` newest first), `POSTS_PER_PAGE` posts each, like a category's: one page
 * listing a prolific author's whole archive would grow with it, in HTML and in a query over all of their
 * posts that any of their edits would re-run.
 */
export function authorPages(authors: readonly { id: string; slug: string }[], posts: readonly PostRef[]): PageSpec[] {
  return authors.flatMap((author) => {
    const pages = paginate(
      posts.filter((p) => p.author.slug === author.slug).map((p) => p.id),
      POSTS_PER_PAGE,
    );
    return pages.map((postIds, i) => ({
      path: paths.author(author.slug, i + 1),
      template: "author" as const,
      context: { id: author.id, slug: author.slug, postIds, page: i + 1, pageCount: pages.length },
    }));
  });
}

export const blogPages = pageFamily<BlogData>({
  name: "blog",
  query: `{
    allBlogPost(sort: { date: DESC }) { nodes { id slug category { slug } author { slug } } }
    allCategory { nodes { id slug } }
    allAuthor { nodes { id slug } }
  }`,
  pages: ({ allBlogPost: { nodes: posts }, allCategory, allAuthor }) => [
    { path: paths.blog(), template: "posts-landing", context: postsLandingIds(posts) },
    ...allCategory.nodes.flatMap((category) => categoryPages(category, posts)),
    ...postPages(posts),
    ...authorPages(allAuthor.nodes, posts),
  ],
});
