import { randomUUID } from 'node:crypto';
import { query, type Queryable } from '../../../platform/db/sql.js';
import type { Notice } from '../notice.js';
import { digestEntryOf, parseDigestEntry, type DigestEntry } from './digest-render.js';

/**
 * How a digest and the entries joining it stay consistent (docs/notifications.md).
 *
 * An owner has at most one waiting digest row (`outbox_one_waiting_digest`).
 * `addToDigest` runs in the fan-out's transaction T: it inserts the entry
 * (unbound) and then upserts the waiting row, taking its row lock (ON
 * CONFLICT DO UPDATE, not DO NOTHING, precisely for that lock). The
 * deliverer binds the waiting entries in one transaction (under the digest
 * row's lock, fenced by its attempt), sends without a transaction, then in
 * a second transaction S finishes the row (an UPDATE: the same lock) and
 * looks for entries still unbound; any found get a new waiting row.
 *
 * Why no entry is stranded: T and S both lock the digest row.
 *  - T locks it first: S's finish waits until T commits; S's next statement
 *    then sees T's entry and writes a new row for it.
 *  - S locks it first: T's upsert waits until S commits; the row is then
 *    finished, no longer in the partial unique index, so T's insert either
 *    lands as the new waiting row or meets the one S wrote and joins it.
 * An entry committed before the binding is bound by it (or, when the row
 * already holds entries from an earlier attempt, waits for the next digest:
 * every attempt of one digest sends the same entries under one Message-ID).
 */

/** The digest email's row: its event id is the Message-ID; `payload` names the inbox. */
const DIGEST_EVENT = 'DIGEST';

/**
 * Adds the notice to the owner's next digest, inside the fan-out's
 * transaction, and makes sure a digest is waiting: due `minutes` from now,
 * or sooner when a shorter preference asks (while it was never attempted).
 */
export async function addToDigest(tx: Queryable, notice: Notice, minutes: number): Promise<void> {
  await query(
    tx,
    `/* addToDigest */
    INSERT INTO email_digest_entries (tenant_id, owner_id, event_id, event, entry) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5)
    ON CONFLICT DO NOTHING`,
    [notice.tenantId, notice.ownerId, notice.eventId, notice.type, JSON.stringify(digestEntryOf(notice, minutes))],
  );
  await query(
    tx,
    `/* addToDigest: waiting row */
    INSERT INTO outbox (id, tenant_id, channel, target, payload, due_at, give_up_at, event_id, event, event_at)
    VALUES ($1::uuid, $2::uuid, 'digest', $3, $4, now() + $5 * interval '1 minute', now() + $5 * interval '1 minute' + interval '24 hours', $6::uuid, $7, now())
    ON CONFLICT (tenant_id, target) WHERE channel = 'digest' AND done_at IS NULL
    DO UPDATE SET due_at = CASE WHEN outbox.attempts = 0 THEN LEAST(outbox.due_at, EXCLUDED.due_at) ELSE outbox.due_at END`,
    [randomUUID(), notice.tenantId, notice.ownerId, JSON.stringify({ to: notice.ownerEmail }), minutes, randomUUID(), DIGEST_EVENT],
  );
}

/**
 * Binds the owner's waiting entries to this digest and returns the digest's
 * entries, oldest first; null when this attempt no longer holds the row (a
 * later claim took it over, or it is finished). Entries already bound by an
 * earlier attempt stay the digest's whole content.
 */
export async function bindDigestEntries(
  tx: Queryable,
  row: { id: string; tenantId: string; ownerId: string; digestId: string; attempt: number },
): Promise<DigestEntry[] | null> {
  const held = await query(
    tx,
    `/* bindDigestEntries: lock */
    SELECT id FROM outbox WHERE id = $1::uuid AND attempts = $2 /* guard: only the latest claim binds */ AND done_at IS NULL FOR UPDATE`,
    [row.id, row.attempt],
  );
  if (held.length === 0) return null;
  await query(
    tx,
    `/* bindDigestEntries */
    UPDATE email_digest_entries SET digest_id = $3::uuid
     WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND digest_id IS NULL
       AND NOT EXISTS (SELECT 1 FROM email_digest_entries b WHERE b.tenant_id = $1::uuid AND b.owner_id = $2::uuid AND b.digest_id = $3::uuid)`,
    [row.tenantId, row.ownerId, row.digestId],
  );
  const rows = await query<{ entry: string }>(
    tx,
    `/* digestEntries */
    SELECT entry FROM email_digest_entries WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND digest_id = $3::uuid ORDER BY created_at, event_id`,
    [row.tenantId, row.ownerId, row.digestId],
  );
  return rows.map((r) => parseDigestEntry(r.entry));
}

/**
 * After a digest row is finished (in the same transaction, after the
 * finish): entries that arrived while it was being sent get a digest of
 * their own, due when the earliest of them asked to be told.
 */
export async function reopenDigest(tx: Queryable, row: { tenantId: string; ownerId: string; payload: string }): Promise<boolean> {
  const inserted = await query(
    tx,
    `/* reopenDigest */
    INSERT INTO outbox (id, tenant_id, channel, target, payload, due_at, give_up_at, event_id, event, event_at)
    SELECT $1::uuid, $2::uuid, 'digest', $3, $4, GREATEST(now(), w.due_by), GREATEST(now(), w.due_by) + interval '24 hours', $5::uuid, $6, now()
      FROM (SELECT min((entry::jsonb ->> 'dueBy')::timestamptz) AS due_by
              FROM email_digest_entries WHERE tenant_id = $2::uuid AND owner_id = $7::uuid AND digest_id IS NULL) w
     WHERE w.due_by IS NOT NULL /* guard: no entry waits (GREATEST would skip the null) */
    ON CONFLICT DO NOTHING
    RETURNING id`,
    [randomUUID(), row.tenantId, row.ownerId, row.payload, randomUUID(), DIGEST_EVENT, row.ownerId],
  );
  return inserted.length === 1;
}
