import { HeaderMap } from '@apollo/server';
import { GraphQLError } from 'graphql';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import type { ErrorCode, LimitName } from '../../generated/graphql.js';

/**
 * The transport status of every code, in one table: a GraphQL error carrying
 * the code is answered with this HTTP status; a domain error (returned as
 * data) travels with 200 like any other result.
 */
export const HTTP_STATUS: Record<ErrorCode, number> = {
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_INPUT: 400,
  NAME_TAKEN: 409,
  SETUP_CLOSED: 409,
  INVITATION_INVALID: 409,
  TOO_MANY_PENDING: 429,
  RECENTLY_DENIED: 429,
  NOT_BATCHABLE: 409,
  REAUTHENTICATION_REQUIRED: 403,
  SECOND_APPROVER_REQUIRED: 409,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 409,
  SIGN_OFF_CLOSED: 409,
  EXHAUSTED: 409,
  REVOKED: 409,
  EXPIRED: 409,
  NOT_YET_VALID: 409,
  DISPATCH_KEY_REUSED: 422,
  MANIFEST_VERSION_TAKEN: 409,
  BAD_ATTESTATION: 422,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  SECRET_UNAVAILABLE: 410,
  TERMS_CONFLICT: 409,
  PER_DRAW_CAP_EXCEEDED: 409,
  UNAVAILABLE: 503,
  OPERATION_RETIRED: 409,
  ALREADY_REDEEMED: 409,
  INPUT_MISMATCH: 422,
  GRANT_LAPSED: 410,
  INTERNAL: 500,
};

const CODES = new Set(Object.keys(HTTP_STATUS));

/** True when `code` belongs to the closed enum (and so may reach a client). */
export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && CODES.has(code);
}

/** An exceptional failure: a GraphQL error whose `extensions.code` is from the enum. */
export function graphQLError(code: ErrorCode, message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code, http: { status: HTTP_STATUS[code] } } });
}

/**
 * A refusal the client should retry after a pause (RATE_LIMITED,
 * UNAVAILABLE): its status and a Retry-After header travel with it, also
 * from where no plugin runs (context creation).
 */
export function retryLaterError(code: 'RATE_LIMITED' | 'UNAVAILABLE', message: string, retryAfterSeconds: number): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, http: { status: HTTP_STATUS[code], headers: new HeaderMap([['retry-after', String(retryAfterSeconds)]]) } },
  });
}

/**
 * What to throw for a failure before an operation ran: a database that could
 * not answer becomes UNAVAILABLE (503, nothing was done); anything else stays
 * as it is, for the edge to mask.
 */
export function refusalBeforeRunning(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? retryLaterError('UNAVAILABLE', UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS) : error;
}

/** A domain error value for a result union. */
export function domainError<T extends string>(typename: T, code: ErrorCode, message: string) {
  return { __typename: typename, code, message } as const;
}

/** A cap met, as data (`LimitReached`, LIMIT_REACHED): which cap, and how many it allows. */
export function limitReached(limit: LimitName, max: number, message: string) {
  return { ...domainError('LimitReached', 'LIMIT_REACHED', message), limit, max };
}
