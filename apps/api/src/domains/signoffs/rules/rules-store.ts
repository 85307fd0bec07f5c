import { query, type Queryable } from '../../../platform/db/sql.js';
import type { Principal } from '../../../platform/lib/principal.js';
import { readerFilter, readerOf, type Reader } from '../../../platform/lib/reader.js';
import { isUuid } from '../../../platform/lib/validation.js';
import type { StoredConstraint } from './rule-terms.js';
import { ANNOUNCE_CHANGED, APPROVED_STATE } from '../store.js';

/*
 * The SQL of approve-and-remember rules (docs/sign-offs.md, S19): writing a
 * rule, the asking transaction's look for candidates and its draw, the
 * request's approval by the rule, revocation and the owner's list.
 */

export type RuleStateName = 'active' | 'exhausted' | 'expired' | 'revoked';

/** What making a rule stores; the rest is the database's. */
export interface NewSignOffRule {
  tenantId: string;
  id: string;
  ownerId: string;
  agentId: string;
  op: string;
  opVersion: number | null;
  repositoryId: string | null;
  fields: string[];
  constraints: StoredConstraint[];
  maxApprovals: number;
  endsAt: Date;
}

/** A rule as every reader sees it, its state at the database's now(). */
export interface SignOffRuleRow extends NewSignOffRule {
  remaining: number;
  createdAt: Date;
  revokedAt: Date | null;
  revokeReason: string | null;
  state: RuleStateName;
}

const COLUMNS = `
  r.tenant_id AS "tenantId", r.id, r.owner_id AS "ownerId", r.agent_id AS "agentId", r.op, r.op_version AS "opVersion",
  r.repository_id AS "repositoryId", r.fields, r.constraints, r.max_approvals AS "maxApprovals", r.remaining,
  r.ends_at AS "endsAt", r.created_at AS "createdAt", r.revoked_at AS "revokedAt", r.revoke_reason AS "revokeReason",
  CASE WHEN r.revoked_at IS NOT NULL THEN 'revoked' WHEN r.ends_at <= now() THEN 'expired'
       WHEN r.remaining = 0 THEN 'exhausted' ELSE 'active' END AS state`;

/**
 * Writes a rule with its whole cap remaining. The end is checked against the
 * database's clock in the statement itself (after now(), at most 30 days
 * on): false, and nothing written, when it is not.
 */
export async function insertSignOffRule(db: Queryable, rule: NewSignOffRule): Promise<boolean> {
  const rows = await query(
    db,
    `/* insertSignOffRule */
    INSERT INTO sign_off_rules (tenant_id, id, owner_id, agent_id, op, op_version, repository_id, fields, constraints, max_approvals, remaining, ends_at)
    SELECT $1::uuid, $2::uuid, $3::uuid, $4::uuid, $5, $6::int, $7::uuid, $8::text[], $9::jsonb, $10::int, $10::int, $11::timestamptz
     WHERE $11::timestamptz > now() AND $11::timestamptz <= now() + interval '30 days' /* guard: an end after now, at most 30 days on */
    RETURNING id`,
    [
      rule.tenantId,
      rule.id,
      rule.ownerId,
      rule.agentId,
      rule.op,
      rule.opVersion,
      rule.repositoryId,
      rule.fields,
      JSON.stringify(rule.constraints),
      rule.maxApprovals,
      rule.endsAt,
    ],
  );
  return rows.length === 1;
}

/** Which request is being asked: the rules that may cover it are the agent's for this operation, version and repository. */
export interface RuleCandidateKey {
  tenantId: string;
  ownerId: string;
  agentId: string;
  op: string;
  opVersion: number | null;
  repositoryId: string | null;
}

/**
 * The live rules that may cover a request (their constraints are matched in
 * the caller: rule-terms.ts), the soonest to end first. Nothing is locked:
 * the draw that follows re-checks every condition in its own statement.
 */
export function findCandidateRules(db: Queryable, key: RuleCandidateKey): Promise<SignOffRuleRow[]> {
  return query<SignOffRuleRow>(
    db,
    `/* findCandidateRules */
    SELECT ${COLUMNS} FROM sign_off_rules r
     WHERE r.tenant_id = $1::uuid AND r.owner_id = $2::uuid AND r.agent_id = $3::uuid AND r.op = $4
       AND r.op_version IS NOT DISTINCT FROM $5::int AND (r.repository_id IS NULL OR r.repository_id = $6::uuid)
       AND r.revoked_at IS NULL AND r.remaining > 0 AND r.ends_at > now()
     ORDER BY r.ends_at, r.id`,
    [key.tenantId, key.ownerId, key.agentId, key.op, key.opVersion, key.repositoryId],
  );
}

/**
 * Takes one approval from a rule, in one conditional statement: only a rule
 * still live (not revoked, not past its end) with approvals left changes.
 * Of any number of racing draws, on any instance, at most `remaining`
 * succeed; and `CHECK (remaining >= 0)` refuses the rest even if a guard
 * were lost. A revocation that commits first leaves nothing to draw.
 * The approvals left after this one; null when nothing was drawn.
 */
export async function drawRule(db: Queryable, tenantId: string, id: string): Promise<number | null> {
  const rows = await query<{ remaining: number }>(
    db,
    `/* drawRule */
    UPDATE sign_off_rules SET remaining = remaining - 1
     WHERE tenant_id = $1::uuid AND id = $2::uuid
       AND remaining > 0 /* guard: only a rule with approvals left */
       AND revoked_at IS NULL /* guard: a revoked rule approves nothing */
       AND ends_at > now() /* guard: nor one past its end */
    RETURNING remaining`,
    [tenantId, id],
  );
  return rows[0]?.remaining ?? null;
}

