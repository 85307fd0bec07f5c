import type { Resolvers } from '../../generated/graphql.js';

/** STUB: pushDevices, registerPushDevice, removePushDevice. */
export const pushResolvers: Resolvers = {};
