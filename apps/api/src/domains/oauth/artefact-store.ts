import { query, type Queryable } from '../../platform/db/sql.js';
import { isUuid } from '../../platform/lib/validation.js';
import { hashSecret } from '../../platform/lib/secrets.js';

/*
 * The OAuth provider's artefacts (clients, interactions, sessions, grants,
 * codes, tokens) in PostgreSQL, shared by every instance (docs/oauth.md,
 * rule OA3). Each is found by the SHA-256 of its id. What names an agent
 * (`accountId`) lives in `oauth_bound`, keyed by the agent's tenant (rule
 * T1); the rest in `oauth_unbound`.
 */

/** Artefacts whose id is a bearer secret: the id is never stored, not even inside the payload. */
const SECRET_ID_KINDS = new Set([
  'AccessToken',
  'RefreshToken',
  'AuthorizationCode',
  'ClientCredentials',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'RegistrationAccessToken',
  'InitialAccessToken',
  'PushedAuthorizationRequest',
]);

/** A registered client nobody has authorised yet lapses after this long (rule OA2). */
const UNUSED_CLIENT_HOURS = 24;

export type ArtefactPayload = Record<string, unknown> & { accountId?: unknown; grantId?: unknown; uid?: unknown; jti?: unknown };

/** The payload as stored: a secret id left out. */
function storable(kind: string, id: string, payload: ArtefactPayload): ArtefactPayload {
  const stored: ArtefactPayload = { ...payload };
  if (SECRET_ID_KINDS.has(kind) && stored.jti === id) delete stored.jti;
  return stored;
}

/** The payload as the provider expects it back. */
function restored(kind: string, id: string, payload: ArtefactPayload): ArtefactPayload {
  return SECRET_ID_KINDS.has(kind) && payload.jti === undefined ? { ...payload, jti: id } : payload;
}

const LIVE = '(expires_at IS NULL OR expires_at > now())';

/** Stores or replaces an artefact; one naming an agent moves to `oauth_bound`, in one statement. */
export async function upsertArtefact(db: Queryable, kind: string, id: string, payload: ArtefactPayload, expiresIn: number | undefined): Promise<void> {
  const idHash = hashSecret(id);
  const stored = storable(kind, id, payload);
  const seconds = typeof expiresIn === 'number' ? expiresIn : null;
  const uid = typeof payload.uid === 'string' ? payload.uid : null;
  const accountId = typeof payload.accountId === 'string' && isUuid(payload.accountId) ? payload.accountId : undefined;
  if (accountId === undefined) {
    // A client starts with 24 hours to be used; once a grant names it, it stays (expires_at NULL), and an update keeps that.
    await query(
      db,
      `/* upsertUnboundArtefact */ INSERT INTO oauth_unbound (kind, id_hash, payload, uid, expires_at)
       VALUES ($1, $2, $3, $4, CASE WHEN $5::int IS NOT NULL THEN now() + $5::int * interval '1 second'
                                    WHEN $1 = 'Client' THEN now() + interval '${UNUSED_CLIENT_HOURS} hours' END)
       ON CONFLICT (kind, id_hash) DO UPDATE SET payload = EXCLUDED.payload, uid = EXCLUDED.uid,
         expires_at = CASE WHEN $1 = 'Client' THEN oauth_unbound.expires_at ELSE EXCLUDED.expires_at END`,
      [kind, idHash, stored, uid, seconds],
    );
    return;
  }
  const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
  const clientId = kind === 'Grant' && typeof payload.clientId === 'string' ? hashSecret(payload.clientId) : null;
  const rows = await query<{ stored: boolean }>(
    db,
    `/* upsertBoundArtefact */ WITH moved AS (
         DELETE FROM oauth_unbound WHERE kind = $1 AND id_hash = $2
       ), used AS (
         UPDATE oauth_unbound SET expires_at = NULL WHERE kind = 'Client' AND id_hash = $8 AND $8::text IS NOT NULL
       )
       INSERT INTO oauth_bound (tenant_id, kind, id_hash, agent_id, grant_id, uid, payload, expires_at)
       SELECT a.tenant_id, $1, $2, a.id, $4, $5, $6, CASE WHEN $7::int IS NULL THEN NULL ELSE now() + $7::int * interval '1 second' END
         FROM agents a WHERE a.id = $3::uuid LIMIT 1
       ON CONFLICT (kind, id_hash) DO UPDATE SET tenant_id = EXCLUDED.tenant_id, agent_id = EXCLUDED.agent_id,
         grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, payload = EXCLUDED.payload, expires_at = EXCLUDED.expires_at
       RETURNING true AS stored`,
    [kind, idHash, accountId, grantId, uid, stored, seconds, clientId],
  );
  if (rows.length === 0) throw new Error(`no agent ${accountId} to bind an OAuth ${kind} to`);
}

