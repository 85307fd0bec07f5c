import type { Resolvers } from '../generated/graphql.js';
import { requireOwner } from '../lib/context.js';
import { moneyRiskThresholds, setMoneyRiskThreshold } from './risk-thresholds.js';

/** The owner's money thresholds (READ to see, ADMIN to change): docs/sign-offs.md, S15. */
export const riskThresholdResolvers: Resolvers = {
  Query: {
    moneyRiskThresholds: (_root, _args, ctx) => moneyRiskThresholds(ctx.scope.reads, requireOwner(ctx, 'read')),
  },
  Mutation: {
    setMoneyRiskThreshold: async (_root, { input }, ctx) => {
      const thresholds = await setMoneyRiskThreshold(ctx, requireOwner(ctx, 'admin'), input);
      return { __typename: 'MoneyRiskThresholdSet', thresholds };
    },
  },
};
