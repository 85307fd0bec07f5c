import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../../platform/db/sql.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import type { OwnerPrincipal, Principal } from '../../../platform/lib/principal.js';
import { readerOf } from '../../../platform/lib/reader.js';
import type { Runtime } from '../../../platform/lib/runtime.js';
import { isUuid } from '../../../platform/lib/validation.js';
import { pageOf, pageWindow, uuidCursor, type Page } from '../../../platform/lib/page.js';
import { lockLiveAgent } from '../../authorities/store.js';
import { appendAuditEntry } from '../../audit/append.js';
import { findLiveRepositoryByName } from '../../repositories/store.js';
import type { OperationView } from '../../operations/view.js';
import { operationNamed, operationOfRequest } from '../catalogue/catalogue.js';
import { findApprovalsRequired } from '../two-person/approval-policies-store.js';
import { checkConstraints, schemaFields, type RuleConstraintInput } from './rule-terms.js';
import {
  findSignOffRule,
  insertSignOffRule,
  listSignOffRules,
  revokeRuleIfLive,
  type NewSignOffRule,
  type RuleStateName,
  type SignOffRuleRow,
} from './rules-store.js';
import { decideSignOff, type SeenDecideOutcome } from '../service.js';
import { findSignOff } from '../store.js';

/*
 * Approve-and-remember rules (docs/sign-offs.md, S19): an owner's standing
 * approval of one agent's requests for one operation whose input fits the
 * owner's constraints, up to a cap and for at most 30 days. Matching happens
 * where requests are stored (rules-match.ts); here rules are made, revoked
 * and read.
 */

/** What the owner sets on a rule: the constraints, the cap, the end. Cap and end are required; the API takes them as optional only to answer a clear BAD_INPUT. */
export interface RuleTerms {
  constraints?: readonly RuleConstraintInput[] | null;
  maxApprovals?: number | null;
  endsAt?: string | Date | null;
}

/** The most approvals one rule may give. */
export const MAX_RULE_APPROVALS = 1000;

/** How long a rule may stand, in days (also a CHECK on the table). */
export const MAX_RULE_DAYS = 30;

function bad(message: string): never {
  throw graphQLError('BAD_INPUT', message);
}

/**
 * Refuses an operation no rule may cover: HIGH risk or irreversible
 * (repository.delete, repository.transfer, authority.grant, or a defined
 * operation declared so). Those always wait for the owner.
 */
function checkCoverable(operation: OperationView): void {
  if (operation.irreversible) bad(`${operation.op} cannot be undone: no rule may approve it; each request waits for you.`);
  if (operation.risk === 'HIGH') bad(`${operation.op} is high risk: no rule may approve it; each request waits for you.`);
}

/** The cap and end, checked: a whole cap from 1 to 1000 and an end given (its window is checked against the database's clock on insert). */
function checkCapAndEnd(terms: RuleTerms): { maxApprovals: number; endsAt: Date } {
  const { maxApprovals, endsAt } = terms;
  if (maxApprovals === null || maxApprovals === undefined) bad('A rule needs a cap: how many requests it may approve (maxApprovals).');
  if (!Number.isInteger(maxApprovals) || maxApprovals < 1 || maxApprovals > MAX_RULE_APPROVALS) {
    bad(`A rule's cap (maxApprovals) is a whole number from 1 to ${MAX_RULE_APPROVALS}.`);
  }
  if (endsAt === null || endsAt === undefined) bad(`A rule needs an end (endsAt), at most ${MAX_RULE_DAYS} days away.`);
  const end = new Date(endsAt);
  if (Number.isNaN(end.getTime())) bad('"endsAt" is not a date and time.');
  return { maxApprovals, endsAt: end };
}

/** A rule's row to write, from an operation (its schema's fields), the terms, and who and what it covers. */
function newRule(owner: OwnerPrincipal, operation: OperationView, terms: RuleTerms, covers: { agentId: string; repositoryId: string | null }): NewSignOffRule {
  checkCoverable(operation);
  const { maxApprovals, endsAt } = checkCapAndEnd(terms);
  const fields = schemaFields(operation.inputSchema);
  return {
    tenantId: owner.tenantId,
    id: randomUUID(),
    ownerId: owner.ownerId,
    ...covers,
    op: operation.op,
    opVersion: operation.tenantId === null ? null : operation.version,
    fields,
    constraints: checkConstraints(terms.constraints ?? [], fields),
    maxApprovals,
    endsAt,
  };
}

