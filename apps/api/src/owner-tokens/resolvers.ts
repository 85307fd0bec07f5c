import type { Resolvers } from '../generated/graphql.js';
import { requireOwner } from '../lib/context.js';
import { domainError } from '../lib/errors.js';
import { createOwnerToken, listTokens, revokeOwnerToken } from './service.js';

/**
 * Owner tokens. Managing them needs ADMIN: a session, or an ADMIN token —
 * an ADMIN token can already do everything else, so letting it mint
 * narrower tokens (or revoke itself) gives it nothing new (docs/owner-tokens.md, rule OT4).
 */
export const ownerTokenResolvers: Resolvers = {
  Query: {
    ownerTokens: (_root, _args, ctx) => ctx.loaders.once('list:ownerTokens', () => listTokens(ctx, requireOwner(ctx, 'read'))),
  },
  Mutation: {
    createOwnerToken: async (_root, { input }, ctx) => {
      const created = await createOwnerToken(ctx, requireOwner(ctx, 'admin'), input);
      return { __typename: 'OwnerTokenCreated', ...created };
    },
    revokeOwnerToken: async (_root, { id }, ctx) => {
      const ownerToken = await revokeOwnerToken(ctx, requireOwner(ctx, 'admin'), id);
      return ownerToken ? { __typename: 'OwnerTokenRevoked', ownerToken } : domainError('NotFound', 'NOT_FOUND', 'No owner token of yours has that id.');
    },
  },
};