/** A live artefact by its id, or undefined. */
export async function findArtefact(db: Queryable, kind: string, id: string): Promise<ArtefactPayload | undefined> {
  const rows = await query<{ payload: ArtefactPayload }>(
    db,
    `/* findArtefact */ SELECT payload FROM oauth_bound WHERE kind = $1 AND id_hash = $2 AND ${LIVE}
     UNION ALL SELECT payload FROM oauth_unbound WHERE kind = $1 AND id_hash = $2 AND ${LIVE} LIMIT 1`,
    [kind, hashSecret(id)],
  );
  const payload = rows[0]?.payload;
  return payload && restored(kind, id, payload);
}

/** A live session by its uid (sessions keep their id in the payload: see SECRET_ID_KINDS). */
export async function findArtefactByUid(db: Queryable, kind: string, uid: string): Promise<ArtefactPayload | undefined> {
  const rows = await query<{ payload: ArtefactPayload }>(
    db,
    `/* findArtefactByUid */ SELECT payload FROM oauth_bound WHERE kind = $1 AND uid = $2 AND ${LIVE}
     UNION ALL SELECT payload FROM oauth_unbound WHERE kind = $1 AND uid = $2 AND ${LIVE} LIMIT 1`,
    [kind, uid],
  );
  return rows[0]?.payload;
}

/**
 * Marks a code or refresh token used, once: of racing exchanges of one code
 * (or rotations of one refresh token) on any instances, exactly one marks it
 * and goes on to issue tokens (rule OA4). False: it was used already.
 */
export async function consumeArtefact(db: Queryable, kind: string, id: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* consumeArtefact */ UPDATE oauth_bound SET consumed_at = now(),
            payload = payload || jsonb_build_object('consumed', floor(extract(epoch FROM now()))::bigint)
      WHERE kind = $1 AND id_hash = $2 AND consumed_at IS NULL RETURNING 1`,
    [kind, hashSecret(id)],
  );
  return rows.length === 1;
}

export async function destroyArtefact(db: Queryable, kind: string, id: string): Promise<void> {
  const idHash = hashSecret(id);
  await query(db, `/* destroyBoundArtefact */ DELETE FROM oauth_bound WHERE kind = $1 AND id_hash = $2`, [kind, idHash]);
  await query(db, `/* destroyUnboundArtefact */ DELETE FROM oauth_unbound WHERE kind = $1 AND id_hash = $2`, [kind, idHash]);
}

/** Deletes every code and token issued under a grant (revocation, a reused code or refresh token). */
export async function revokeArtefactsOfGrant(db: Queryable, grantId: string): Promise<void> {
  await query(db, `/* revokeArtefactsOfGrant */ DELETE FROM oauth_bound WHERE grant_id = $1`, [grantId]);
}

/** Deletes lapsed artefacts (the sweeper's chore); a lapsed one is never served in the meantime (LIVE). */
export async function deleteLapsedArtefacts(db: Queryable): Promise<number> {
  const bound = await query(db, `/* deleteLapsedBoundArtefacts */ DELETE FROM oauth_bound WHERE expires_at <= now() RETURNING 1`);
  const unbound = await query(db, `/* deleteLapsedUnboundArtefacts */ DELETE FROM oauth_unbound WHERE expires_at <= now() RETURNING 1`);
  const registrations = await query(db, `/* deleteOldRegistrations */ DELETE FROM oauth_registrations WHERE at < now() - interval '1 hour' RETURNING 1`);
  return bound.length + unbound.length + registrations.length;
}
