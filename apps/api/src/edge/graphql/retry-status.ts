import type { ApolloServerPlugin } from '@apollo/server';
import type { Context } from '../../platform/lib/context.js';
import { HTTP_STATUS } from '../../platform/lib/errors.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../platform/db/unavailable.js';

/**
 * An error masked at the edge as UNAVAILABLE (a dropped database connection,
 * a lock or statement timeout) carries no HTTP status of its own: give the
 * response 503 and a Retry-After, so HTTP clients and load balancers retry it.
 */
export function retryStatusPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const codes = new Set((response.body.singleResult.errors ?? []).map((error) => error.extensions?.code));
          if (!codes.has('UNAVAILABLE')) return;
          response.http.status = HTTP_STATUS.UNAVAILABLE;
          if (!response.http.headers.has('retry-after')) response.http.headers.set('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}
