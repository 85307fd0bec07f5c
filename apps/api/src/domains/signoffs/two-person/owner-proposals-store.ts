import { query, type Queryable } from '../../../platform/db/sql.js';
import { SECRET_LIFE } from '../policy.js';
import { ANNOUNCE_CHANGED, COLUMNS, SIGN_OFF_CHANGED, type SignOffRow } from '../store.js';

/*
 * Owner-to-owner requests (docs/sign-offs.md, S21): an owner files a change
 * that would weaken the two-person rule (tenant.changePolicy,
 * tenant.inviteOwner) as a sign-off with no agent, needing two approvals, the
 * proposer's own recorded as the first.
 */

/**
 * Serialises the tenant's owner-to-owner proposals for the rest of the
 * transaction, so looking for an identical open one and filing a new one
 * cannot race (the open-request index would refuse the second anyway).
 */
export async function lockOwnerProposals(db: Queryable, tenantId: string): Promise<void> {
  await query(db, `/* lockOwnerProposals */ SELECT pg_advisory_xact_lock(hashtext('countersign.owner-proposals:' || $1::text))::text AS locked`, [tenantId]);
}

/** The tenant's open owner-to-owner request for exactly this change, whoever filed it. */
export async function findOpenOwnerProposal(db: Queryable, tenantId: string, op: string, inputHash: string): Promise<SignOffRow | null> {
  const rows = await query<SignOffRow>(
    db,
    `/* findOpenOwnerProposal */
    SELECT ${COLUMNS} FROM sign_offs s
     WHERE s.tenant_id = $1::uuid AND s.agent_id IS NULL AND s.op = $2 AND s.requested_input_hash = $3
       AND s.state IN ('pending', 'partially_approved')`,
    [tenantId, op, inputHash],
  );
  return rows[0] ?? null;
}

/** What an owner's proposal stores. */
export interface NewOwnerProposal {
  tenantId: string;
  id: string;
  ownerId: string;
  op: 'tenant.changePolicy' | 'tenant.inviteOwner';
  input: string;
  inputHash: string;
  summary: string;
  riskReasons: string[];
}

/**
 * Files the proposal, already approved once by its proposer, and announces
 * it, in one statement: the request (no agent, two approvals required,
 * partially approved, HIGH risk) and the proposer's approval row. A second,
 * different owner's approval completes it (the two-person decision, S20).
 */
export async function insertOwnerProposal(db: Queryable, p: NewOwnerProposal): Promise<void> {
  await query(
    db,
    `/* insertOwnerProposal */
    WITH changed AS (
      INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, op_version, runner, repository_id, repository_code, input, input_hash, summary,
                             state, approvals_required, risk, risk_reasons)
      VALUES ($1::uuid, $2::uuid, NULL, $3::uuid, $4, NULL, 'server', NULL, NULL, $5, $6, $7, 'partially_approved', 2, 'high', $8::text[])
      RETURNING tenant_id, id, owner_id, agent_id
    ), approval AS (
      INSERT INTO sign_off_approvals (tenant_id, sign_off_id, owner_id) SELECT tenant_id, id, owner_id FROM changed RETURNING sign_off_id
    ) ${ANNOUNCE_CHANGED}`,
    [p.tenantId, p.id, p.ownerId, p.op, p.input, p.inputHash, p.summary, p.riskReasons],
  );
}

/**
 * Hands the proposer the secret of their approved owner-to-owner request
 * (an invitation's token) and forgets it, in one statement: once, by the
 * proposer only, within its life (as an agent takes its own, S9).
 */
export async function takeProposalSecret(db: Queryable, tenantId: string, ownerId: string, id: string): Promise<{ secret: string; result: unknown } | null> {
  const rows = await query<{ secret: string; result: unknown }>(
    db,
    `/* takeProposalSecret */
    WITH changed AS (
      UPDATE sign_offs s SET secret = NULL, lapse_refs = NULL, secret_state = 'taken'
        FROM (SELECT tenant_id, id, secret FROM sign_offs WHERE tenant_id = $1::uuid AND id = $2::uuid FOR UPDATE) AS before
       WHERE s.tenant_id = before.tenant_id AND s.id = before.id
         AND s.agent_id IS NULL /* guard: only an owner-to-owner request's secret */ AND s.owner_id = $3::uuid /* guard: only its proposer takes */
         AND s.secret_state = 'waiting' /* guard: only a waiting secret */ AND s.decided_at >= now() - ${SECRET_LIFE} /* guard: only inside its life */
      RETURNING s.tenant_id, s.id, s.owner_id, s.agent_id, before.secret, s.result
    )
    SELECT changed.secret, changed.result FROM changed,
      LATERAL (SELECT ${SIGN_OFF_CHANGED}) AS n`,
    [tenantId, id, ownerId],
  );
  return rows[0] ?? null;
}
