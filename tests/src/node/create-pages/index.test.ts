import { describe, expect, it } from "vitest";
import { paginate } from "../../../../src/node/create-pages/pagination";
import { neighbourIds } from "../../../../src/node/create-pages/neighbours";
import { authorPages, blogPages, categoryPages, postPages, postsLandingIds } from "../../../../src/node/create-pages/blog";
import { bookPages } from "../../../../src/node/create-pages/books";
import { PAGE_FAMILIES } from "../../../../src/node/create-pages";
import { POSTS_PER_PAGE } from "../../../../src/lib/paths";

// newest first, as createPages queries them
const post = (id: string, category: string, author = "ann") => ({
  id,
  slug: `post-${id}`,
  category: { slug: category },
  author: { slug: author },
});

describe("pagination", () => {
  it("splits a list into pages of the given size, the last one shorter", () => {
    expect(paginate([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(paginate([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it("an empty list is one empty page; a page size below one is an error", () => {
    expect(paginate([], 6)).toEqual([[]]);
    expect(() => paginate([1], 0)).toThrow(RangeError);
  });

  it("a category's list pages carry their post ids, page number and page count; page 1 has no /page/ segment", () => {
    const posts = Array.from({ length: POSTS_PER_PAGE * 2 + 1 }, (_, i) => post(String(i), i % 2 ? "odd" : "even"));
    const even = posts.filter((p) => p.category.slug === "even");
    const pages = categoryPages({ id: "cat-even", slug: "even" }, posts);
    expect(pages.map((p) => p.path)).toEqual(["/blog/category/even/", "/blog/category/even/page/2/"]);
    expect(pages.map((p) => p.context)).toEqual([
      { id: "cat-even", slug: "even", postIds: even.slice(0, POSTS_PER_PAGE).map((p) => p.id), page: 1, pageCount: 2 },
      { id: "cat-even", slug: "even", postIds: even.slice(POSTS_PER_PAGE).map((p) => p.id), page: 2, pageCount: 2 },
    ]);
    expect(categoryPages({ id: "cat-none", slug: "none" }, posts)).toEqual([
      {
        path: "/blog/category/none/",
        template: "posts-list",
        context: { id: "cat-none", slug: "none", postIds: [], page: 1, pageCount: 1 },
      },
    ]);
  });
});

describe("neighbours", () => {
  const items = [{ id: "a" }, { id: "b" }, { id: "c" }];
  it("the ids either side, '' at the ends", () => {
    expect(neighbourIds(items, 0)).toEqual({ before: "", after: "b" });
    expect(neighbourIds(items, 1)).toEqual({ before: "a", after: "c" });
    expect(neighbourIds(items, 2)).toEqual({ before: "b", after: "" });
    expect(neighbourIds([{ id: "solo" }], 0)).toEqual({ before: "", after: "" });
  });

  it("a post's newer and older posts are its neighbours in the newest-first list", () => {
    const posts = [post("a", "x"), post("b", "y"), post("c", "x")];
    expect(postPages(posts).map((p) => [p.path, p.context])).toEqual([
      ["/blog/post-a/", { id: "a", category: "x", newerId: "", olderId: "b", relatedIds: ["c"] }],
      ["/blog/post-b/", { id: "b", category: "y", newerId: "a", olderId: "c", relatedIds: [] }],
      ["/blog/post-c/", { id: "c", category: "x", newerId: "b", olderId: "", relatedIds: ["a"] }],
    ]);
  });

  it("a book's chapters link to the previous and next chapter of the same book", () => {
    const pages = bookPages.pages({
      allBook: {
        nodes: [
          {
            id: "b1",
            slug: "guide",
            chapters: [
              { id: "c1", slug: "one" },
              { id: "c2", slug: "two" },
            ],
          },
          { id: "b2", slug: "other", chapters: [{ id: "c3", slug: "only" }] },
        ],
      },
    });
    expect(pages).toEqual([
      { path: "/books/guide/", template: "book", context: { id: "b1" } },
      { path: "/books/guide/one/", template: "book-post", context: { id: "c1", previousId: "", nextId: "c2" } },
      { path: "/books/guide/two/", template: "book-post", context: { id: "c2", previousId: "c1", nextId: "" } },
      { path: "/books/other/", template: "book", context: { id: "b2" } },
      { path: "/books/other/only/", template: "book-post", context: { id: "c3", previousId: "", nextId: "" } },
    ]);
  });
});

describe("list membership is decided in createPages", () => {
  const posts = [post("1", "x", "ann"), post("2", "y", "bob"), post("3", "x", "ann"), post("4", "x"), post("5", "x"), post("6", "y")];

  it("/blog/ shows the newest three and each category's newest three", () => {
    expect(postsLandingIds(posts)).toEqual({ latestIds: ["1", "2", "3"], categoryPostIds: ["1", "3", "4", "2", "6"] });
  });

  it("an author's page lists that author's posts, newest first", () => {
    expect(
      authorPages(
        [
          { id: "a-bob", slug: "bob" },
          { id: "a-cy", slug: "cy" },
        ],
        posts,
      ),
    ).toEqual([
      { path: "/authors/bob/", template: "author", context: { id: "a-bob", slug: "bob", postIds: ["2"], page: 1, pageCount: 1 } },
      { path: "/authors/cy/", template: "author", context: { id: "a-cy", slug: "cy", postIds: [], page: 1, pageCount: 1 } },
    ]);
  });

  it("a prolific author's posts are paginated like a category's; page 1 has no /page/ segment", () => {
    const many = Array.from({ length: POSTS_PER_PAGE * 2 + 1 }, (_, i) => post(String(i), "x", i % 3 ? "ann" : "bob"));
    const ann = many.filter((p) => p.author.slug === "ann").map((p) => p.id);
    const pages = authorPages([{ id: "a-ann", slug: "ann" }], many);
    expect(pages.map((p) => p.path)).toEqual(["/authors/ann/", "/authors/ann/page/2/"]);
    expect(pages.map((p) => p.context)).toEqual([
      { id: "a-ann", slug: "ann", postIds: ann.slice(0, POSTS_PER_PAGE), page: 1, pageCount: 2 },
      { id: "a-ann", slug: "ann", postIds: ann.slice(POSTS_PER_PAGE), page: 2, pageCount: 2 },
    ]);
  });

  it("the blog family creates /blog/, the category lists, every post and every author", () => {
    const pages = blogPages.pages({
      allBlogPost: { nodes: posts },
      allCategory: {
        nodes: [
          { id: "cx", slug: "x" },
          { id: "cy", slug: "y" },
        ],
      },
      allAuthor: { nodes: [{ id: "aa", slug: "ann" }] },
    });
    expect(pages.filter((p) => p.template === "posts-landing")).toHaveLength(1);
    expect(pages.filter((p) => p.template === "posts-list").map((p) => p.path)).toEqual(["/blog/category/x/", "/blog/category/y/"]);
    expect(pages.filter((p) => p.template === "blog-post")).toHaveLength(posts.length);
    expect(pages.filter((p) => p.template === "author").map((p) => p.context)).toEqual([
      { id: "aa", slug: "ann", postIds: ["1", "3", "4", "5", "6"], page: 1, pageCount: 1 },
    ]);
  });
});

describe("page families", () => {
  it("each family has a name and a query of its own, and no two create the same path", () => {
    const names = PAGE_FAMILIES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const family of PAGE_FAMILIES) expect(family.query).toMatch(/^\{[\s\S]*\}$/);
  });
});
