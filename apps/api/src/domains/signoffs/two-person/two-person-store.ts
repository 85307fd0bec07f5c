import { query, type Queryable } from '../../../platform/db/sql.js';
import { SIGN_OFF_WINDOW } from '../policy.js';
import { ANNOUNCE_CHANGED, APPROVED_STATE } from '../store.js';

/*
 * The two approvals of a request that needs two (docs/sign-offs.md, S20),
 * each one conditional statement that also records who approved and
 * announces the change. A denial is `decidePending` (store.ts), as for any
 * request.
 */

/**
 * The end of both approvals' statements: the changed row's approval is
 * recorded for owner $3 with note $4, and the change announced.
 */
const RECORD_APPROVAL = `RETURNING tenant_id, id, owner_id, agent_id
    ), approval AS (
      INSERT INTO sign_off_approvals (tenant_id, sign_off_id, owner_id, note) SELECT tenant_id, id, $3::uuid, $4 FROM changed
    ) ${ANNOUNCE_CHANGED}`;

/** One owner's approval of a two-person request. */
export interface SignOffApprovalRow {
  signOffId: string;
  ownerId: string;
  approvedAt: Date;
  note: string | null;
}

/**
 * The first approval: a pending request needing two, inside its window,
 * becomes partially approved, and this owner's approval is recorded, in one
 * statement. Of racing first approvals exactly one changes the row; the
 * others find it no longer pending.
 */
export async function approveFirst(db: Queryable, tenantId: string, ownerId: string, id: string, note: string | null): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* approveFirst */
    WITH changed AS (
      UPDATE sign_offs SET state = 'partially_approved'
       WHERE tenant_id = $1::uuid AND id = $2::uuid
         AND approvals_required = 2 /* guard: only a request needing two approvals is half-approved */
         AND state = 'pending' /* guard: only a request with no approval yet */
         AND requested_at >= now() - ${SIGN_OFF_WINDOW} /* guard: only inside its window */
    ${RECORD_APPROVAL}`,
    [tenantId, id, ownerId, note],
  );
  return rows[0]!.n === 1;
}

/**
 * The second approval, which decides the request: a partially approved
 * request, inside its window, whose first approval is not this owner's,
 * moves to its runner's next state (as `decidePending` approves), and this
 * owner's approval is recorded, in one statement. Of racing second
 * approvals exactly one changes the row: the others, re-checked once it
 * commits, find it no longer partially approved. The same owner can never
 * be both approvals: the guard below, and the key of `sign_off_approvals`
 * (tenant, request, owner) behind it.
 */
export async function approveSecond(db: Queryable, tenantId: string, ownerId: string, id: string, note: string | null): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* approveSecond */
    WITH changed AS (
      UPDATE sign_offs
         SET state = ${APPROVED_STATE}, decided_at = now(), note = $4
       WHERE tenant_id = $1::uuid AND id = $2::uuid
         AND approvals_required = 2 /* guard: only a request needing two approvals */
         AND state = 'partially_approved' /* guard: only a request with its first approval and no decision */
         AND requested_at >= now() - ${SIGN_OFF_WINDOW} /* guard: only inside its window */
         AND NOT EXISTS (SELECT 1 FROM sign_off_approvals a WHERE a.tenant_id = $1::uuid AND a.sign_off_id = $2::uuid AND a.owner_id = $3::uuid)
             /* guard: the second approver is another owner than the first */
    ${RECORD_APPROVAL}`,
    [tenantId, id, ownerId, note],
  );
  return rows[0]!.n === 1;
}

/**
 * Whether the request is partially approved, inside its window, with this
 * owner's approval: their approving again waits for another owner's.
 */
export async function awaitsAnotherApprover(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* awaitsAnotherApprover */
    SELECT 1 AS found FROM sign_offs s
      JOIN sign_off_approvals a ON a.tenant_id = s.tenant_id AND a.sign_off_id = s.id AND a.owner_id = $3::uuid
     WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid AND s.state = 'partially_approved' AND s.requested_at >= now() - ${SIGN_OFF_WINDOW}`,
    [tenantId, id, ownerId],
  );
  return rows.length === 1;
}

/** The approvals of these requests of the tenant, oldest first: one statement for a whole list's worth. */
export function findApprovals(db: Queryable, tenantId: string, ids: readonly string[]): Promise<SignOffApprovalRow[]> {
  return query<SignOffApprovalRow>(
    db,
    `/* findApprovals */
    SELECT sign_off_id AS "signOffId", owner_id AS "ownerId", approved_at AS "approvedAt", note
      FROM sign_off_approvals WHERE tenant_id = $1::uuid AND sign_off_id = ANY($2::uuid[])
     ORDER BY approved_at, owner_id`,
    [tenantId, ids],
  );
}
