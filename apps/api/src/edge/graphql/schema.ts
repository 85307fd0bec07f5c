import { makeExecutableSchema } from '@graphql-tools/schema';
import { typeDefs } from '@countersign/schema';
import type { GraphQLSchema } from 'graphql';
import type { IResolvers } from '@graphql-tools/utils';
import { agentResolvers } from '../../domains/agents/resolvers.js';
import type { Resolvers } from '../../generated/graphql.js';
import { ownerResolvers } from '../../domains/owners/resolvers.js';
import { AmountScalar, DateTimeScalar, JSONScalar } from './scalars.js';
import { authorityResolvers } from '../../domains/authorities/resolvers.js';
import { registryResolvers } from '../../domains/registry/resolvers.js';
import { repositoryResolvers } from '../../domains/repositories/resolvers.js';
import { signOffResolvers } from '../../domains/signoffs/resolvers.js';
import { riskThresholdResolvers } from '../../domains/signoffs/risk/risk-thresholds-resolvers.js';
import { twoPersonResolvers } from '../../domains/signoffs/two-person/two-person-resolvers.js';
import { signOffRuleResolvers } from '../../domains/signoffs/rules/rules-resolvers.js';
import { operationResolvers } from '../../domains/operations/resolvers.js';
import { authResolvers } from '../auth/resolvers.js';
import { setupResolvers } from '../../domains/setup/resolvers.js';
import { ownerTokenResolvers } from '../../domains/owner-tokens/resolvers.js';
import { notificationResolvers } from '../../delivery/notifications/resolvers.js';
import { invitationResolvers } from '../../domains/owners/invitations-resolvers.js';
import { ownerProposalResolvers } from '../../domains/signoffs/two-person/owner-proposals-resolvers.js';
import { auditResolvers } from '../../domains/audit/resolvers.js';
import { auditSignerResolvers } from '../../jobs/audit-signer/resolvers.js';
import { oauthResolvers } from '../../domains/oauth/resolvers.js';

const domains: Resolvers[] = [
  authResolvers,
  setupResolvers,
  ownerResolvers,
  invitationResolvers,
  ownerTokenResolvers,
  agentResolvers,
  oauthResolvers,
  repositoryResolvers,
  signOffResolvers,
  ownerProposalResolvers,
  riskThresholdResolvers,
  twoPersonResolvers,
  signOffRuleResolvers,
  operationResolvers,
  authorityResolvers,
  registryResolvers,
  ...notificationResolvers,
  auditResolvers,
  auditSignerResolvers,
];

/** Unions and interfaces resolve by the `__typename` every result carries. */
const byTypename = { __resolveType: (value: { __typename: string }) => value.__typename };

/** The executable schema: the SDL package's type definitions and every domain's resolvers. */
export function buildSchema(): GraphQLSchema {
  const abstractTypes = [...typeDefs.matchAll(/^(?:union|interface) (\w+)/gm)].map((match) => match[1]!);
  return makeExecutableSchema({
    typeDefs,
    resolvers: [
      { DateTime: DateTimeScalar, JSON: JSONScalar, Amount: AmountScalar },
      Object.fromEntries(abstractTypes.map((name) => [name, byTypename])),
      ...(domains as IResolvers[]),
    ],
    inheritResolversFromInterfaces: true,
  });
}
