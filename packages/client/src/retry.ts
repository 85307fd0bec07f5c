import { CountersignError } from './errors.js';

/**
 * How the client retries a write whose outcome it could not learn. Each
 * retry carries the call's one `Idempotency-Key`, so a write that did land
 * is answered from the API's record rather than run twice.
 */
export interface RetryOptions {
  /**
   * Attempts per call, the first included (default 3); 1 turns retries off.
   * Applies to writes only: reads fail at once, and `waitForDecision` has its
   * own reconnection and polling.
   */
  attempts?: number;
  /**
   * The wait before the first retry after a transport failure (a network
   * error or a 5xx answer), in milliseconds (default 250); doubled for each
   * further one, with up to as much again of random jitter so many agents
   * that failed together do not retry together.
   */
  backoffMs?: number;
  /**
   * The longest the client waits between attempts (default 30 000 ms). When
   * the API's `Retry-After` asks for longer, the call gives up at once with
   * that error (its `retryAfterMs` and `idempotencyKey` set), leaving the
   * wait to the caller.
   */
  maxDelayMs?: number;
}

export const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 3, backoffMs: 250, maxDelayMs: 30_000 };

/**
 * How long to wait before attempt `attempt + 1` after `error`, or undefined
 * when the error is final. Retried: failures after which the write may or
 * may not have landed (no answer, or a 5xx one), and `IDEMPOTENCY_KEY_IN_USE`
 * (the same write still running elsewhere). A `Retry-After` from the server
 * sets the wait; otherwise it backs off. Everything else (refusals, bad input, a reused key) would answer the same
 * again.
 */
export function retryDelay(error: unknown, attempt: number, options: Required<RetryOptions>): number | undefined {
  if (attempt >= options.attempts || !(error instanceof CountersignError)) return undefined;
  const unanswered = error.status === undefined ? error.code === 'TRANSPORT' : error.status >= 500;
  if (!unanswered && error.code !== 'IDEMPOTENCY_KEY_IN_USE') return undefined;
  if (error.retryAfterMs !== undefined) return error.retryAfterMs <= options.maxDelayMs ? error.retryAfterMs : undefined;
  const backoff = options.backoffMs * 2 ** (attempt - 1);
  return Math.min(options.maxDelayMs, backoff + Math.random() * backoff);
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