/**
 * Approves a request just stored, by the rule drawn for it, in the asking
 * transaction, and announces it: the state an owner's approval gives
 * (running, awaiting redeem, delivering: see decidePending), decided now,
 * with the rule named.
 */
export async function approveByRule(db: Queryable, tenantId: string, id: string, ruleId: string): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    `/* approveByRule */
    WITH changed AS (
      UPDATE sign_offs
         SET state = ${APPROVED_STATE}, decided_at = now(), approved_by_rule = $3::uuid
       WHERE tenant_id = $1::uuid AND id = $2::uuid AND state = 'pending' /* guard: only the pending request just stored */
      RETURNING tenant_id, id, owner_id, agent_id
    ) ${ANNOUNCE_CHANGED}`,
    [tenantId, id, ruleId],
  );
  return rows[0]!.n === 1;
}

/**
 * Takes back, in the transaction that stored it, what the request's insert
 * queued to ask its owner — the "asks you" notice and the reminders before
 * its window closes — once a rule has approved it: the owner chose not to
 * be asked about such requests, and is told of the decision and the outcome
 * as after any approval. Nothing was sent: the rows are not yet committed.
 */
export async function dropAskingNotices(db: Queryable, tenantId: string, id: string): Promise<void> {
  await query(
    db,
    `/* dropAskingNotices */
    DELETE FROM outbox
     WHERE tenant_id = $1::uuid AND sign_off_id = $2::uuid AND channel = 'event'
       AND event IN ('SIGN_OFF_REQUESTED', 'SIGN_OFF_EXPIRING') /* guard: only the notices that ask the owner */`,
    [tenantId, id],
  );
}

/**
 * Whether the request just stored needs one approval only: a request of an
 * operation that needs two owners' (S20) is never approved by a rule, which
 * is one owner's standing word.
 */
export async function needsOneApproval(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  const rows = await query<{ one: boolean }>(
    db,
    `/* needsOneApproval */
    SELECT approvals_required = 1 AS one FROM sign_offs WHERE tenant_id = $1::uuid AND id = $2::uuid`,
    [tenantId, id],
  );
  return rows[0]?.one === true;
}

/** Revokes the owner's rule unless already revoked: idempotent, and the first reason stays. */
export async function revokeRuleIfLive(db: Queryable, tenantId: string, ownerId: string, id: string, reason: string): Promise<boolean> {
  const rows = await query(
    db,
    `/* revokeSignOffRule */
    UPDATE sign_off_rules SET revoked_at = now(), revoke_reason = $4
     WHERE tenant_id = $1::uuid AND id = $2::uuid AND owner_id = $3::uuid /* guard: only the owner revokes */
       AND revoked_at IS NULL /* guard: the first revocation's reason stays */
    RETURNING id`,
    [tenantId, id, ownerId, reason],
  );
  return rows.length === 1;
}

export async function findSignOffRule(db: Queryable, tenantId: string, id: string, reader: Reader): Promise<SignOffRuleRow | null> {
  const params: unknown[] = [tenantId, id];
  const rows = await query<SignOffRuleRow>(
    db,
    `/* findSignOffRule */
    SELECT ${COLUMNS} FROM sign_off_rules r WHERE r.tenant_id = $1::uuid AND r.id = $2::uuid AND ${readerFilter(reader, params, 'r')}`,
    params,
  );
  return rows[0] ?? null;
}

/** The reader's rules among `ids`, in no order: one statement for a page of requests' `approvedByRule`. */
export function findSignOffRulesByIds(db: Queryable, tenantId: string, ids: readonly string[], reader: Reader): Promise<SignOffRuleRow[]> {
  const params: unknown[] = [tenantId, ids];
  return query<SignOffRuleRow>(
    db,
    `/* findSignOffRulesByIds */
    SELECT ${COLUMNS} FROM sign_off_rules r WHERE r.tenant_id = $1::uuid AND r.id = ANY($2::uuid[]) AND ${readerFilter(reader, params, 'r')}`,
    params,
  );
}

/** The principal's rules among `ids`, for a list of requests' `approvedByRule` in one statement (ids that are no uuid are simply absent). */
export function readSignOffRulesByIds(db: Queryable, principal: Principal, ids: readonly string[]): Promise<SignOffRuleRow[]> {
  const valid = ids.filter(isUuid);
  return valid.length === 0 ? Promise.resolve([]) : findSignOffRulesByIds(db, principal.tenantId, valid, readerOf(principal));
}

/** The reader's rules, newest first; `agentId` and `state` narrow them. */
export function listSignOffRules(
  db: Queryable,
  tenantId: string,
  reader: Reader,
  filter: { agentId?: string; state?: RuleStateName },
  limit: number,
  after: string | undefined,
): Promise<SignOffRuleRow[]> {
  const params: unknown[] = [tenantId, filter.agentId ?? null, filter.state ?? null, after ?? null, limit];
  // The cursor's rule is looked up once by its id (its time never travels in a cursor); sign_off_rules_by_owner serves the order.
  return query<SignOffRuleRow>(
    db,
    `/* listSignOffRules */
    SELECT * FROM (
      SELECT ${COLUMNS} FROM sign_off_rules r
       WHERE r.tenant_id = $1::uuid AND ${readerFilter(reader, params, 'r')} AND ($2::uuid IS NULL OR r.agent_id = $2::uuid)
         AND ($4::uuid IS NULL OR (r.created_at, r.id) < ((SELECT c.created_at FROM sign_off_rules c WHERE c.tenant_id = $1::uuid AND c.id = $4::uuid), $4::uuid))
    ) listed
    WHERE $3::text IS NULL OR listed.state = $3
    ORDER BY listed."createdAt" DESC, listed.id DESC LIMIT $5`,
    params,
  );
}
