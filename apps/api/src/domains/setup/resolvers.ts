import type { Resolvers } from '../../generated/graphql.js';
import { domainError } from '../../platform/lib/errors.js';
import { signedInAs } from '../../platform/lib/signed-in.js';
import { isSetupNeeded, setupFirstOwner } from './service.js';

export const setupResolvers: Resolvers = {
  Query: {
    setupStatus: async (_root, _args, ctx) => ({ needed: await isSetupNeeded(ctx) }),
  },
  Mutation: {
    setupFirstOwner: async (_root, { input }, ctx) => {
      const result = await setupFirstOwner(ctx, input.token, input);
      if (!result) {
        return domainError(
          'SetupClosed',
          'SETUP_CLOSED',
          'Setup is closed: an owner already exists, or this setup link was used, has expired or is not valid.',
        );
      }
      return signedInAs(ctx, 'SetupCompleted', result);
    },
  },
};
