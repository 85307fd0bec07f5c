import type { Resolvers } from '../../generated/graphql.js';
import { requireOwner } from '../../platform/lib/context.js';
import { domainError, limitReached } from '../../platform/lib/errors.js';
import { freshlyAuthenticated, reauthenticationRequired } from '../owners/fresh-authentication.js';
import { defineOperation, retireOperation } from './service.js';
import { findLatest, viewOf } from './store.js';

const noSuchOperation = (op: string) => domainError('NotFound', 'NOT_FOUND', `Your tenant has no defined operation "${op}".`);

export const operationResolvers: Resolvers = {
  Mutation: {
    defineOperation: async (_root, { input }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      // Where a WEBHOOK operation sends approved inputs is where the tenant's data goes: setting or changing it needs a fresh password (OT4).
      if (!(await freshlyAuthenticated(ctx, owner))) {
        const latest = input.runner === 'WEBHOOK' ? null : await findLatest(ctx.scope.reads, owner.tenantId, input.op);
        if (input.runner === 'WEBHOOK' || (latest?.webhookUrl ?? null) !== (input.webhookUrl ?? null)) {
          return reauthenticationRequired('Defining a WEBHOOK operation, or changing its webhookUrl,');
        }
      }
      const outcome = await defineOperation(ctx, owner, input);
      if ('limitReached' in outcome)
        return limitReached(
          'OPERATIONS_PER_TENANT',
          outcome.limitReached,
          `Your tenant has ${outcome.limitReached} live operations already: retire one first.`,
        );
      return { __typename: 'OperationDefined', operation: viewOf(outcome.row), created: outcome.created, webhookSecret: outcome.webhookSecret };
    },
    retireOperation: async (_root, { op }, ctx) => {
      const row = await retireOperation(ctx, requireOwner(ctx, 'admin'), op);
      return row ? { __typename: 'OperationRetirement', operation: viewOf(row) } : noSuchOperation(op);
    },
  },
};
