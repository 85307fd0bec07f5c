import { query, type Queryable } from '../../platform/db/sql.js';

/**
 * What an outbox row carries: an approved WEBHOOK request (`webhook`), a
 * notification event to fan out (`event`), or one notification to an
 * owner's endpoint, inbox, digest or device.
 */
export const OUTBOX_CHANNELS = ['webhook', 'event', 'endpoint', 'email', 'digest', 'push'] as const;

export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** One channel's backlog: its rows waiting to be delivered, and the oldest's age. */
export interface ChannelBacklog {
  channel: string;
  depth: number;
  oldestAgeSeconds: number;
}

/**
 * The outbox's backlog per channel, over every tenant, in channel order:
 * what `countersign status` prints and the outbox gauges report. Open rows
 * that are due or were tried only, through outbox_due's partial index
 * (done_at IS NULL): a request's reminders wait days to fall due and are no
 * backlog. Age counts from when a row fell due.
 */
export function readOutboxBacklog(db: Queryable): Promise<ChannelBacklog[]> {
  return query<ChannelBacklog>(
    db,
    `/* outboxBacklog */
    SELECT channel, count(*)::int AS depth,
           COALESCE(extract(epoch FROM now() - min(CASE WHEN attempts = 0 THEN due_at ELSE created_at END)), 0)::float8 AS "oldestAgeSeconds"
      FROM outbox WHERE done_at IS NULL AND (attempts > 0 OR due_at <= now()) GROUP BY channel ORDER BY channel`,
  );
}

/** One claimed outbox row: what to deliver, and which attempt this is. */
export interface ClaimedEntry {
  id: string;
  tenantId: string;
  channel: OutboxChannel;
  signOffId: string | null;
  /** Notification rows: the event's stable id (webhook-id, Message-ID, push tag), its name and when it happened. */
  eventId: string | null;
  event: string | null;
  eventAt: Date | null;
  target: string;
  payload: string;
  /** This attempt's number; also the fence a settlement must match (a later claim bumps it). */
  attempt: number;
  giveUpAt: Date;
}

/**
 * Claims due rows, in its own brief transaction: each claimed row's `due_at`
 * moves a lease ahead and its attempt count goes up, and that commits before
 * anything is sent. Another instance skips rows being claimed (SKIP LOCKED)
 * and does not see a leased row as due until the lease runs out — which is
 * how a crashed worker's rows come back.
 */
export function claimDue(db: Queryable, limit: number, leaseMs: number): Promise<ClaimedEntry[]> {
  return query<ClaimedEntry>(
    db,
    `/* claimDue */
    UPDATE outbox o SET due_at = now() + $2 * interval '1 millisecond', attempts = o.attempts + 1
      FROM (SELECT n.id FROM outbox n
             WHERE n.done_at IS NULL /* guard: a finished row is never claimed */ AND n.due_at <= now() /* guard: a leased row is not due */
               -- A request's notifications reach each target in the order they happened: one waits while an
               -- earlier one to the same target (or an earlier event not yet fanned out) is undelivered.
               AND (n.sign_off_id IS NULL OR n.channel IN ('webhook', 'event') OR NOT EXISTS (
                     SELECT 1 FROM outbox p
                      WHERE p.tenant_id = n.tenant_id AND p.sign_off_id = n.sign_off_id AND p.done_at IS NULL AND p.event_id IS NOT NULL
                        AND p.event_at < n.event_at AND (p.channel = 'event' OR (p.channel = n.channel AND p.target = n.target))))
             ORDER BY n.due_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
     WHERE o.id = due.id
    RETURNING o.id, o.tenant_id AS "tenantId", o.channel, o.sign_off_id AS "signOffId", o.target, o.payload,
              o.event_id AS "eventId", o.event, o.event_at AS "eventAt",
              o.attempts AS attempt, o.give_up_at AS "giveUpAt"`,
    [limit, leaseMs],
  );
}

/** Records one attempt (a repeat of the same attempt number is ignored). */
export async function recordAttempt(
  db: Queryable,
  attempt: { outboxId: string; attempt: number; status: number | null; latencyMs: number; error: string | null; response?: string | null },
): Promise<void> {
  await query(
    db,
    `/* recordAttempt */
    INSERT INTO outbox_attempts (outbox_id, attempt, status, latency_ms, error, response) VALUES ($1::uuid, $2, $3, $4, $5, $6)
    ON CONFLICT (outbox_id, attempt) DO NOTHING`,
    [
      attempt.outboxId,
      attempt.attempt,
      attempt.status,
      Math.max(0, Math.round(attempt.latencyMs)),
      attempt.error?.slice(0, 1000) ?? null,
      attempt.response?.slice(0, 1000) ?? null,
    ],
  );
}

/**
 * Finishes a row, fenced by the attempt that claimed it: a worker whose
 * lease ran out (and whose row another worker has claimed since) changes
 * nothing. True when this attempt finished it.
 */
export async function finishEntry(db: Queryable, id: string, attempt: number): Promise<boolean> {
  const rows = await query(
    db,
    `/* finishEntry */
    UPDATE outbox SET done_at = now()
     WHERE id = $1::uuid AND attempts = $2 /* guard: only the latest claim settles */ AND done_at IS NULL /* guard: finished once */
    RETURNING id`,
    [id, attempt],
  );
  return rows.length === 1;
}

/**
 * Makes the row due again after `delayMs`, fenced like `finishEntry`. A
 * request's later notifications to the same target wait for this one
 * (claimDue keeps them in order), so they are deferred with it: rather than
 * stay due and be passed over by every claim while a receiver is down.
 */
export async function rescheduleEntry(db: Queryable, id: string, attempt: number, delayMs: number): Promise<boolean> {
  const rows = await query(
    db,
    `/* rescheduleEntry */
    WITH moved AS (
      UPDATE outbox SET due_at = now() + $3 * interval '1 millisecond'
       WHERE id = $1::uuid AND attempts = $2 /* guard: only the latest claim settles */ AND done_at IS NULL /* guard: finished once */
      RETURNING id, tenant_id, channel, target, sign_off_id, event_at, due_at
    ), later AS (
      UPDATE outbox o SET due_at = moved.due_at FROM moved
       WHERE moved.sign_off_id IS NOT NULL AND moved.event_at IS NOT NULL AND o.tenant_id = moved.tenant_id AND o.sign_off_id = moved.sign_off_id
         AND o.channel = moved.channel AND o.target = moved.target AND o.done_at IS NULL AND o.event_at > moved.event_at AND o.due_at < moved.due_at
    )
    SELECT id FROM moved`,
    [id, attempt, Math.max(0, Math.round(delayMs))],
  );
  return rows.length === 1;
}

/**
 * Deletes notification rows delivered (or given up) more than 30 days ago,
 * with their attempts, a batch at a time: the history an owner sees of an
 * endpoint is recent, and a table that only grows would slow every claim.
 * WEBHOOK-operation rows stay: their attempts are part of a request's record.
 */
export async function deleteOldNotifications(db: Queryable, limit = 1000): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    `/* deleteOldNotifications */
    WITH old AS (
      SELECT id FROM outbox WHERE event_id IS NOT NULL AND done_at < now() - interval '30 days' ORDER BY done_at LIMIT $1
    ), attempts AS (
      DELETE FROM outbox_attempts WHERE outbox_id IN (SELECT id FROM old)
    ), gone AS (
      DELETE FROM outbox WHERE id IN (SELECT id FROM old) RETURNING 1
    )
    SELECT count(*)::int AS n FROM gone`,
    [limit],
  );
  return rows[0]?.n ?? 0;
}
