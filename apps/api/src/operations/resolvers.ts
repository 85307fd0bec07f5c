import type { Resolvers } from '../generated/graphql.js';
import { requireOwner } from '../lib/context.js';
import { domainError } from '../lib/errors.js';
import { defineOperation, retireOperation } from './service.js';
import { viewOf } from './store.js';

const noSuchOperation = (op: string) => domainError('NotFound', 'NOT_FOUND', `Your tenant has no defined operation "${op}".`);

export const operationResolvers: Resolvers = {
  Mutation: {
    defineOperation: async (_root, { input }, ctx) => {
      const outcome = await defineOperation(ctx, requireOwner(ctx, 'admin'), input);
      return { __typename: 'OperationDefined', operation: viewOf(outcome.row), created: outcome.created, webhookSecret: outcome.webhookSecret };
    },
    retireOperation: async (_root, { op }, ctx) => {
      const row = await retireOperation(ctx, requireOwner(ctx, 'admin'), op);
      return row ? { __typename: 'OperationRetirement', operation: viewOf(row) } : noSuchOperation(op);
    },
  },
};
