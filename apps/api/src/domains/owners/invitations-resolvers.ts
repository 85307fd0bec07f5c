import type { OwnerInvitationState, Resolvers } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { domainError, graphQLError } from '../../platform/lib/errors.js';
import { signedInAs } from '../../platform/lib/signed-in.js';
import { acceptOwnerInvitation, previewInvitation, readInvitations, readTenantOwners, revokeOwnerInvitation } from './invitations.js';
import { readSecondOwnerJoin } from './second-owner.js';

/** Owner invitations (docs/tenancy.md, T10): accepting, listing, revoking. Inviting is the sign-offs' (it may need a second owner). */
export const invitationResolvers: Resolvers = {
  Query: {
    tenantOwners: (_root, _args, ctx) => readTenantOwners(ctx, requireOwner(ctx, 'read')),
    ownerInvitations: (_root, _args, ctx) => readInvitations(ctx, requireOwner(ctx, 'read')),
    ownerInvitation: (_root, { token }, ctx) => previewInvitation(ctx, token),
    secondOwnerJoin: (_root, _args, ctx) => readSecondOwnerJoin(ctx, requireOwner(ctx, 'read')),
  },
  Mutation: {
    acceptOwnerInvitation: async (_root, { input }, ctx) => {
      if (ctx.principal) throw graphQLError('FORBIDDEN', 'Sign out first: an invitation creates a new owner and signs them in.');
      // As sign-in: a WebSocket cannot receive the session cookie.
      if (ctx.clientAddress === undefined) throw graphQLError('BAD_INPUT', 'Accept an invitation over HTTP (POST /graphql).');
      const outcome = await acceptOwnerInvitation(ctx, input);
      if (outcome.kind === 'invalid') {
        return domainError(
          'InvitationInvalid',
          'INVITATION_INVALID',
          'This invitation link was used already, has expired, was revoked, or is not one: ask an owner for a new one.',
        );
      }
      return signedInAs(ctx, 'OwnerInvitationAccepted', outcome);
    },
    revokeOwnerInvitation: async (_root, { input }, ctx) => {
      const outcome = await revokeOwnerInvitation(ctx, requireOwner(ctx, 'admin'), input.id);
      if (outcome.kind === 'not-found') return domainError('NotFound', 'NOT_FOUND', 'No invitation of your tenant has that id.');
      return { __typename: 'OwnerInvitationRevoked', invitation: outcome.invitation };
    },
  },
  OwnerInvitation: {
    state: (row) => row.state.toUpperCase() as OwnerInvitationState,
    invitedBy: async (row, _args, ctx) => {
      const owner = await ctx.loaders.owner.load({ tenantId: row.tenantId, id: row.invitedBy });
      if (!owner) throw new Error(`owner ${row.invitedBy} of invitation ${row.id} is missing`);
      return owner;
    },
    acceptedBy: (row, _args, ctx) => (row.acceptedOwnerId ? ctx.loaders.owner.load({ tenantId: row.tenantId, id: row.acceptedOwnerId }) : null),
  },
};
