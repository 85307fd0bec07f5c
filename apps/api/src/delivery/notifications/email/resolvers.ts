import type { Resolvers } from '../../../generated/graphql.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import { requireOwner, type Context } from '../../../platform/lib/context.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { emailPreferences, setEmailPreference, type EmailSettings } from './settings-service.js';

async function settingsOf(ctx: Context, owner: OwnerPrincipal): Promise<EmailSettings & { pushPublicKey: string }> {
  const row = await ctx.loaders.owner.load({ tenantId: owner.tenantId, id: owner.ownerId });
  if (!row) throw graphQLError('UNAUTHENTICATED', 'Your account is gone; sign in again.');
  return {
    emailAvailable: ctx.runtime.emailAvailable,
    emailAddress: row.email,
    email: await emailPreferences(ctx, owner),
    // Read by NotificationSettings.pushPublicKey below, only when selected: the key pair may
    // still be in the making (or its database away), and that must not fail the email settings.
    pushPublicKey: '',
  };
}

/** The owner's notification settings (READ) and email preferences (ADMIN). */
export const emailResolvers: Resolvers = {
  Query: {
    notificationSettings: (_root, _args, ctx) => settingsOf(ctx, requireOwner(ctx, 'read')),
  },
  Mutation: {
    setEmailPreference: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      await setEmailPreference(ctx, owner, input);
      return settingsOf(ctx, owner);
    },
  },
  NotificationSettings: {
    pushPublicKey: (_settings, _args, ctx) => ctx.runtime.push.publicKey(),
  },
};
