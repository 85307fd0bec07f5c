import { randomUUID } from 'node:crypto';
import { query, type Queryable } from '../../platform/db/sql.js';
import { systemClock, type Clock } from '../../platform/lib/deps.js';
import { hashSecret, newSecret } from '../../platform/lib/secrets.js';
import type { OwnerRow } from './store.js';

/** How long a console session lasts, from sign-in. */
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;

/** A session just opened: its token, shown once (only its hash is kept), and when it ends. */
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A live session joined with the owner it belongs to. */
export interface LiveSession {
  tenantId: string;
  id: string;
  ownerId: string;
  expiresAt: Date;
}

export async function insertSession(
  db: Queryable,
  session: { tenantId: string; id: string; ownerId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await query(
    db,
    `/* insertSession */
    INSERT INTO sessions (tenant_id, id, owner_id, token_hash, expires_at) VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5::timestamptz) RETURNING id`,
    [session.tenantId, session.id, session.ownerId, session.tokenHash, session.expiresAt],
  );
}

/**
 * Opens a session for the owner with a fresh token, on the caller's
 * transaction: a sign-in, a setup or a join commits it with its other writes.
 */
export async function openSession(db: Queryable, owner: OwnerRow, clock: Clock = systemClock): Promise<NewSession> {
  const token = newSecret();
  const expiresAt = new Date(clock().getTime() + SESSION_TTL_MS);
  await insertSession(db, { tenantId: owner.tenantId, id: randomUUID(), ownerId: owner.id, tokenHash: hashSecret(token), expiresAt });
  return { token, expiresAt };
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

export async function endSession(db: Queryable, tenantId: string, id: string): Promise<void> {
  await query(
    db,
    `/* endSession */
    UPDATE sessions SET ended_at = now()
     WHERE tenant_id = $1::uuid AND id = $2::uuid AND ended_at IS NULL /* guard: a session ends once */
    RETURNING id`,
    [tenantId, id],
  );
}

/** Drops sessions that can no longer be used; safe for several sweepers at once. */
export async function deleteDeadSessions(db: Queryable): Promise<number> {
  const rows = await query(
    db,
    `/* deleteDeadSessions */
    DELETE FROM sessions WHERE expires_at <= now() OR ended_at < now() - interval '1 day' /* guard: only dead sessions go */
    RETURNING id`,
  );
  return rows.length;
}

/** How long a proven password lets a session approve HIGH-risk requests (docs/sign-offs.md, S17). */
export const REAUTHENTICATION_WINDOW = `interval '10 minutes'`;

/** Marks the live session as just authenticated; answers until when that holds, or null when the session is gone. */
export async function markAuthenticated(db: Queryable, tenantId: string, id: string): Promise<Date | null> {
  const rows = await query<{ until: Date }>(
    db,
    `/* markAuthenticated */
    UPDATE sessions SET authenticated_at = now()
     WHERE tenant_id = $1::uuid AND id = $2::uuid AND ended_at IS NULL /* guard: only a live session */ AND expires_at > now()
    RETURNING authenticated_at + ${REAUTHENTICATION_WINDOW} AS until`,
    [tenantId, id],
  );
  return rows[0]?.until ?? null;
}

/** Whether the session proved its owner's password (signing in, or reauthenticate) within the window. */
export async function authenticatedRecently(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* authenticatedRecently */
    SELECT 1 FROM sessions WHERE tenant_id = $1::uuid AND id = $2::uuid AND ended_at IS NULL AND authenticated_at > now() - ${REAUTHENTICATION_WINDOW}`,
    [tenantId, id],
  );
  return rows.length === 1;
}
