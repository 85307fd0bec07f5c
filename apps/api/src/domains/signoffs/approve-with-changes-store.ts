import { query, type Queryable } from '../../platform/db/sql.js';
import { SIGN_OFF_WINDOW } from './policy.js';
import { ANNOUNCE_CHANGED, type SignOffRow } from './store.js';

/*
 * Approve with changes (docs/sign-offs.md, S22): the statements that put an
 * owner's edited input in place of the one waiting, inside the deciding
 * transaction and before its decision statement. What the agent asked
 * (`requested_input`) is never touched: a trigger refuses it.
 */

/** An owner's edit of a request's input, judged (schema, bounds, risk) and ready to store. */
export interface JudgedEdit {
  /** Canonical JSON text, and its SHA-256 hex. */
  input: string;
  inputHash: string;
  /** The edited input's own assessment: stored only when higher than the request's. */
  risk: SignOffRow['risk'];
  riskReasons: string[];
}

/**
 * The request's current input hash, its row locked for the rest of the
 * transaction (as the decision statement would lock it), so the input the
 * owner saw cannot change between this look and their decision. Null when
 * there is no such request.
 */
export async function lockCurrentInput(db: Queryable, tenantId: string, id: string): Promise<string | null> {
  const rows = await query<{ inputHash: string }>(
    db,
    `/* lockCurrentInput */
    SELECT input_hash AS "inputHash" FROM sign_offs WHERE tenant_id = $1::uuid AND id = $2::uuid FOR NO KEY UPDATE`,
    [tenantId, id],
  );
  return rows[0]?.inputHash ?? null;
}

/**
 * Whether a request still waiting for an approval carries an input an owner
 * changed (S22), locking it until the decision commits: an approval that
 * names no input seen must not approve an edit its owner never looked at.
 */
export async function lockChangedInput(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const rows = await query<{ changed: boolean }>(
    db,
    `/* lockChangedInput */
    SELECT input_hash <> requested_input_hash AS changed FROM sign_offs
     WHERE tenant_id = $1::uuid AND id = $2::uuid AND state IN ('pending', 'partially_approved')
       FOR NO KEY UPDATE`,
    [tenantId, id],
  );
  return rows[0]?.changed ?? false;
}

/** What an edit found: how many approvals the request needs, and whose approvals it voided (a first approval by another owner). */
export interface StoredEdit {
  approvalsRequired: 1 | 2;
  voided: string[];
}

/**
 * Writes the edited input of a request waiting for an approval, this
 * owner's to decide, inside its window, whose input is still the one the
 * owner saw, and that this owner has not approved already (a first
 * approver's edit would be a second approval by the same owner, S20). Its
 * risk is raised to the edit's when that is higher, never lowered. Any
 * approval it had (another owner's first) is voided in the same statement:
 * that owner approved another input. The decision statement that follows
 * announces the change.
 */
export async function editOpenInput(
  db: Queryable,
  tenantId: string,
  ownerId: string,
  id: string,
  expectedInputHash: string,
  edit: JudgedEdit,
): Promise<StoredEdit | null> {
  const rows = await query<StoredEdit>(
    db,
    `/* editOpenInput */
    WITH changed AS (
      UPDATE sign_offs s
         SET input = $5, input_hash = $6,
             risk = CASE WHEN array_position(ARRAY['low', 'medium', 'high'], $7) > array_position(ARRAY['low', 'medium', 'high'], s.risk) THEN $7 ELSE s.risk END,
             risk_reasons = CASE WHEN array_position(ARRAY['low', 'medium', 'high'], $7) > array_position(ARRAY['low', 'medium', 'high'], s.risk)
                                 THEN $8::text[] ELSE s.risk_reasons END
       WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid
         AND s.agent_id IS NOT NULL /* guard: an owner-to-owner request is approved as proposed */
         AND (s.owner_id = $3::uuid OR s.approvals_required = 2) /* guard: only the owner decides (a two-person request: any owner of the tenant) */
         AND s.state IN ('pending', 'partially_approved') /* guard: only a request waiting for an approval is edited */
         AND s.input_hash = $4 /* guard: only the input the owner saw */
         AND s.requested_at >= now() - ${SIGN_OFF_WINDOW} /* guard: only inside its window */
         AND NOT EXISTS (SELECT 1 FROM sign_off_approvals a WHERE a.tenant_id = $1::uuid AND a.sign_off_id = $2::uuid AND a.owner_id = $3::uuid)
             /* guard: the first approver does not approve again, edited or not */
      RETURNING s.tenant_id, s.id, s.approvals_required
    ), voided AS (
      DELETE FROM sign_off_approvals a USING changed c WHERE a.tenant_id = c.tenant_id AND a.sign_off_id = c.id RETURNING a.owner_id
    )
    SELECT c.approvals_required AS "approvalsRequired", coalesce((SELECT array_agg(owner_id::text) FROM voided), '{}') AS voided FROM changed c`,
    [tenantId, id, ownerId, expectedInputHash, edit.input, edit.inputHash, edit.risk, edit.riskReasons],
  );
  return rows[0] ?? null;
}

/**
 * The first approval again, after an edit voided the one a request had: it
 * stays partially approved, now with this owner's approval of the edited
 * input alone, in one statement that announces the change. Its state does
 * not move, so no notification says it was decided. (Only a request needing
 * two approvals is ever half-approved: the table's state check holds that.)
 */
export async function approveEditedAgain(db: Queryable, tenantId: string, ownerId: string, id: string, note: string | null): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* approveEditedAgain */
    WITH changed AS (
      SELECT tenant_id, id, owner_id, agent_id FROM sign_offs s
       WHERE s.tenant_id = $1::uuid AND s.id = $2::uuid
         AND s.state = 'partially_approved' /* guard: only a request still half-approved */
         AND s.requested_at >= now() - ${SIGN_OFF_WINDOW} /* guard: only inside its window */
         AND NOT EXISTS (SELECT 1 FROM sign_off_approvals a WHERE a.tenant_id = s.tenant_id AND a.sign_off_id = s.id) /* guard: its approval was voided */
    ), approval AS (
      INSERT INTO sign_off_approvals (tenant_id, sign_off_id, owner_id, note) SELECT tenant_id, id, $3::uuid, $4 FROM changed
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, id, ownerId, note],
  );
  return rows[0]!.n === 1;
}
