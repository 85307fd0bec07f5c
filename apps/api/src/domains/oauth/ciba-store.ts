import { query, type Queryable } from '../../platform/db/sql.js';
import { hashSecret } from '../../platform/lib/secrets.js';
import type { AgentPrincipal } from '../../platform/lib/principal.js';

/*
 * What CIBA (OpenID Client-Initiated Backchannel Authentication, docs/oauth.md
 * rule OA7) keeps beside the provider's own artefacts: the agent a
 * confidential client is bound to, and the sign-off a backchannel request
 * asked for.
 */

/** Stores a client an owner bound to one of their agents; its payload holds only the secret's hash. */
export async function insertAgentClient(
  db: Queryable,
  agent: { tenantId: string; id: string },
  clientId: string,
  payload: Record<string, unknown>,
): Promise<void> {
  await query(db, `/* insertAgentClient */ INSERT INTO oauth_bound (tenant_id, kind, id_hash, agent_id, payload) VALUES ($1, 'Client', $2, $3, $4)`, [
    agent.tenantId,
    hashSecret(clientId),
    agent.id,
    payload,
  ]);
}

/** The live agent a client is bound to, or undefined (a host's self-registered client, or a revoked agent). */
export async function agentOfClient(db: Queryable, clientId: string): Promise<AgentPrincipal | undefined> {
  const rows = await query<{ tenantId: string; ownerId: string; agentId: string; keyHash: string }>(
    db,
    `/* agentOfClient */ SELECT a.tenant_id AS "tenantId", a.owner_id AS "ownerId", a.id AS "agentId", a.key_hash AS "keyHash"
       FROM oauth_bound c JOIN agents a ON a.tenant_id = c.tenant_id AND a.id = c.agent_id
      WHERE c.kind = 'Client' AND c.id_hash = $1 AND a.revoked_at IS NULL`,
    [hashSecret(clientId)],
  );
  const row = rows[0];
  return row && { kind: 'agent', ...row };
}

/** Ties a backchannel request to the sign-off it created. */
export async function linkSignOff(db: Queryable, authReqId: string, signOffId: string): Promise<void> {
  await query(db, `/* linkCibaSignOff */ UPDATE oauth_bound SET sign_off_id = $2 WHERE kind = 'BackchannelAuthenticationRequest' AND id_hash = $1`, [
    hashSecret(authReqId),
    signOffId,
  ]);
}

export interface CibaSignOff {
  id: string;
  state: string;
  note: string | null;
  inputHash: string;
  agent: AgentPrincipal;
}

/** The sign-off a backchannel request asked for, with the agent it asks as, or undefined. */
export async function signOffOfRequest(db: Queryable, authReqId: string): Promise<CibaSignOff | undefined> {
  const rows = await query<{
    id: string;
    state: string;
    note: string | null;
    inputHash: string;
    tenantId: string;
    ownerId: string;
    agentId: string;
    keyHash: string;
  }>(
    db,
    `/* cibaSignOff */ SELECT s.id, s.state, s.note, s.input_hash AS "inputHash",
            a.tenant_id AS "tenantId", a.owner_id AS "ownerId", a.id AS "agentId", a.key_hash AS "keyHash"
       FROM oauth_bound r
       JOIN sign_offs s ON s.tenant_id = r.tenant_id AND s.id = r.sign_off_id
       JOIN agents a ON a.tenant_id = r.tenant_id AND a.id = r.agent_id
      WHERE r.kind = 'BackchannelAuthenticationRequest' AND r.id_hash = $1`,
    [hashSecret(authReqId)],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { tenantId, ownerId, agentId, keyHash, ...signOff } = row;
  return { ...signOff, agent: { kind: 'agent', tenantId, ownerId, agentId, keyHash } };
}

/** Seconds a client must leave between two polls of one request (CIBA §7.3: `interval`, 5 by default), less a second of jitter. */
export const POLL_INTERVAL_SECONDS = 5;

/** Counts a poll of a pending request; false when it came sooner than the interval allows (answered slow_down). */
export async function notePoll(db: Queryable, authReqId: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* noteCibaPoll */ UPDATE oauth_bound SET polled_at = now()
      WHERE kind = 'BackchannelAuthenticationRequest' AND id_hash = $1
        AND (polled_at IS NULL OR polled_at <= now() - make_interval(secs => $2)) RETURNING 1`,
    [hashSecret(authReqId), POLL_INTERVAL_SECONDS - 1],
  );
  return rows.length === 1;
}
