/**
 * The root of each feature's TanStack Query keys, in one table. A feature
 * whose change must refresh another's lists (a decision moves a
 * repository, an owner's invitation is a request) invalidates that root
 * from here, without importing the other feature: features then depend on
 * one another only where one shows the other's data.
 */
export const QUERY_ROOTS = {
  agents: ['agents'],
  authorities: ['authorities'],
  operations: ['operations'],
  ownerTokens: ['owner-tokens'],
  owners: ['owners'],
  registry: ['registry'],
  repositories: ['repositories'],
  session: ['session'],
  signOffs: ['signOffs'],
} as const;
