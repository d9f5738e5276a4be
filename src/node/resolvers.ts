/**
 * createResolvers: root fields that look nodes up by id. A page that lists a few posts through a
 * connection query (`allBlogPost(filter: …)`) depends on every BlogPost, so one post's edit re-runs the
 * queries of every such page; looked up by id, a page depends on exactly the posts it shows. The ids are
 * decided in createPages (src/node/create-pages) and passed in the page context.
 */
import type { GatsbyNode } from "gatsby";

interface ResolverContext {
  nodeModel: { getNodesByIds(args: { ids: readonly string[]; type: string }): unknown[] };
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    Query: {
      blogPostsById: {
        type: "[BlogPost!]!",
        description: "Blog posts by id, in the order given (ids that name no post are left out).",
        args: { ids: "[String!]!" },
        resolve: (_source: unknown, { ids }: { ids: string[] }, context: ResolverContext) =>
          context.nodeModel.getNodesByIds({ ids, type: "BlogPost" }),
      },
    },
  });
};
