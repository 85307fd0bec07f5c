/**
 * Telling "the database could not serve this request" apart from a bug.
 *
 * A restart, a failover, an administrator's `pg_terminate_backend` or an
 * exhausted pool fails the requests that were using the database at that
 * moment. Those are answered `UNAVAILABLE` (503, Retry-After) so a client
 * retries; they are not faults of ours to mask as INTERNAL.
 */

/** SQLSTATEs that mean the connection or the server went away, or a bounded wait ran out. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: terminated by an administrator or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '55P03', // lock_not_available: lock_timeout passed
  '57014', // query_canceled: statement_timeout passed
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure: a retry will do
  '40P01', // deadlock_detected: a retry will do
  '3D000', // invalid_catalog_name: the database is gone (dropped, or not yet restored)
]);

/** SQLSTATE class 08: connection exceptions. */
const CONNECTION_EXCEPTION_CLASS = '08';

/** Socket-level failures reaching the database. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres and pg-pool word these without a code. */
const UNAVAILABLE_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /Cannot use a pool after calling end/i,
  /terminating connection/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
  /Server has closed the connection/i,
  /Can't reach database server/i,
  /Query read timeout/i,
  /database readiness probe timed out/i,
];

/** Prisma's codes for the same conditions (P1001 unreachable, P1017 closed, P2024 pool timeout). */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** Prisma driver-adapter error kinds for the same conditions. */
const UNAVAILABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections', 'TransactionWriteConflict']);

/** True when `error` (or anything in its cause chain) says the database could not serve the request. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && !seen.has(current)) {
    seen.add(current);
    // Prisma's adapter errors carry some causes as bare strings.
    if (typeof current === 'string') return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(current as string));
    if (typeof current !== 'object') return false;
    const candidate = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      originalError?: unknown;
      kind?: unknown;
      originalCode?: unknown;
      meta?: { driverAdapterError?: unknown };
    };
    for (const code of [candidate.code, candidate.originalCode]) {
      if (
        typeof code === 'string' &&
        (UNAVAILABLE_STATES.has(code) ||
          (code.length === 5 && code.startsWith(CONNECTION_EXCEPTION_CLASS)) ||
          UNAVAILABLE_ERRNOS.has(code) ||
          PRISMA_CODES.has(code))
      )
        return true;
    }
    if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(candidate.message as string))) return true;
    if (typeof candidate.kind === 'string' && UNAVAILABLE_KINDS.has(candidate.kind)) return true;
    current = candidate.originalError ?? candidate.meta?.driverAdapterError ?? candidate.cause;
  }
  return false;
}

/** Seconds a client should wait before retrying a request refused as UNAVAILABLE. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1;

/** Said before anything ran (authentication, an idempotency claim): nothing was done. */
export const UNAVAILABLE_MESSAGE = 'The database is unavailable for the moment; nothing was done. Retry shortly.';

/**
 * Said when the failure came while the operation ran: a write may have
 * committed before a later read failed (a decision is committed before its
 * deed runs), so the answer must not claim nothing happened.
 */
export const UNAVAILABLE_DURING_MESSAGE =
  'The database became unavailable while this ran; it may or may not have taken effect. Read the current state before acting again (a retry with the same Idempotency-Key is always safe).';