/**
 * Writes a checked rule and appends it to the tenant's audit chain, in the
 * caller's transaction. BAD_INPUT, nothing written, when the operation
 * needs two owners' approvals (S20: one owner's rule must not stand in for
 * two), or the end is not after now and within 30 days (the database's clock).
 */
async function writeRule(tx: Queryable, rule: NewSignOffRule): Promise<void> {
  if ((await findApprovalsRequired(tx, rule.tenantId, rule.op)) !== 1) {
    bad(`${rule.op} needs two owners' approvals in this tenant: no rule may approve it; each request waits for two of you.`);
  }
  if (!(await insertSignOffRule(tx, rule))) bad(`A rule's end (endsAt) must be in the future and at most ${MAX_RULE_DAYS} days away.`);
  const { id, agentId, op, opVersion, repositoryId, constraints, maxApprovals, endsAt } = rule;
  await appendAuditEntry(tx, {
    tenantId: rule.tenantId,
    kind: 'rule.created',
    actor: `owner:${rule.ownerId}`,
    subject: `rule:${id}`,
    detail: { agentId, op, opVersion, repositoryId, constraints, maxApprovals, endsAt },
  });
}

export interface CreateRuleInput {
  agent: string;
  op: string;
  /** A live repository of the owner's, by name: the rule covers only requests on it. Omitted: any of the owner's. */
  repository?: string | null;
  terms: RuleTerms;
}

export type CreateRuleOutcome = { kind: 'created'; rule: SignOffRuleRow } | { kind: 'not-found'; what: 'agent' | 'repository' };

/**
 * The owner makes a rule for one of their live agents and an operation (a
 * defined one at its latest version, which the rule pins). BAD_INPUT,
 * nothing written, for an operation no rule may cover, a missing or bad cap
 * or end, or a constraint on a field the operation's schema lacks;
 * NOT_FOUND for an agent (or repository) that is not the owner's.
 */
export async function createSignOffRule(deps: ServiceDeps, owner: OwnerPrincipal, input: CreateRuleInput): Promise<CreateRuleOutcome> {
  if (!isUuid(input.agent)) return { kind: 'not-found', what: 'agent' };
  return deps.scope.transaction(async (tx) => {
    // Held until commit, so a revocation of the agent either comes after the rule or the rule is refused.
    if (!(await lockLiveAgent(tx, owner.tenantId, owner.ownerId, input.agent))) return { kind: 'not-found', what: 'agent' } as const;
    const operation = await operationNamed(tx, owner.tenantId, input.op);
    if (!operation) bad(`Unknown operation "${input.op}".`);
    if (operation.retired) bad(`${input.op} is retired: it takes no requests, so a rule would approve none.`);
    if (input.repository && !operation.needsRepository) bad(`${input.op} acts on no repository: leave "repository" out.`);
    const repository = input.repository ? await findLiveRepositoryByName(tx, owner.tenantId, owner.ownerId, input.repository) : null;
    if (input.repository && !repository) return { kind: 'not-found', what: 'repository' } as const;
    const rule = newRule(owner, operation, input.terms, { agentId: input.agent, repositoryId: repository?.id ?? null });
    await writeRule(tx, rule);
    return { kind: 'created', rule: (await findSignOffRule(tx, owner.tenantId, rule.id, readerOf(owner)))! } as const;
  });
}

export type RememberOutcome = { decision: SeenDecideOutcome; rule: SignOffRuleRow | null };

/**
 * "Approve and allow similar": approves the request exactly as
 * `decideSignOff` would and, in the same transaction, makes a rule for its
 * agent, its operation (the version it was asked under) and its repository.
 * The terms are checked before anything is decided: a HIGH-risk request,
 * an operation no rule may cover, or bad terms are BAD_INPUT and change
 * nothing. A decision that does not go through (closed, not found,
 * re-authentication needed) makes no rule.
 */
