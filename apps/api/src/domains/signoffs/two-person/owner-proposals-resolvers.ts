import type { Resolvers } from '../../../generated/graphql.js';
import { requireOwner } from '../../../platform/lib/context.js';
import { domainError } from '../../../platform/lib/errors.js';
import { freshlyAuthenticated, reauthenticationRequired } from '../../owners/fresh-authentication.js';
import { readSignOff } from '../reads.js';
import { inviteOwner, takeOwnerInvitationLink } from './owner-proposals.js';

/** Inviting an owner, which in a tenant of two or more owners is an owner-to-owner sign-off (docs/sign-offs.md, S21). */
export const ownerProposalResolvers: Resolvers = {
  Mutation: {
    inviteOwner: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      // A second owner is a second approver: adding one needs a fresh password (OT4).
      if (!(await freshlyAuthenticated(ctx, owner))) return reauthenticationRequired('Inviting an owner');
      const outcome = await inviteOwner(ctx, owner, input.note);
      if (outcome.kind === 'invited') return { __typename: 'OwnerInvited', invitation: outcome.invitation, token: outcome.token };
      return { __typename: 'OwnerInvitationProposed', signOff: outcome.signOff };
    },
    takeOwnerInvitationLink: async (_root, { signOffId }, ctx) => {
      const outcome = await takeOwnerInvitationLink(ctx, requireOwner(ctx, 'admin'), signOffId);
      if (outcome.kind === 'not-found') return domainError('NotFound', 'NOT_FOUND', 'No invitation request of yours has that id.');
      if (outcome.kind === 'unavailable') {
        return domainError(
          'SecretUnavailable',
          'SECRET_UNAVAILABLE',
          'There is no link to take: the request is not approved yet, you did not propose it, the link was taken already, or it lapsed 24 hours after the approval.',
        );
      }
      return { __typename: 'OwnerInvitationLink', invitation: outcome.invitation, token: outcome.token };
    },
  },
  OwnerInvitation: {
    // Here rather than in owners/: sign-offs reach owners, not the other way round.
    signOff: (row, _args, ctx) => (row.signOffId ? readSignOff(ctx, requireOwner(ctx, 'read'), row.signOffId) : null),
  },
};
