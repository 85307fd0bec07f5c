import type { Resolvers } from '../../../generated/graphql.js';
import { requireOwner } from '../../../platform/lib/context.js';
import { freshlyAuthenticated, reauthenticationRequired } from '../../owners/fresh-authentication.js';
import { moneyRiskThresholds, setMoneyRiskThreshold } from './risk-thresholds.js';

/** The owner's money thresholds (READ to see, ADMIN to change): docs/sign-offs.md, S15. */
export const riskThresholdResolvers: Resolvers = {
  Query: {
    moneyRiskThresholds: (_root, _args, ctx) => moneyRiskThresholds(ctx.scope.reads, requireOwner(ctx, 'read')),
  },
  Mutation: {
    setMoneyRiskThreshold: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      // A threshold decides which requests are HIGH, and so which need a fresh password: moving it needs one (OT4).
      if (!(await freshlyAuthenticated(ctx, owner))) return reauthenticationRequired('Changing a money threshold');
      const thresholds = await setMoneyRiskThreshold(ctx, owner, input);
      return { __typename: 'MoneyRiskThresholdSet', thresholds };
    },
  },
};
