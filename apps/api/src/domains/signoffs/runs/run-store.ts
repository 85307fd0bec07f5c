import { query, type Queryable } from '../../../platform/db/sql.js';
import { ANNOUNCE_CHANGED } from '../store.js';
import { SETTLE_AFTER } from '../policy.js';

/*
 * Running an approved request (docs/sign-offs.md, S7): claiming it under its
 * row lock, recording its outcome, and finding the ones an instance left
 * unfinished. The asking and deciding statements are in store.ts.
 */

/** What running an approved request needs to know of it. */
export interface ApprovedClaim {
  op: string;
  input: string;
  ownerId: string;
  /** Null for an owner-to-owner request, whose `agentLive` is true. */
  agentId: string | null;
  repositoryId: string | null;
  repositoryCode: string | null;
  /** Whether the asking agent is still live: a revoked agent's deed never runs. */
  agentLive: boolean;
}

/**
 * Claims an approved request for execution: the row lock is held until the
 * outcome commits, and a request already settled (by this or another
 * instance, or the sweep) is not returned, so the deed runs at most once.
 * The agent row is read, not locked: a revocation updates it first and then
 * waits on this request's lock, so locking it here would deadlock the two.
 * While this lock is held no revocation that closes the request can commit.
 */
export async function claimApproved(db: Queryable, tenantId: string, id: string): Promise<ApprovedClaim | null> {
  const rows = await query<ApprovedClaim>(
    db,
    `/* claimApproved */
    SELECT s.op, s.input, s.owner_id AS "ownerId", s.agent_id AS "agentId", s.repository_id AS "repositoryId",
           s.repository_code AS "repositoryCode",
           (s.agent_id IS NULL OR a.revoked_at IS NULL) /* guard: a revoked agent's deed never runs (an owner-to-owner request has none) */ AS "agentLive"
      FROM sign_offs s LEFT JOIN agents a ON a.tenant_id = s.tenant_id AND a.id = s.agent_id
     WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid AND s.state = 'approved' /* guard: a deed runs at most once */ FOR UPDATE OF s`,
    [tenantId, id],
  );
  return rows[0] ?? null;
}

/** The states a request runs from: a built-in's deed, or a webhook's delivery. */
export type RunningState = 'approved' | 'delivering';

/** Records a deed's (or delivery's) success (its result, and any secret waiting for the agent) and announces it. */
export async function recordSuccess(
  db: Queryable,
  tenantId: string,
  id: string,
  outcome: { result: unknown; secret: string | null; minted: string[] | null },
  from: RunningState = 'approved',
): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* recordSuccess */
    WITH changed AS (
      UPDATE sign_offs
         SET state = 'succeeded', finished_at = now(), result = $3::jsonb, secret = $4, secret_state = $5, lapse_refs = $6::jsonb
       WHERE tenant_id = $1::uuid AND id = $2::uuid AND state = $7 /* guard: only a running request succeeds */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [
      tenantId,
      id,
      JSON.stringify(outcome.result),
      outcome.secret,
      outcome.secret === null ? 'none' : 'waiting',
      outcome.minted && outcome.secret !== null ? JSON.stringify(outcome.minted) : null,
      from,
    ],
  );
  return rows[0]!.n === 1;
}

/** Records why an approved request did not run (or its delivery failed for good), and announces it. */
export async function recordFailure(db: Queryable, tenantId: string, id: string, failure: string, from: RunningState = 'approved'): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* recordFailure */
    WITH changed AS (
      UPDATE sign_offs SET state = 'failed', finished_at = now(), failure = $3
       WHERE tenant_id = $1::uuid AND id = $2::uuid AND state = $4 /* guard: only a running request fails */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, id, failure, from],
  );
  return rows[0]!.n === 1;
}

/** Sweep: approved requests whose execution was interrupted, oldest first. */
export function findUnfinished(db: Queryable, limit: number): Promise<{ tenantId: string; id: string }[]> {
  return query(
    db,
    `/* findUnfinished */
    SELECT tenant_id AS "tenantId", id FROM sign_offs
     WHERE state = 'approved' AND decided_at < now() - ${SETTLE_AFTER}
     ORDER BY decided_at LIMIT $1`,
    [limit],
  );
}
