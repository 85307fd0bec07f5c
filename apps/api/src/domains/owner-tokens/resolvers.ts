import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { domainError } from '../../platform/lib/errors.js';
import { freshlyAuthenticated, reauthenticationRequired } from '../owners/fresh-authentication.js';
import { createOwnerToken, listTokens, revokeOwnerToken } from './service.js';

/**
 * Owner tokens. Managing them needs ADMIN; a DECIDE or ADMIN token is made
 * only by a session that proved its password in the last 10 minutes (or the
 * CLI), so an ADMIN token can mint READ tokens and revoke, nothing more
 * (docs/owner-tokens.md, rule OT4).
 */
export const ownerTokenResolvers: Resolvers = {
  Query: {
    ownerTokens: (_root, { first, after }, ctx) =>
      ctx.loaders.once(`list:ownerTokens:${first ?? 20}:${after ?? ''}`, () => listTokens(ctx, requireOwner(ctx, 'read'), first ?? 20, after)),
  },
  Mutation: {
    createOwnerToken: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      // A token that may decide or administer is a second way in: minting one needs a fresh password (OT4).
      if (input.scope !== 'READ' && !(await freshlyAuthenticated(ctx, owner))) return reauthenticationRequired(`Creating a ${input.scope} token`);
      const created = await createOwnerToken(ctx, owner, input);
      return { __typename: 'OwnerTokenCreated', ...created };
    },
    revokeOwnerToken: async (_root, { id }, ctx) => {
      const ownerToken = await revokeOwnerToken(ctx, requireOwner(ctx, 'admin'), id);
      return ownerToken ? { __typename: 'OwnerTokenRevoked', ownerToken } : domainError('NotFound', 'NOT_FOUND', 'No owner token of yours has that id.');
    },
  },
};
