import type { Resolvers } from '../../generated/graphql.js';

/** STUB: notificationSettings, setEmailPreference. */
export const emailResolvers: Resolvers = {};
