import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { domainError } from '../../platform/lib/errors.js';
import { createAgentOAuthClient } from './agent-clients.js';

export const oauthResolvers: Resolvers = {
  Mutation: {
    createAgentOAuthClient: async (_root, { input }, ctx) => {
      const made = await createAgentOAuthClient(ctx, requireOwner(ctx, 'admin'), input.agent);
      return made ? { __typename: 'AgentOAuthClientCreated', ...made } : domainError('NotFound', 'NOT_FOUND', 'No live agent of yours has that id.');
    },
  },
};
