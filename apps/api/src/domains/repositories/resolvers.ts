import type { Resolvers } from '../../generated/graphql.js';
import { requirePrincipal } from '../../platform/lib/context.js';
import { domainError, limitReached } from '../../platform/lib/errors.js';
import { createRepository, listRepositories } from './service.js';

export const repositoryResolvers: Resolvers = {
  Query: {
    // One read per request however often the list is aliased: twenty aliases must not take twenty connections.
    repositories: (_root, { first, after }, ctx) =>
      ctx.loaders.once(`list:repositories:${first ?? 20}:${after ?? ''}`, () => listRepositories(ctx, requirePrincipal(ctx, 'read'), first ?? 20, after)),
  },
  Mutation: {
    createRepository: async (_root, { input }, ctx) => {
      const outcome = await createRepository(ctx, requirePrincipal(ctx, 'admin'), input.name, ctx.runtime.limits.repositoriesPerOwner);
      if (outcome.kind === 'name-taken') return domainError('NameTaken', 'NAME_TAKEN', 'A live repository of this owner already has that name.');
      if (outcome.kind === 'limit-reached')
        return limitReached('REPOSITORIES_PER_OWNER', outcome.max, `This owner has ${outcome.max} live repositories already: delete one first.`);
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
