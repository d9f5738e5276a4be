import { describe, expect, it } from "vitest";
import { RELATED_POSTS, relatedPostIds } from "../../../../src/node/create-pages";

const post = (id: string, category: string) => ({ id, category: { slug: category } });

describe("relatedPostIds", () => {
  // newest first, as createPages queries them
  const posts = [post("a", "x"), post("b", "y"), post("c", "x"), post("d", "x"), post("e", "x"), post("f", "y")];

  it("the newest others of the post's category, at most three", () => {
    expect(RELATED_POSTS).toBe(3);
    expect(relatedPostIds(posts, posts[0])).toEqual(["c", "d", "e"]);
    expect(relatedPostIds(posts, posts[3])).toEqual(["a", "c", "e"]);
  });

  it("fewer when the category has fewer; none for a post alone in its category", () => {
    expect(relatedPostIds(posts, posts[1])).toEqual(["f"]);
    expect(relatedPostIds([post("z", "solo")], post("z", "solo"))).toEqual([]);
  });
});
