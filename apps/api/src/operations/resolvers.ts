import type { Resolvers } from '../generated/graphql.js';
import { requireOwner } from '../lib/context.js';
import { domainError, graphQLError } from '../lib/errors.js';
import { rotateEndpoint } from '../notifications/endpoints-service.js';
import { defineOperation, retireOperation, rotateWebhookSecret } from './service.js';
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
    rotateWebhookSecret: async (_root, { op, endpointId }, ctx) => {
      const owner = requireOwner(ctx, 'admin');
      if ((op == null) === (endpointId == null))
        throw graphQLError('BAD_INPUT', 'Give exactly one of op (a WEBHOOK operation) and endpointId (a notification endpoint).');
      if (endpointId != null) {
        const endpoint = await rotateEndpoint(ctx, owner, endpointId);
        if (!endpoint) return domainError('NotFound', 'NOT_FOUND', 'No webhook endpoint of yours has that id.');
        return { __typename: 'WebhookEndpointSecretRotated', ...endpoint };
      }
      const rotated = await rotateWebhookSecret(ctx, owner, op!);
      if (!rotated) return domainError('NotFound', 'NOT_FOUND', `Your tenant has no WEBHOOK operation "${op}" with a secret to rotate.`);
      return { __typename: 'WebhookSecretRotated', operation: viewOf(rotated.row), webhookSecret: rotated.webhookSecret };
    },
  },
};
