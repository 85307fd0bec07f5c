import { randomUUID } from 'node:crypto';
import type { AgentPrincipal, Drawer, OwnerPrincipal, Principal } from '../../platform/lib/principal.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { readerOf } from '../../platform/lib/reader.js';
import { publishEvent } from '../../platform/events/publish.js';
import { appendAuditEntry } from '../audit/append.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { isUuid } from '../../platform/lib/validation.js';
import { nameCursor, pageOf, pageWindow, type Page } from '../../platform/lib/page.js';
import {
  drawInOneCall,
  findAuthority,
  insertBalance,
  insertTermsOrRead,
  listAuthorities,
  listReceipts,
  revokeIfLive,
  type AuthorityView,
  type DrawCall,
  type ReceiptRow,
  lockLiveAgent,
} from './store.js';
import { drawAnnouncerFor } from './draw-announcer.js';
import { canonicalTerms, checkTerms, decisionOfVerdict, MAX_TOTAL, type AuthorityTerms, type DrawAmount, type TermsInput } from './terms.js';

const AUTHORITY_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

export type IssueOutcome = { kind: 'issued'; authority: AuthorityView; existing: boolean } | { kind: 'terms-conflict' } | { kind: 'agent-not-found' };

/**
 * Issues terms under an id, in the caller's transaction. Insert-or-nothing,
 * then a read of what is stored: identical terms mean the authority already
 * exists (a retry), different ones are refused. Nothing is ever updated.
 * Ids are the issuing owner's own: another owner's authority under the same
 * id is a different authority, so its existence never shows here.
 * `signOffId` is the authority.grant request issuing the terms, kept so the
 * authority leads back to what the owner approved.
 */
export async function issueInTransaction(
  db: Queryable,
  tenantId: string,
  id: string,
  terms: AuthorityTerms,
  signOffId: string | null = null,
): Promise<IssueOutcome> {
  const canonical = canonicalTerms(terms);
  const stored = await insertTermsOrRead(db, tenantId, id, terms, canonical, signOffId);
  if (stored !== canonical) return { kind: 'terms-conflict' };
  const created = await insertBalance(db, tenantId, id, terms);
  if (created) {
    await publishEvent(db, tenantId, 'AUTHORITY_CHANGED', { authorityId: id, ownerId: terms.ownerId, agentId: terms.agentId });
    // The terms as stored (canonical), and the request that granted them if any; the audit head is the last lock taken (docs/audit.md, L2).
    await appendAuditEntry(db, {
      tenantId,
      kind: 'authority.issued',
      actor: `owner:${terms.ownerId}`,
      subject: `authority:${id}`,
      detail: { agentId: terms.agentId, terms: JSON.parse(canonical) as unknown, signOffId },
    });
  }
  return { kind: 'issued', authority: (await findAuthority(db, tenantId, id, { ownerId: terms.ownerId }))!, existing: !created };
}

/** The owner grants one of their agents a standing authority. */
export async function issueAuthority(
  deps: ServiceDeps,
  owner: OwnerPrincipal,
  input: TermsInput & { id?: string | null; agent: string },
): Promise<IssueOutcome> {
  const id = input.id ?? randomUUID();
  if (!AUTHORITY_ID.test(id)) throw graphQLError('BAD_INPUT', 'An authority id is 1 to 100 letters, digits, dots, colons, dashes or underscores.');
  if (!isUuid(input.agent)) return { kind: 'agent-not-found' };
  const agentId = input.agent;
  return deps.scope.transaction(async (tx) => {
    // The agent is checked (live, this owner's) under the lock that a revocation also
    // takes, so no authority is issued to an agent revoked meanwhile. Not in
    // issueInTransaction: the authority.grant deed holds its request's row, which a
    // revocation also takes after the agent's; it checks the agent its own way (see signoffs).
    if (!(await lockLiveAgent(tx, owner.tenantId, owner.ownerId, agentId))) return { kind: 'agent-not-found' } as const;
    // Terms after the agent, as before: an agent that is not the owner's is NOT_FOUND whatever the terms.
    return issueInTransaction(tx, owner.tenantId, id, checkTerms(input, agentId, owner.ownerId));
  });
}

/** What an Exhausted answer shows: the balance as the draw found it. */
export interface ExhaustedBalance {
  tenantId: string;
  id: string;
  remainingTokens: bigint | null;
  remainingMinorUnits: bigint | null;
  remainingDraws: bigint | null;
}

export type DrawOutcome =
  | { kind: 'drawn'; receipt: ReceiptRow; replayed: boolean }
  | { kind: 'dispatch-key-reused'; receipt: ReceiptRow }
  | { kind: 'not-found' }
  | { kind: 'revoked'; reason: string }
  | { kind: 'not-yet-valid' }
  | { kind: 'expired' }
  | { kind: 'per-draw-cap'; message: string }
  | { kind: 'exhausted'; authority: ExhaustedBalance };

function replay(receipt: ReceiptRow, draw: DrawAmount): DrawOutcome {
  const same = receipt.tokens === BigInt(draw.tokens) && receipt.minorUnits === BigInt(draw.minorUnits);
  return same ? { kind: 'drawn', receipt, replayed: true } : { kind: 'dispatch-key-reused', receipt };
}

