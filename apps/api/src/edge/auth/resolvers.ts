import type { Resolvers } from '../../generated/graphql.js';

/**
 * Who is calling. Here rather than in owners/ or agents/, since the answer
 * is either; both rows come through the request's loaders.
 */
export const authResolvers: Resolvers = {
  Query: {
    viewer: async (_root, _args, ctx) => {
      const principal = ctx.principal;
      if (!principal) return null;
      if (principal.kind === 'owner') {
        const owner = await ctx.loaders.owner.load({ tenantId: principal.tenantId, id: principal.ownerId });
        return owner && { __typename: 'Owner', ...owner };
      }
      const agent = await ctx.loaders.agent.load({ tenantId: principal.tenantId, id: principal.agentId });
      return agent && { __typename: 'Agent', ...agent };
    },
  },
};
