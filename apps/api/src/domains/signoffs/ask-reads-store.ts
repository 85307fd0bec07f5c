import { query, type Queryable } from '../../platform/db/sql.js';
import { GRANT_LIFE, SIGN_OFF_WINDOW } from './policy.js';
import { COLUMNS, type SignOffRow } from './store.js';

/** What makes a row one of the agent's open requests by the database's clock, expired or lapsed ones not yet written as such left out. */
const LIVE_OPEN = `(s.state IN ('pending', 'partially_approved') AND s.requested_at >= now() - ${SIGN_OFF_WINDOW})
        OR (s.state = 'awaiting_redeem' AND s.decided_at >= now() - ${GRANT_LIFE})`;

/**
 * The agent's open request for the same operation, repository and input,
 * read without any lock before the asking transaction (docs/sign-offs.md,
 * S2): a retry is answered with it at once, its input not judged again.
 * Matched on what the agent asked (`inputHash` is the asked input's), so a
 * request its owner approved with changes is still the one a retry finds.
 */
export async function findLiveOpenRequest(
  db: Queryable,
  key: { tenantId: string; agentId: string; op: string; repositoryId: string | null; inputHash: string },
): Promise<SignOffRow | null> {
  const rows = await query<SignOffRow>(
    db,
    `/* findLiveOpenRequest */
    SELECT ${COLUMNS} FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND s.agent_id = $2::uuid AND s.op = $3
       AND s.repository_id IS NOT DISTINCT FROM $4::uuid AND s.requested_input_hash = $5
       AND (${LIVE_OPEN})`,
    [key.tenantId, key.agentId, key.op, key.repositoryId, key.inputHash],
  );
  return rows[0] ?? null;
}

/** The agent's open requests, read without any lock: an agent at its cap (S3) is refused before its input is judged. */
export async function countLiveOpen(db: Queryable, tenantId: string, agentId: string): Promise<number> {
  const rows = await query<{ count: number }>(
    db,
    `/* countLiveOpen */
    SELECT count(*)::int AS count FROM sign_offs s WHERE s.tenant_id = $1::uuid AND s.agent_id = $2::uuid AND (${LIVE_OPEN})`,
    [tenantId, agentId],
  );
  return rows[0]!.count;
}