/**
 * One draw, one database call (`draw_authority`, rule A6): the key is
 * authenticated (again, unless the request left that to the draw), the
 * receipt looked for first (a retry of a landed draw gets its receipt back
 * whatever happened since), then the balance row locked, the agent and its
 * key and the receipt checked again under the lock (a racing twin may have
 * landed meanwhile), the rule decided (the branches of decideDraw), and the
 * balance and receipt written together.
 *
 * Returns the outcome and the agent whose key drew: a draw-only request is
 * authenticated by this call, and what its answer reads next
 * (`Drawn.authority`) is read as that agent. An unknown key is
 * UNAUTHENTICATED whatever else is wrong with the draw, but for its input's
 * shape (BAD_INPUT, which needs no database).
 */
export async function drawAuthority(
  deps: ServiceDeps,
  drawer: Drawer,
  input: { authority: string; dispatchKey: string; tokens?: number | null; minorUnits?: number | null },
): Promise<{ outcome: DrawOutcome; agent: AgentPrincipal }> {
  const draw: DrawAmount = { tokens: input.tokens ?? 0, minorUnits: input.minorUnits ?? 0 };
  for (const [label, value] of Object.entries(draw)) {
    if (!Number.isSafeInteger(value) || value < 0) throw graphQLError('BAD_INPUT', `${label} must be a whole number from 0 to 2^53 − 1.`);
  }
  if (draw.tokens === 0 && draw.minorUnits === 0) throw graphQLError('BAD_INPUT', 'A draw takes some tokens or minor units.');
  if (input.dispatchKey.length === 0 || input.dispatchKey.length > 255) throw graphQLError('BAD_INPUT', 'A dispatch key is 1 to 255 characters.');
  // No authority has such an id; an unchecked key still goes to the call, which checks it (an unknown key is UNAUTHENTICATED, not NotFound).
  if (!AUTHORITY_ID.test(input.authority) && drawer.kind === 'agent') return { outcome: { kind: 'not-found' }, agent: drawer };

  // Alone, the call runs in autocommit: one round trip, no BEGIN or COMMIT of its own, and its
  // announcement is gathered with others after the commit (draw-announcer.ts). A request that
  // carries an idempotency key has its own transaction, which the call joins (see WriteScope);
  // its commit comes later, so it announces from its own statement instead.
  const ownTransaction = deps.scope.reads !== deps.db.pool;
  if (ownTransaction) {
    const call = await deps.scope.transaction((tx) => drawInOneCall(tx, drawer.keyHash, input.authority, input.dispatchKey, draw, true));
    return { outcome: outcomeOf(call, input, draw), agent: agentOf(call, drawer.keyHash) };
  }
  const call = await drawInOneCall(deps.db.pool, drawer.keyHash, input.authority, input.dispatchKey, draw, false);
  if (call.verdict === 'drawn') {
    drawAnnouncerFor(deps.db.pool, deps.log).announce({
      tenantId: call.tenantId!,
      authorityId: input.authority,
      ownerId: call.ownerId!,
      agentId: call.agentId!,
    });
  }
  return { outcome: outcomeOf(call, input, draw), agent: agentOf(call, drawer.keyHash) };
}

const UNKNOWN_KEY = 'This agent key is unknown or has been revoked.';

/** The agent the call authenticated by the key; an unknown key ends the request as UNAUTHENTICATED. */
function agentOf(call: DrawCall, keyHash: string): AgentPrincipal {
  if (call.verdict === 'unauthenticated') throw graphQLError('UNAUTHENTICATED', UNKNOWN_KEY);
  return { kind: 'agent', tenantId: call.tenantId!, ownerId: call.ownerId!, agentId: call.agentId!, keyHash };
}

function outcomeOf(call: DrawCall, input: { authority: string; dispatchKey: string }, draw: DrawAmount): DrawOutcome {
  switch (call.verdict) {
    // The key was never valid (a draw-only request, checked here first), or was revoked or replaced since the request checked it.
    case 'unauthenticated':
      throw graphQLError('UNAUTHENTICATED', UNKNOWN_KEY);
    case 'not-found':
      return { kind: 'not-found' };
    case 'no-currency':
      throw graphQLError('BAD_INPUT', 'This authority carries no currency: draw tokens only.');
    case 'prior':
      return replay(receiptOf(call, input), draw);
    case 'drawn':
      return { kind: 'drawn', receipt: receiptOf(call, input), replayed: false };
  }
  const caps = { perDrawTokens: numberOrNull(call.perDrawTokens), perDrawMinorUnits: numberOrNull(call.perDrawMinorUnits), currency: call.currency };
  const decision = decisionOfVerdict(call.verdict, caps, call.revokeReason);
  switch (decision.kind) {
    case 'exhausted':
      return {
        kind: 'exhausted',
        authority: {
          tenantId: call.tenantId!,
          id: input.authority,
          remainingTokens: call.remainingTokens,
          remainingMinorUnits: call.remainingMinorUnits,
          remainingDraws: call.remainingDraws,
        },
      };
    // Nothing was written; thrown so that a request's own transaction (its idempotency claim) rolls back too.
    case 'total-out-of-range':
      throw graphQLError('BAD_INPUT', decision.message);
    case 'allowed':
      throw new Error('draw_authority decided to allow a draw but did not draw');
    default:
      return decision;
  }
}

