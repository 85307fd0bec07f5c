import { Counter, Histogram } from 'prom-client';
import type { InRegistry } from './request-metrics.js';

/** Seconds: owners decide in minutes to hours. */
const DECISION_BUCKETS = [10, 30, 60, 300, 900, 1800, 3600, 4 * 3600, 12 * 3600, 24 * 3600, 3 * 24 * 3600];

/**
 * What the domain's operations came to, read off their results by the
 * GraphQL plugin: sign-off decisions and how long they took, draws on
 * standing authorities, idempotent replays and conflicts, sign-in refusals.
 */
export function outcomeMetrics(on: InRegistry) {
  const decisions = new Histogram({
    name: 'countersign_sign_off_decision_seconds',
    help: 'Time from a sign-off request to its decision, observed when an owner’s decision commits, by decision',
    labelNames: ['decision'],
    buckets: DECISION_BUCKETS,
    ...on,
  });
  const draws = new Counter({
    name: 'countersign_draws_total',
    help: 'Draws on standing authorities, by outcome (drawn, replayed, or the refusal’s code in lower case)',
    labelNames: ['outcome'],
    ...on,
  });
  const idempotencyReplays = new Counter({
    name: 'countersign_idempotency_replays_total',
    help: 'Requests answered from a stored answer (Idempotent-Replayed)',
    ...on,
  });
  const idempotencyConflicts = new Counter({
    name: 'countersign_idempotency_conflicts_total',
    help: 'Idempotency-Key refusals: key_reused (another request) or key_in_use (its twin still running)',
    labelNames: ['code'],
    ...on,
  });
  const signInThrottled = new Counter({
    name: 'countersign_sign_in_throttled_total',
    help: 'Sign-ins and reauthentications refused RATE_LIMITED, by which limit: address_from_client, client, or busy (too many passwords being checked)',
    labelNames: ['by'],
    ...on,
  });
  // Seeded, so a rate over a series that has not moved yet reads 0 rather than nothing.
  for (const code of ['key_reused', 'key_in_use']) idempotencyConflicts.inc({ code }, 0);
  for (const by of ['address_from_client', 'client', 'busy']) signInThrottled.inc({ by }, 0);
  idempotencyReplays.inc(0);
  return {
    decided(decision: 'approved' | 'denied', seconds: number) {
      decisions.observe({ decision }, Math.max(0, seconds));
    },
    drew(outcome: string) {
      draws.inc({ outcome });
    },
    idempotencyReplayed() {
      idempotencyReplays.inc();
    },
    idempotencyConflict(code: 'key_reused' | 'key_in_use') {
      idempotencyConflicts.inc({ code });
    },
    signInThrottled(by: 'address_from_client' | 'client' | 'busy') {
      signInThrottled.inc({ by });
    },
  };
}
