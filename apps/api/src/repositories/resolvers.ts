import type { Resolvers } from '../generated/graphql.js';
import { requirePrincipal } from '../lib/context.js';
import { domainError } from '../lib/errors.js';
import { createRepository, listRepositories } from './service.js';

export const repositoryResolvers: Resolvers = {
  Query: {
    // One read per request however often the list is aliased: twenty aliases must not take twenty connections.
    repositories: (_root, _args, ctx) => ctx.loaders.once('list:repositories', () => listRepositories(ctx, requirePrincipal(ctx, 'read'))),
  },
  Mutation: {
    createRepository: async (_root, { input }, ctx) => {
      const outcome = await createRepository(ctx, requirePrincipal(ctx, 'admin'), input.name);
      if (outcome.kind === 'name-taken') return domainError('NameTaken', 'NAME_TAKEN', 'A live repository of this owner already has that name.');
      return { __typename: 'RepositoryCreated', repository: outcome.repository };
    },
  },
  Repository: {
    state: (repository) => (repository.state === 'serving' ? 'SERVING' : 'UNSERVED'),
    owner: async (repository, _args, ctx) => {
      const owner = await ctx.loaders.owner.load({ tenantId: repository.tenantId, id: repository.ownerId });
      if (!owner) throw new Error(`owner of repository ${repository.id} is missing`);
      return owner;
    },
  },
};
