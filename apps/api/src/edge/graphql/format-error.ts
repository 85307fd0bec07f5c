import type { GraphQLFormattedError } from 'graphql';
import { unwrapResolverError } from '@apollo/server/errors';
import type { Logger } from '../../platform/logger.js';
import { isErrorCode } from '../../platform/lib/errors.js';
import { isDatabaseUnavailable, UNAVAILABLE_DURING_MESSAGE } from '../../platform/db/unavailable.js';

/** Apollo's own codes for a request the client got wrong. */
const CLIENT_FAULTS = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/**
 * The edge every error passes: codes of our enum go out as they are; a
 * client's mistake is reported as BAD_INPUT with its message; anything else
 * is a fault of ours, logged in full and masked.
 */
export function createErrorFormatter(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code;
    if (isErrorCode(code)) return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
    if (typeof code === 'string' && CLIENT_FAULTS.has(code)) {
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_INPUT' } };
    }
    const cause = unwrapResolverError(error);
    // A dropped connection or a bounded wait that ran out: the client should retry, not report a bug.
    if (isDatabaseUnavailable(cause)) {
      log.warn({ err: cause instanceof Error ? cause.message : String(cause), path: formatted.path }, 'database unavailable');
      return { message: UNAVAILABLE_DURING_MESSAGE, path: formatted.path, extensions: { code: 'UNAVAILABLE' } };
    }
    log.error({ err: cause instanceof Error ? { message: cause.message, stack: cause.stack } : String(cause), path: formatted.path }, 'internal error');
    return { message: 'Internal error: the failure has been logged.', path: formatted.path, extensions: { code: 'INTERNAL' } };
  };
}
