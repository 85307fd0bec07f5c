import type { Resolvers } from '../../../generated/graphql.js';
import { requireOwner } from '../../../platform/lib/context.js';
import { domainError, limitReached } from '../../../platform/lib/errors.js';
import { listOwnerDevices, registerDevice, removeDevice } from './devices-service.js';
import { MAX_DEVICES_PER_OWNER } from './devices-store.js';

/** Push devices (docs/notifications.md): the list needs READ; registering and removing ADMIN. */
export const pushResolvers: Resolvers = {
  Query: {
    pushDevices: (_root, _args, ctx) => ctx.loaders.once('list:pushDevices', () => listOwnerDevices(ctx, requireOwner(ctx, 'read'))),
  },
  Mutation: {
    registerPushDevice: async (_root, { input }, ctx) => {
      const device = await registerDevice(ctx, requireOwner(ctx, 'admin'), input);
      if (device === 'limit-reached')
        return limitReached('PUSH_DEVICES_PER_OWNER', MAX_DEVICES_PER_OWNER, `You have ${MAX_DEVICES_PER_OWNER} push devices already: remove one first.`);
      return { __typename: 'PushDeviceRegistered', device };
    },
    removePushDevice: async (_root, { id }, ctx) => {
      const removed = await removeDevice(ctx, requireOwner(ctx, 'admin'), id);
      return removed ? { __typename: 'PushDeviceRemoved', id } : domainError('NotFound', 'NOT_FOUND', 'No push device of yours has that id.');
    },
  },
};
