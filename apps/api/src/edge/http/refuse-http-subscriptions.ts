import type { ApolloServerPlugin } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import { graphQLError } from '../../platform/lib/errors.js';

/**
 * A `subscription` sent over HTTP POST is the client's mistake, refused as
 * BAD_INPUT (400) before anything runs: executed, its resolvers would meet
 * no event and fail as INTERNAL.
 */
export function refuseHttpSubscriptionsPlugin(): ApolloServerPlugin {
  return {
    requestDidStart: async () => ({
      didResolveOperation: async ({ operation }) => {
        if (operation?.operation === OperationTypeNode.SUBSCRIPTION) {
          throw graphQLError('BAD_INPUT', 'Subscriptions are served over the WebSocket on /graphql (graphql-ws), not over HTTP.');
        }
      },
    }),
  };
}
