import type { Queryable } from '../../../platform/db/sql.js';
import { appendAuditEntry } from '../../audit/append.js';
import { enqueueDelivery } from '../runs/delivery-store.js';
import { ruleCovers } from './rule-terms.js';
import { approveByRule, drawRule, dropAskingNotices, findCandidateRules, needsOneApproval, type RuleCandidateKey } from './rules-store.js';

/** The request just stored, as the match needs it. */
export interface StoredRequest extends RuleCandidateKey {
  id: string;
  /** The stored (canonical) input, parsed. */
  input: unknown;
  /** The risk assessed when it was stored. */
  risk: 'LOW' | 'MEDIUM' | 'HIGH';
  /** Whether its operation (the version asked) is irreversible. */
  irreversible: boolean;
}

/**
 * Approves a request just stored by one of its owner's live rules, inside
 * the asking transaction (docs/sign-offs.md, S19): none for a HIGH-risk or
 * irreversible request, or one that needs two owners' approvals, whatever a
 * rule says; otherwise the first candidate whose constraints the input fits
 * and whose conditional draw succeeds (a candidate exhausted or revoked
 * since it was read is passed over). The request then stands approved
 * exactly as an owner's approval leaves it, a WEBHOOK delivery written with
 * it, the notices that would have asked the owner taken back, and the approval is appended to the tenant's audit chain. Returns the
 * rule's id, or null when the request stays pending for its owner.
 */
export async function approveByMatchingRule(tx: Queryable, request: StoredRequest): Promise<string | null> {
  if (request.risk === 'HIGH' || request.irreversible) return null;
  const covering = (await findCandidateRules(tx, request)).filter((rule) => ruleCovers(rule, request.input));
  if (covering.length === 0 || !(await needsOneApproval(tx, request.tenantId, request.id))) return null;
  for (const rule of covering) {
    const remaining = await drawRule(tx, request.tenantId, rule.id);
    if (remaining === null) continue;
    if (!(await approveByRule(tx, request.tenantId, request.id, rule.id))) throw new Error(`sign-off ${request.id} was not pending when its rule approved it`);
    await dropAskingNotices(tx, request.tenantId, request.id);
    await enqueueDelivery(tx, request.tenantId, request.id);
    await appendAuditEntry(tx, {
      tenantId: request.tenantId,
      kind: 'signoff.approved_by_rule',
      actor: `rule:${rule.id}`,
      subject: `signoff:${request.id}`,
      detail: { op: request.op, agentId: request.agentId, ownerId: request.ownerId, remaining },
    });
    return rule.id;
  }
  return null;
}
