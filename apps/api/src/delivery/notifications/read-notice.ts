import { describeEffect, type Effect } from '@countersign/effect';
import type { Queryable } from '../../platform/db/sql.js';
import { describeOperation, isIrreversible } from '../../domains/signoffs/catalogue/operations.js';
import type { NotificationEvent } from './events.js';
import { consoleLink, type Notice, type SignOffSnapshot } from './notice.js';
import { readAgentSubject, readAuthoritySubject, readOwnerEmail, readSignOffSubject, type SignOffSubject } from './notice-store.js';
import { findSignedHead } from '../../domains/audit/store.js';
import { signedHeadView } from '../../domains/audit/signed-head.js';

/** What the fan-out knows of the event row it claimed. */
export interface EventRow {
  eventId: string;
  tenantId: string;
  at: Date;
}

/**
 * The event with what it is about, read now; null when there is nothing to
 * tell: a reminder of a request no longer waiting, or a subject gone. Read
 * in the fan-out's transaction (`tx`), which has just fenced the event row
 * and writes its deliveries: no request's scope, so it takes the
 * transaction as a store does (rule C6).
 */
export async function readNotice(tx: Queryable, row: EventRow, event: NotificationEvent, publicUrl: string): Promise<Notice | null> {
  const base = { eventId: row.eventId, type: event.type, at: row.at, tenantId: row.tenantId, ownerId: event.ownerId };
  switch (event.type) {
    case 'SIGN_OFF_REQUESTED':
    case 'SIGN_OFF_DECIDED':
    case 'SIGN_OFF_FINISHED':
    case 'SIGN_OFF_CLOSED':
    case 'SIGN_OFF_EXPIRING': {
      const subject = await readSignOffSubject(tx, row.tenantId, event.signOffId);
      if (!subject) return null;
      if (event.type === 'SIGN_OFF_EXPIRING' && !subject.open) return null;
      // A request needing two approvals is told to every owner of the tenant (docs/sign-offs.md, S20), each at their own address.
      const ownerEmail = subject.ownerId === event.ownerId ? subject.ownerEmail : await readOwnerEmail(tx, row.tenantId, event.ownerId);
      if (ownerEmail === null) return null;
      const signOff = snapshotOf(subject);
      return {
        ...base,
        ownerEmail,
        link: consoleLink(publicUrl, `/inbox/${subject.id}`),
        signOff,
        effect: effectOf(signOff, subject),
        // An owner-to-owner request has no agent; its snapshot names the proposing owner instead.
        ...(subject.agentId !== null ? { agent: { id: subject.agentId, name: subject.agentName ?? '', revokedAt: null } } : {}),
        ...(event.type === 'SIGN_OFF_EXPIRING' ? { hoursLeft: event.hoursLeft } : {}),
      };
    }
    case 'AUTHORITY_LOW':
    case 'AUTHORITY_EXHAUSTED': {
      const authority = await readAuthoritySubject(tx, row.tenantId, event.ownerId, event.authorityId);
      if (!authority) return null;
      const { ownerEmail, ...snapshot } = authority;
      return {
        ...base,
        ownerEmail,
        link: consoleLink(publicUrl, '/authorities'),
        authority: snapshot,
        agent: { ...snapshot.agent, revokedAt: null },
        dimension: event.dimension,
      };
    }
    case 'AGENT_REVOKED': {
      const agent = await readAgentSubject(tx, row.tenantId, event.agentId);
      if (!agent) return null;
      const { ownerEmail, ...snapshot } = agent;
      return { ...base, ownerEmail, link: consoleLink(publicUrl, '/agents'), agent: snapshot };
    }
    case 'AUDIT_HEAD_SIGNED': {
      const [head, ownerEmail] = await Promise.all([findSignedHead(tx, row.tenantId, event.seq), readOwnerEmail(tx, row.tenantId, event.ownerId)]);
      if (!head || ownerEmail === null) return null;
      return { ...base, ownerEmail, link: consoleLink(publicUrl, '/'), auditHead: signedHeadView(head) };
    }
  }
}

/**
 * What approving the request would do, in the console's words
 * (`@countersign/effect`), so every channel leads with the same sentence the
 * owner reads on the request's page. Numbers in `en-US`, instants in UTC:
 * the server knows no owner's time zone.
 */
export function effectOf(
  signOff: SignOffSnapshot,
  s: Pick<SignOffSubject, 'operationInputSchema'> & Partial<Pick<SignOffSubject, 'operationEffectTemplate' | 'operationFieldOrder'>>,
): Effect {
  const inputSchema = s.operationInputSchema === null ? {} : (JSON.parse(s.operationInputSchema) as unknown);
  const operation = { inputSchema, effectTemplate: s.operationEffectTemplate, fieldOrder: s.operationFieldOrder };
  return describeEffect({ ...signOff, operation }, 'en-US', 'UTC');
}

/** The request as the API returns it, from the one row read: a built-in's summary and irreversibility come from the catalogue in memory. */
function snapshotOf(s: SignOffSubject): SignOffSnapshot {
  if (s.opVersion !== null && s.operationSummary === null) throw new Error(`operation ${s.op} version ${s.opVersion} is missing`);
  return {
    id: s.id,
    op: s.op,
    opVersion: s.opVersion ?? 1,
    description: s.opVersion === null ? describeOperation(s.op, s.repositoryName) : s.operationSummary!,
    irreversible: s.opVersion === null ? isIrreversible(s.op) : s.operationIrreversible!,
    risk: s.risk.toUpperCase() as SignOffSnapshot['risk'],
    riskReasons: s.riskReasons,
    agent: s.agentId !== null ? { id: s.agentId, name: s.agentName ?? '' } : null,
    proposedBy: s.agentId === null ? { id: s.ownerId, email: s.ownerEmail } : null,
    repository: s.repositoryId && s.repositoryName ? { id: s.repositoryId, name: s.repositoryName } : null,
    input: JSON.parse(s.input) as unknown,
    inputHash: s.inputHash,
    summary: s.summary,
    reason: s.reason,
    state: s.state.toUpperCase(),
    requestedAt: s.requestedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    decidedAt: s.decidedAt?.toISOString() ?? null,
    note: s.note,
    finishedAt: s.finishedAt?.toISOString() ?? null,
    result: s.result ?? null,
    failure: s.failure,
  };
}
