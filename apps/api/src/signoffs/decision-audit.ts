import { appendAuditEntry } from '../audit/append.js';
import type { Queryable } from '../db/sql.js';
import type { OwnerPrincipal } from '../lib/principal.js';
import { findSignOff } from './store.js';

/** What an owner's decision did to a request, as its audit entry names it. */
export type DecisionAudit = 'approved' | 'partially_approved' | 'denied';

/**
 * Records an owner's decision in the tenant's audit chain (docs/audit.md,
 * L1), in the deciding transaction and only when the decision changed the
 * request: what was decided on (operation, version, input hash, agent) and
 * the note. Called last in that transaction: the audit head is the last
 * lock taken (L2).
 */
export async function auditDecision(tx: Queryable, owner: OwnerPrincipal, id: string, decision: DecisionAudit, note: string | null): Promise<void> {
  const row = await findSignOff(tx, owner.tenantId, id);
  await appendAuditEntry(tx, {
    tenantId: owner.tenantId,
    kind: `signoff.${decision}`,
    actor: `owner:${owner.ownerId}`,
    subject: `signoff:${id}`,
    detail: { op: row?.op, opVersion: row?.opVersion ?? null, inputHash: row?.inputHash, agentId: row?.agentId ?? null, note },
  });
}

/**
 * Records a request approved at once by a standing rule (S19), in the
 * transaction that stores it: the rule is the actor. For the rules' code to call.
 */
export async function auditRuleApproval(tx: Queryable, tenantId: string, id: string, ruleId: string): Promise<void> {
  const row = await findSignOff(tx, tenantId, id);
  await appendAuditEntry(tx, {
    tenantId,
    kind: 'signoff.approved_by_rule',
    actor: `rule:${ruleId}`,
    subject: `signoff:${id}`,
    detail: { op: row?.op, opVersion: row?.opVersion ?? null, inputHash: row?.inputHash, agentId: row?.agentId ?? null, ownerId: row?.ownerId },
  });
}

/**
 * Records a standing rule created (detail: its agent, operation and terms)
 * or revoked (detail: the reason), in the transaction that does it, last
 * (L2). For the rules' code to call, only when the statement changed a row.
 */
export async function auditRuleChange(
  tx: Queryable,
  owner: OwnerPrincipal,
  ruleId: string,
  change: 'created' | 'revoked',
  detail: Record<string, unknown>,
): Promise<void> {
  await appendAuditEntry(tx, { tenantId: owner.tenantId, kind: `rule.${change}`, actor: `owner:${owner.ownerId}`, subject: `rule:${ruleId}`, detail });
}
