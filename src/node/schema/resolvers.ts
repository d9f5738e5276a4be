/** createResolvers: root fields that look nodes up by id. */
import type { GatsbyNode } from "gatsby";

interface ResolverContext {
  nodeModel: {
    getNodesByIds(args: { ids: readonly string[]; type: string }): unknown[];
    getNodeById(args: { id: string; type: string }): unknown;
  };
}

/** `blogPostById` / `blogPostsById` style root fields for one (interface) type. */
function byIdFields(type: string, one: string, many: string) {
  return {
    [one]: {
      type,
      description: `The ${type} with this id, or null ("" names none).`,
      args: { id: "String!" },
      resolve: (_source: unknown, { id }: { id: string }, context: ResolverContext) =>
        id ? (context.nodeModel.getNodeById({ id, type }) ?? null) : null,
    },
    [many]: {
      type: `[${type}!]!`,
      description: `${type} nodes by id, in the order given (ids that name none are left out).`,
      args: { ids: "[String!]!" },
      resolve: (_source: unknown, { ids }: { ids: string[] }, context: ResolverContext) =>
        context.nodeModel.getNodesByIds({ ids, type }).filter(Boolean),
    },
  };
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers({
    Query: {
      ...byIdFields("BlogPost", "blogPostById", "blogPostsById"),
      ...byIdFields("BookPost", "bookPostById", "bookPostsById"),
    },
  });
};
