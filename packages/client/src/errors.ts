import type { ErrorCode } from './gql/graphql.js';
import type { SignOff } from './types.js';

/**
 * Codes the API can answer with, as a domain error's `code` or a GraphQL
 * error's `extensions.code`: the schema's `enum ErrorCode`, as the codegen
 * reads it, so a code the API adds is one the client knows.
 */
export type ApiErrorCode = ErrorCode;

/**
 * Codes the client adds for failures that never became a GraphQL answer:
 * - `TRANSPORT`: the server could not be reached or did not answer GraphQL;
 *   retrying later may help.
 * - `TIMEOUT`: `waitForDecision` ran out of its `timeoutMs`; the request is
 *   still pending and can be waited for again.
 * - `CLOSED`: the client was closed while the call was in progress.
 * - `INVALID_APPROVAL`: `verifyApproval` was given a token that does not
 *   hold (signature, expiry, issuer or an expected claim); do not act on it.
 */
export type ClientErrorCode = 'TRANSPORT' | 'TIMEOUT' | 'CLOSED' | 'INVALID_APPROVAL';

/** Every code a {@link CountersignError} can carry. */
export type CountersignErrorCode = ApiErrorCode | ClientErrorCode;

/** Extra facts about a failure, when known. */
export interface CountersignErrorDetails {
  /** The HTTP status of the answer that carried the error. */
  status?: number;
  /** For `SIGN_OFF_CLOSED`, `ALREADY_REDEEMED` and `GRANT_LAPSED`: the request as it now stands. */
  signOff?: SignOff;
  /**
   * The `Idempotency-Key` the failed write was sent with. When a write gives
   * up (`TRANSPORT`, `INTERNAL`, `IDEMPOTENCY_KEY_IN_USE`), whether it landed
   * is unknown: calling again with this key (the `idempotencyKey` option) is
   * answered with the first outcome if it did, and runs it once if it did not.
   */
  idempotencyKey?: string;
  /** For `IDEMPOTENCY_KEY_IN_USE` (and any answer with `Retry-After`): how long the server asked to wait. */
  retryAfterMs?: number;
  /**
   * For `IDEMPOTENCY_KEY_REUSED`: the parts of this call that differ from the
   * first one sent with the key (`input.summary`, say), as the API names
   * them; empty when it cannot tell (a key from before it kept the parts).
   */
  differs?: string[];
  cause?: unknown;
}

/**
 * The one error type every method of the client throws, so an agent can
 * branch on `code` (e.g. back off on `TOO_MANY_PENDING`, give up on
 * `UNAUTHENTICATED`) without parsing messages. Domain refusals the API
 * returns as data and exceptional GraphQL errors both arrive as this.
 */
export class CountersignError extends Error {
  override readonly name = 'CountersignError';
  /** See {@link CountersignErrorCode}. */
  readonly code: CountersignErrorCode;
  readonly status: number | undefined;
  readonly signOff: SignOff | undefined;
  /** See {@link CountersignErrorDetails.idempotencyKey}. */
  readonly idempotencyKey: string | undefined;
  /** See {@link CountersignErrorDetails.retryAfterMs}. */
  readonly retryAfterMs: number | undefined;
  /** See {@link CountersignErrorDetails.differs}. */
  readonly differs: string[] | undefined;

  constructor(code: CountersignErrorCode, message: string, details: CountersignErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.status = details.status;
    this.signOff = details.signOff;
    this.idempotencyKey = details.idempotencyKey;
    this.retryAfterMs = details.retryAfterMs;
    this.differs = details.differs;
  }
}

/** True when `error` is a {@link CountersignError}, optionally with one of `codes`. */
export function isCountersignError(error: unknown, ...codes: CountersignErrorCode[]): error is CountersignError {
  return error instanceof CountersignError && (codes.length === 0 || codes.includes(error.code));
}
