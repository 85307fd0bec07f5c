import type { Db } from '../db/database.js';
import { query, type Queryable } from '../db/sql.js';

/** A live session joined with the owner it belongs to. */
export interface LiveSession {
  tenantId: string;
  id: string;
  ownerId: string;
  expiresAt: Date;
}

export async function insertSession(db: Db, session: { tenantId: string; id: string; ownerId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.session.create({ data: session });
}

/**
 * Only sessions neither ended nor past their expiry count, whatever the sweep
 * has done. Runs on every console request: one indexed statement.
 */
export async function findLiveSession(db: Queryable, tokenHash: string): Promise<LiveSession | null> {
  const rows = await query<LiveSession>(
    db,
    `/* findLiveSession */
    SELECT tenant_id AS "tenantId", id, owner_id AS "ownerId", expires_at AS "expiresAt"
      FROM sessions
     WHERE token_hash = $1 AND ended_at IS NULL /* guard: an ended session opens nothing */ AND expires_at > now() /* guard: an expired session opens nothing */`,
    [tokenHash],
  );
  return rows[0] ?? null;
}

export async function endSession(db: Db, tenantId: string, id: string): Promise<void> {
  await db.$executeRaw`
    /* endSession */
    UPDATE sessions SET ended_at = now()
     WHERE tenant_id = ${tenantId}::uuid AND id = ${id}::uuid AND ended_at IS NULL /* guard: a session ends once */`;
}

/** Drops sessions that can no longer be used; safe for several sweepers at once. */
export async function deleteDeadSessions(db: Db): Promise<number> {
  return db.$executeRaw`
    /* deleteDeadSessions */
    DELETE FROM sessions WHERE expires_at <= now() OR ended_at < now() - interval '1 day' /* guard: only dead sessions go */`;
}
