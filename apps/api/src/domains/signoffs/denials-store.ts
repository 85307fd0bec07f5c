import { query, type Queryable } from '../../platform/db/sql.js';
import { DENIAL_COOL_DOWN } from './policy.js';

/** The owner's latest denial of exactly this request, while it still holds the agent off. */
export interface RecentDenial {
  signOffId: string;
  note: string | null;
  deniedAt: Date;
  /** When the same request may be asked again. */
  retryAfter: Date;
}

/**
 * The newest denial of the same (agent, operation, repository, input) within
 * the cool-down (rule S18), read under the asking agent's row lock so a
 * denial that committed before this ask is always seen. Keyed on what the
 * agent asked (an input a first owner edited, then another denied, holds off
 * the agent's own). Only an owner's
 * denial counts: an expiry or a withdrawal said nothing about the request.
 */
export async function findRecentDenial(
  db: Queryable,
  key: { tenantId: string; agentId: string; op: string; repositoryId: string | null; inputHash: string },
): Promise<RecentDenial | null> {
  const rows = await query<RecentDenial>(
    db,
    `/* findRecentDenial */
    SELECT s.id AS "signOffId", s.note, s.decided_at AS "deniedAt", s.decided_at + ${DENIAL_COOL_DOWN} AS "retryAfter"
      FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND s.agent_id = $2::uuid AND s.op = $3 AND s.requested_input_hash = $5
       AND s.repository_id IS NOT DISTINCT FROM $4::uuid
       AND s.state = 'denied' /* guard: only an owner's denial holds the agent off */
       AND s.decided_at > now() - ${DENIAL_COOL_DOWN} /* guard: only within the cool-down */
     ORDER BY s.decided_at DESC LIMIT 1`,
    [key.tenantId, key.agentId, key.op, key.repositoryId, key.inputHash],
  );
  return rows[0] ?? null;
}
