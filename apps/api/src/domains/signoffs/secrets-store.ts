import { query, type Queryable } from '../../platform/db/sql.js';
import { SECRET_LIFE } from './policy.js';
import { AGENT_REVOKED, ANNOUNCE_CHANGED, SIGN_OFF_CHANGED } from './store.js';

// A secret result (a minted token) waits for its asking agent: taken once by
// it, or lapsed — by the sweep past its life, or at once when the agent is
// revoked — with what it minted revoked. docs/sign-offs.md has the rules.

/**
 * Hands the asking agent its secret and forgets it, with the references
 * that could revoke what it minted, in one statement (announcing it): of
 * two takes, or a take and the lapse sweep, exactly one finds the row still
 * waiting.
 */
export async function takeSecret(db: Queryable, tenantId: string, agentId: string, id: string): Promise<string | null> {
  const rows = await query<{ secret: string }>(
    db,
    `/* takeSecret */
    WITH changed AS (
      UPDATE sign_offs s SET secret = NULL, lapse_refs = NULL, secret_state = 'taken'
        FROM (SELECT tenant_id, id, secret FROM sign_offs WHERE tenant_id = $1::uuid AND id = $2::uuid FOR UPDATE) AS before
       WHERE s.tenant_id = before.tenant_id AND s.id = before.id AND s.agent_id = $3::uuid /* guard: only the asking agent takes */
         AND s.secret_state = 'waiting' /* guard: only a waiting secret */ AND s.decided_at >= now() - ${SECRET_LIFE} /* guard: only inside its life */
      RETURNING s.tenant_id, s.id, s.owner_id, s.agent_id, before.secret
    )
    SELECT changed.secret FROM changed,
      LATERAL (SELECT ${SIGN_OFF_CHANGED}) AS n`,
    [tenantId, id, agentId],
  );
  return rows[0]?.secret ?? null;
}

/**
 * The rest of a lapse, after a `due` CTE of locked rows: revoke the tokens
 * the secrets minted (giving `reason`, a SQL expression), clear the secrets,
 * announce the change. One text for the sweep and for a revoked agent.
 */
function lapseDue(reason: string): string {
  return `, revoked AS (
      UPDATE repository_tokens t SET revoked_at = now(), revoked_reason = ${reason}
        FROM due
       WHERE t.tenant_id = due.tenant_id AND t.revoked_at IS NULL /* guard: a revoked token keeps its first reason */
         AND t.id IN (SELECT jsonb_array_elements_text(coalesce(due.lapse_refs, '[]'::jsonb))::uuid)
    ), changed AS (
      UPDATE sign_offs s SET secret = NULL, lapse_refs = NULL, secret_state = 'lapsed'
        FROM due WHERE s.tenant_id = due.tenant_id AND s.id = due.id
      RETURNING s.tenant_id, s.id, s.owner_id, s.agent_id
    ) ${ANNOUNCE_CHANGED}`;
}

/**
 * Sweep: lapses secrets nobody took within their life, in one statement:
 * the rows are locked (a racing take waits, then finds them lapsed), what
 * they minted is revoked, and the secret and its references are cleared.
 * A secret taken first is no longer waiting and is never touched.
 */
export async function lapseUncollected(db: Queryable): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    `/* lapseUncollected */
    WITH due AS (
      SELECT tenant_id, id, lapse_refs FROM sign_offs
       WHERE secret_state = 'waiting' /* guard: only a waiting secret lapses */ AND decided_at < now() - ${SECRET_LIFE} /* guard: only past its life */
       FOR UPDATE SKIP LOCKED
    ) ${lapseDue("'its secret lapsed uncollected'")}`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * Lapses the secrets still waiting for a revoked agent, which can never
 * take them now, revoking what they minted: the same statement as the
 * lapse sweep's, for one agent. Rows are locked, not skipped: a take or a
 * sweep that got there first leaves its row no longer waiting, and it is
 * passed over.
 */
export async function lapseRevokedAgentSecrets(db: Queryable, tenantId: string, agentId: string): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    `/* lapseRevokedAgentSecrets */
    WITH due AS (
      SELECT tenant_id, id, lapse_refs FROM sign_offs
       WHERE tenant_id = $1::uuid AND agent_id = $2::uuid AND secret_state = 'waiting' /* guard: only a waiting secret lapses */
       FOR UPDATE
    ) ${lapseDue('$3')}`,
    [tenantId, agentId, AGENT_REVOKED],
  );
  return rows[0]?.n ?? 0;
}