export async function approveAndRemember(
  deps: ServiceDeps & { runtime: Runtime },
  owner: OwnerPrincipal,
  id: string,
  note: string | null | undefined,
  terms: RuleTerms,
): Promise<RememberOutcome> {
  const request = isUuid(id) ? await findSignOff(deps.scope.reads, owner.tenantId, id, readerOf(owner)) : null;
  if (!request) return { decision: { kind: 'not-found' }, rule: null };
  let rule: NewSignOffRule | null = null;
  if (request.state === 'pending') {
    if (!request.agentId) bad("Only an agent's request can be remembered: a rule covers one agent.");
    // A rule is its owner's standing word for their own agent, and stands in for one approval only (S20).
    if (request.ownerId !== owner.ownerId) bad("Only the request's own owner can allow similar requests: a rule covers their agent.");
    if (request.approvalsRequired === 2) bad('This operation needs two owners’ approvals: no rule may approve requests like it. Approve it on its own.');
    if (request.risk === 'high') bad('This request is high risk: no rule may approve requests like it. Approve it on its own.');
    rule = newRule(owner, await operationOfRequest(deps, request), terms, { agentId: request.agentId, repositoryId: request.repositoryId });
  }
  const decision = await decideSignOff(deps, owner, id, true, note, rule ? (tx) => writeRule(tx, rule) : undefined);
  const made = decision.kind === 'done' && rule ? await findSignOffRule(deps.scope.reads, owner.tenantId, rule.id, readerOf(owner)) : null;
  return { decision, rule: made };
}

/**
 * The owner revokes a rule: one conditional statement, so from its commit
 * no request on any instance is approved by it (the asking transaction's
 * draw re-checks `revoked_at`). Revoking again keeps the first reason.
 */
export async function revokeSignOffRule(deps: ServiceDeps, owner: OwnerPrincipal, id: string, reason: string): Promise<SignOffRuleRow | null> {
  const trimmed = reason.trim();
  if (trimmed.length < 1 || trimmed.length > 500) bad('A reason is 1 to 500 characters.');
  if (!isUuid(id)) return null;
  return deps.scope.transaction(async (tx) => {
    if (await revokeRuleIfLive(tx, owner.tenantId, owner.ownerId, id, trimmed)) {
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'rule.revoked',
        actor: `owner:${owner.ownerId}`,
        subject: `rule:${id}`,
        detail: { reason: trimmed },
      });
    }
    return findSignOffRule(tx, owner.tenantId, id, readerOf(owner));
  });
}

const STATES: readonly RuleStateName[] = ['active', 'exhausted', 'expired', 'revoked'];

/*
 * The rules' reads for the `signOffRules` and `signOffRule` queries, on the
 * pool. Raw SQL, not Prisma: a rule's state, which the list also filters
 * by, is computed from the database's now() (rules-store.ts). The loaders'
 * batch by ids is the store's `readSignOffRulesByIds`.
 */

/**
 * A page of the principal's rules (an owner's all, an agent's its own),
 * newest first, within the filters; the cursor is the last rule's id. An
 * agent id that is none of theirs lists nothing.
 */
export async function readSignOffRules(
  deps: Pick<ServiceDeps, 'db'>,
  principal: Principal,
  filter: { agentId?: string; state?: string },
  first: number,
  after: string | null | undefined,
): Promise<Page<SignOffRuleRow>> {
  const window = pageWindow(first, after, uuidCursor);
  const state = filter.state?.toLowerCase() as RuleStateName | undefined;
  if (state !== undefined && !STATES.includes(state)) bad(`Unknown rule state "${filter.state}".`);
  if (filter.agentId !== undefined && !isUuid(filter.agentId)) return pageOf<SignOffRuleRow>([], window.size, (rule) => rule.id);
  const rows = await listSignOffRules(deps.db.pool, principal.tenantId, readerOf(principal), { agentId: filter.agentId, state }, window.size + 1, window.after);
  return pageOf(rows, window.size, (rule) => rule.id);
}

/** One of the principal's rules, or null. */
export function readSignOffRule(deps: Pick<ServiceDeps, 'db'>, principal: Principal, id: string): Promise<SignOffRuleRow | null> {
  return isUuid(id) ? findSignOffRule(deps.db.pool, principal.tenantId, id, readerOf(principal)) : Promise.resolve(null);
}
