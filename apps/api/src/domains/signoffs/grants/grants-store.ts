import { query, type Queryable } from '../../../platform/db/sql.js';
import { approversOf } from './approvers-sql.js';
import { ANNOUNCE_CHANGED } from '../store.js';
import { GRANT_LIFE } from '../policy.js';

/** What an approval token is made of: the redeemed request as it was approved. */
export interface RedeemedGrant {
  tenantId: string;
  id: string;
  op: string;
  opVersion: number;
  inputHash: string;
  agentId: string;
  /** Every owner whose approval counted, oldest first (none when a standing rule approved it). */
  approvers: string[];
  /** The standing rule that approved it, if one did. */
  ruleId: string | null;
  grantId: string;
}

/**
 * The redeem, in one conditional statement: only the asking agent, only a
 * grant awaiting redeem, only inside its life, only for the approved input.
 * Racing redeems serialise on the row; the first to commit changes it and
 * every other finds nothing to change, so exactly one grant is handed out.
 */
export async function redeemGrant(
  db: Queryable,
  key: { tenantId: string; agentId: string; id: string; inputHash: string; grantId: string },
): Promise<RedeemedGrant | null> {
  const rows = await query<RedeemedGrant>(
    db,
    `/* redeemGrant */
    WITH changed AS (
      UPDATE sign_offs SET state = 'redeemed', redeemed_at = now(), grant_id = $5::uuid
       WHERE tenant_id = $1::uuid AND id = $2::uuid AND agent_id = $3::uuid /* guard: only the asking agent redeems */
         AND state = 'awaiting_redeem' /* guard: a grant is redeemed once */ AND decided_at >= now() - ${GRANT_LIFE} /* guard: only inside its life */
         AND input_hash = $4 /* guard: only for the approved input */
      RETURNING tenant_id, id, owner_id, agent_id, op, op_version, input_hash, grant_id, approved_by_rule
    ), announced AS (${ANNOUNCE_CHANGED})
    SELECT c.tenant_id AS "tenantId", c.id, c.op, c.op_version AS "opVersion", c.input_hash AS "inputHash",
           c.agent_id AS "agentId", ${approversOf('c')} AS approvers, c.approved_by_rule AS "ruleId", c.grant_id AS "grantId"
      FROM changed c, announced`,
    [key.tenantId, key.id, key.agentId, key.inputHash, key.grantId],
  );
  return rows[0] ?? null;
}

/** The agent reports how its redeemed action went: once, only for its own redeemed request. */
export async function recordReportedOutcome(
  db: Queryable,
  key: { tenantId: string; agentId: string; id: string },
  outcome: { succeeded: boolean; result: string | null; failure: string | null },
): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* recordReportedOutcome */
    WITH changed AS (
      UPDATE sign_offs SET state = CASE WHEN $4::boolean THEN 'succeeded' ELSE 'failed' END, finished_at = now(), result = $5::jsonb, failure = $6
       WHERE tenant_id = $1::uuid AND id = $2::uuid AND agent_id = $3::uuid /* guard: only the asking agent reports */
         AND state = 'redeemed' /* guard: an outcome is reported once, after a redeem */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [key.tenantId, key.id, key.agentId, outcome.succeeded, outcome.result, outcome.failure],
  );
  return rows[0]!.n === 1;
}

/** Sweep: grants not redeemed within their life lapse, announced; returns how many. */
export async function lapseGrants(db: Queryable): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    `/* lapseGrants */
    WITH changed AS (
      UPDATE sign_offs SET state = 'lapsed'
       WHERE state = 'awaiting_redeem' /* guard: only an unredeemed grant lapses */ AND decided_at < now() - ${GRANT_LIFE} /* guard: only past its life */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
  );
  return rows[0]?.n ?? 0;
}
