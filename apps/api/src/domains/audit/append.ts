import type { Queryable } from '../../platform/db/sql.js';
import { chainHash, ENTRY_VERSION, entryText, type AuditKind } from './chain.js';
import { appendAfterHead, lockHead } from './store.js';

export type { AuditKind } from './chain.js';

/** What an act tells the log; the chain adds the tenant's next seq, the time and the hashes. */
export interface AuditEntryInput {
  tenantId: string;
  kind: AuditKind;
  /** Who acted, `type:id`: `owner:<uuid>`, `rule:<id>`. */
  actor: string;
  /** What it was done to, `type:id`: `signoff:<uuid>`, `authority:<id>`, `agent:<uuid>`, `rule:<id>`. */
  subject: string;
  /** The act's particulars (a decision's note, an authority's terms); plain JSON. */
  detail: Record<string, unknown>;
}

/**
 * Appends one entry to the tenant's chain, in the caller's transaction
 * (docs/audit.md, rules L1–L2): the entry commits with the act or not at
 * all. The head's row lock is held to the end of that transaction, so
 * concurrent acts of a tenant append one after another; callers append
 * last, after their own row locks, so the head is always the last lock
 * taken and no two transactions wait on each other through it.
 */
export async function appendAuditEntry(tx: Queryable, input: AuditEntryInput): Promise<{ seq: number; hash: string }> {
  const head = await lockHead(tx, input.tenantId);
  const seq = head.seq + 1;
  // Through JSON once: an undefined field is dropped as JSON drops it, and a Date becomes its ISO text.
  const detail = JSON.parse(JSON.stringify(input.detail)) as unknown;
  const at = head.at.toISOString();
  const entry = entryText({ v: ENTRY_VERSION, tenantId: input.tenantId, seq, kind: input.kind, actor: input.actor, subject: input.subject, detail, at });
  const hash = chainHash(head.hash, entry);
  if (!(await appendAfterHead(tx, input.tenantId, { seq, prevHash: head.hash, hash, entry }, at)))
    throw new Error(`the audit head of tenant ${input.tenantId} moved under its lock`);
  return { seq, hash };
}
