import type { Queryable } from '../../platform/db/sql.js';
import { retryDelayMs } from './retry-delay.js';
import { finishEntry, rescheduleEntry, type ClaimedEntry } from './store.js';

/** What becomes of a claimed row after one attempt: finished (and whether only because its time ran out), or due again after a wait. */
export type Settlement = { kind: 'finish'; gaveUp: boolean } | { kind: 'retry'; delayMs: number };

/**
 * The one retry rule of every outbox channel (a pure function): an attempt
 * that needs no other (`final`: delivered, or failed for good) finishes the
 * row; any other is tried again after `retryDelayMs`, unless that wait would
 * end past the row's `giveUpAt` (24 hours on), in which
 * case the row finishes as given up. Computed before the attempt is recorded,
 * so a channel can say in its error that it gave up.
 */
export function settleAttempt(
  entry: Pick<ClaimedEntry, 'attempt' | 'giveUpAt'>,
  final: boolean,
  retryBaseMs: number,
  now: number = Date.now(),
  random: () => number = Math.random,
): Settlement {
  if (final) return { kind: 'finish', gaveUp: false };
  const delayMs = retryDelayMs(entry.attempt, retryBaseMs, random);
  if (now + delayMs > entry.giveUpAt.getTime()) return { kind: 'finish', gaveUp: true };
  return { kind: 'retry', delayMs };
}

/**
 * Finishes or reschedules the row as settled, fenced by the attempt like
 * every outbox settlement: false when a worker whose lease ran out comes
 * back, so its caller leaves the rest to the one that took over.
 */
export function applySettlement(db: Queryable, entry: Pick<ClaimedEntry, 'id' | 'attempt'>, settlement: Settlement): Promise<boolean> {
  return settlement.kind === 'finish' ? finishEntry(db, entry.id, entry.attempt) : rescheduleEntry(db, entry.id, entry.attempt, settlement.delayMs);
}
