import type pg from 'pg';
import type { Logger } from '../../platform/logger.js';
import { claimDue, type ClaimedEntry } from './store.js';
import { detached, inDeliverySpan } from '../../platform/telemetry/spans.js';
import { asJob } from '../../platform/log-scope.js';

/** Delivers one claimed row and settles it (its own transactions); a throw leaves the row to come back when its lease ends. */
export type DeliverEntry = (entry: ClaimedEntry) => Promise<void>;

export interface OutboxWorkerOptions {
  /** How often an idle worker looks for due rows (rows written by other instances, retries coming due). */
  pollMs: number;
  /** How long a claim holds before another instance may take the row over: above the longest delivery. */
  leaseMs: number;
  /** Deliveries in flight at once, per instance. */
  concurrency: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxWorkerOptions = { pollMs: 1000, leaseMs: 30_000, concurrency: 8 };

export interface OutboxWorker {
  /** A row is due now (written by this instance): look at once rather than at the next poll. */
  wake(): void;
  /** Stops claiming and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

/**
 * The outbox's delivery loop, one per instance, no leader: every instance
 * claims due rows with a short committed lease and delivers them with no
 * database connection held while it waits on the receiver. Correct with any
 * number of instances by construction (SKIP LOCKED claims, fenced
 * settlements); a crash anywhere repeats a delivery, never loses one.
 */
export function startOutboxWorker(pool: pg.Pool, deliver: DeliverEntry, log: Logger, options: OutboxWorkerOptions = DEFAULT_OUTBOX_OPTIONS): OutboxWorker {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let looking = false;
  let again = false;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void look(), ms);
    timer.unref();
  };

  // Each look is a run of job `outbox`, each delivery one of `outbox-delivery`: a wake from a request, or the timer
  // it armed, must not put that request's id on the lines (platform/log-scope.ts).
  const look = (): Promise<void> => asJob('outbox', lookOnce);
  const lookOnce = async (): Promise<void> => {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    again = false;
    let claimed = 0;
    try {
      const room = options.concurrency - inFlight.size;
      const entries = room > 0 ? await claimDue(pool, room, options.leaseMs) : [];
      claimed = entries.length;
      for (const entry of entries) {
        // A span per delivery while tracing is on (platform/telemetry/spans.ts): its statements and the send are its children.
        const delivery = asJob('outbox-delivery', () => inDeliverySpan(entry.channel, entry.attempt, () => deliver(entry)))
          .catch((error: unknown) => {
            log.warn({ outboxId: entry.id, err: (error as Error).message }, 'a delivery failed to settle; it comes back when its lease ends');
          })
          .finally(() => {
            inFlight.delete(delivery);
            // A slot is free: more may be waiting.
            if (!stopped) void look();
          });
        inFlight.add(delivery);
      }
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'could not claim outbox rows; trying again');
    } finally {
      looking = false;
    }
    // A full batch or a wake during the look: look again at once; else wait for the next poll.
    schedule(again || (claimed > 0 && inFlight.size < options.concurrency) ? 0 : options.pollMs);
  };

  schedule(0);
  return {
    wake: () => {
      // Outside the waking request's trace (when tracing): the claim is the worker's, not the request's.
      if (!stopped) void detached(look);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.all([...inFlight]);
    },
  };
}