const numberOrNull = (value: bigint | null) => (value === null ? null : Number(value));

function receiptOf(call: DrawCall, input: { authority: string; dispatchKey: string }): ReceiptRow {
  return {
    tenantId: call.tenantId!,
    ownerId: call.ownerId!,
    authorityId: input.authority,
    dispatchKey: input.dispatchKey,
    tokens: call.tokens!,
    minorUnits: call.minorUnits!,
    remainingTokens: call.remainingTokens,
    remainingMinorUnits: call.remainingMinorUnits,
    remainingDraws: call.remainingDraws,
    ordinal: call.ordinal!,
    drawnAt: call.drawnAt!,
  };
}

/** The owner revokes: idempotent, first reason kept; announced once. */
export async function revokeAuthority(deps: ServiceDeps, owner: OwnerPrincipal, id: string, reason: string): Promise<AuthorityView | null> {
  const trimmed = reason.trim();
  if (trimmed.length === 0 || trimmed.length > 500) throw graphQLError('BAD_INPUT', 'A revocation reason is 1 to 500 characters.');
  if (!AUTHORITY_ID.test(id)) return null;
  return deps.scope.transaction(async (tx) => {
    if (await revokeIfLive(tx, owner.tenantId, owner.ownerId, id, trimmed)) {
      const revoked = (await findAuthority(tx, owner.tenantId, id, { ownerId: owner.ownerId }))!;
      await publishEvent(tx, owner.tenantId, 'AUTHORITY_CHANGED', { authorityId: id, ownerId: revoked.ownerId, agentId: revoked.agentId });
      await appendAuditEntry(tx, {
        tenantId: owner.tenantId,
        kind: 'authority.revoked',
        actor: `owner:${owner.ownerId}`,
        subject: `authority:${id}`,
        detail: { agentId: revoked.agentId, reason: trimmed },
      });
      return revoked;
    }
    return findAuthority(tx, owner.tenantId, id, { ownerId: owner.ownerId });
  });
}

/**
 * One of the principal's authorities, or null. Read through the scope: a
 * draw's answer (`Drawn.authority`) reads it inside the draw's own
 * transaction; for a query or an event the scope's reads are the pool.
 */
export function readAuthority(deps: Pick<ServiceDeps, 'scope'>, principal: Principal, id: string): Promise<AuthorityView | null> {
  return AUTHORITY_ID.test(id) ? findAuthority(deps.scope.reads, principal.tenantId, id, readerOf(principal)) : Promise.resolve(null);
}

/** Authority ids are the issuer's choice (or a uuid); a cursor is one of them, so any short text. */
const readAuthorityCursor = nameCursor(200);

/** A page of the principal's authorities, newest first; the cursor is the last one's id. */
export async function readAuthorities(deps: ServiceDeps, principal: Principal, first: number, after: string | null | undefined): Promise<Page<AuthorityView>> {
  const window = pageWindow(first, after, readAuthorityCursor);
  const rows = await listAuthorities(deps.db.pool, principal.tenantId, readerOf(principal), window.size + 1, window.after);
  return pageOf(rows, window.size, (row) => row.id);
}

/**
 * The ordinal a receipts cursor stands for, or undefined for the first
 * page. Cursors are ordinals, from 1 to 2^53 − 1 (a balance's draws never
 * pass it); anything else, including a number PostgreSQL's bigint cannot
 * hold, is BAD_INPUT here rather than an internal error in the query.
 */
function readReceiptCursor(after: string | null | undefined): bigint | undefined {
  if (after == null) return undefined;
  const ordinal = /^[1-9][0-9]{0,15}$/.test(after) ? BigInt(after) : 0n;
  if (ordinal < 1n || ordinal > MAX_TOTAL)
    throw graphQLError('BAD_INPUT', 'That cursor is not one this API gave out: "after" takes the endCursor of an earlier page.');
  return ordinal;
}

/** Throws BAD_INPUT for page arguments no page can have. */
export function checkReceiptPage(first: number, after: string | null | undefined): bigint | undefined {
  if (!Number.isInteger(first) || first < 1 || first > 100) throw graphQLError('BAD_INPUT', '"first" must be from 1 to 100.');
  return readReceiptCursor(after);
}

/**
 * A page of receipts, newest first; the cursor is the last ordinal seen.
 * Read through the scope: a draw's answer reads them inside its own transaction (see WriteScope).
 */
export async function receiptPage(deps: Pick<ServiceDeps, 'scope'>, authority: AuthorityView, first: number, after: string | null | undefined) {
  const rows = await listReceipts(deps.scope.reads, authority, first, checkReceiptPage(first, after));
  const nodes = rows.slice(0, first);
  return { nodes, pageInfo: { hasNextPage: rows.length > first, endCursor: nodes.at(-1)?.ordinal.toString() ?? null } };
}
