import { createHash } from 'node:crypto';
import { canonicalJson } from '@countersign/manifest';

/** The `prev_hash` of a chain's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

/** The version of the entry's shape; a later shape gets a new number, and verify reads both. */
export const ENTRY_VERSION = 1;

/**
 * What an entry records (docs/audit.md, rule L1). Kinds are lower-case and
 * dotted; `actor` and `subject` are `type:id` (`owner:…`, `rule:…`,
 * `signoff:…`, `authority:…`, `agent:…`, `invitation:…`, `operation:<op>`,
 * `owner_token:…`, `webhook_endpoint:…`, `tenant:…`).
 */
export const AUDIT_KINDS = [
  'signoff.approved',
  'signoff.partially_approved',
  'signoff.approval_voided',
  'signoff.denied',
  'signoff.approved_by_rule',
  'rule.created',
  'rule.revoked',
  'authority.issued',
  'authority.revoked',
  'agent.revoked',
  'owner.joined',
  'invitation.created',
  'invitation.revoked',
  'policy.changed',
  'operation.defined',
  'operation.retired',
  'owner_token.created',
  'owner_token.revoked',
  'webhook_endpoint.created',
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The entry as hashed: every field of it is in the canonical text. */
export interface AuditEntryFields {
  v: number;
  tenantId: string;
  seq: number;
  kind: string;
  actor: string;
  subject: string;
  detail: unknown;
  /** ISO 8601, milliseconds, UTC. */
  at: string;
}

/** One link of a chain as stored and exported: the position, both hashes and the exact text hashed. */
export interface ChainRecord {
  seq: number;
  prevHash: string;
  hash: string;
  entry: string;
}

/** The canonical text of an entry: what is hashed, kept, exported and verified, byte for byte. */
export function entryText(fields: AuditEntryFields): string {
  return canonicalJson(fields);
}

/** `SHA-256(prev_hash ‖ entry)`: the hex text of the previous hash followed by the entry's canonical JSON, UTF-8. */
export function chainHash(prevHash: string, entry: string): string {
  return createHash('sha256').update(prevHash, 'utf8').update(entry, 'utf8').digest('hex');
}

const HEX64 = /^[0-9a-f]{64}$/;

/** The fields of an entry text, or a reason it is not one. */
export function readEntry(text: string): AuditEntryFields | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'its entry is not JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'its entry is not a JSON object';
  const e = value as Record<string, unknown>;
  if (e.v !== ENTRY_VERSION) return `its entry has no known version (v: ${JSON.stringify(e.v)})`;
  for (const field of ['tenantId', 'kind', 'actor', 'subject', 'at'] as const) {
    if (typeof e[field] !== 'string') return `its entry lacks "${field}"`;
  }
  if (!Number.isSafeInteger(e.seq)) return 'its entry lacks "seq"';
  if (!('detail' in e)) return 'its entry lacks "detail"';
  return e as unknown as AuditEntryFields;
}

/** Where a chain stops verifying; `seq` names the entry (or the first missing one). */
export type ChainProblem =
  | { kind: 'edited'; seq: number; message: string }
  | { kind: 'gap'; seq: number; message: string }
  | { kind: 'reordered'; seq: number; message: string }
  | { kind: 'broken-link'; seq: number; message: string }
  | { kind: 'truncated'; seq: number; message: string }
  | { kind: 'head-mismatch'; seq: number; message: string };

export type ChainVerdict = { ok: true; count: number; head: { seq: number; hash: string } } | { ok: false; problem: ChainProblem };

/**
 * Recomputes a tenant's chain from its records, in the order given (a file's
 * lines, or the database's rows by seq), and names the first record that
 * does not verify: an edited entry (its text no longer gives its hash, or is
 * not canonical, or says another position), a gap (seqs missing: deleted), a
 * reordered entry (a seq that comes later than it should), a broken link
 * (an entry does not follow the one before it: that one was rewritten whole).
 * The first record must be seq 1 with the genesis hash before it.
 */
export function verifyChain(records: readonly ChainRecord[], tenantId?: string): ChainVerdict {
  const present = new Set(records.map((record) => record.seq));
  let expected = 1;
  let prev = GENESIS_HASH;
  for (const record of records) {
    if (record.seq !== expected) {
      if (record.seq < expected || present.has(expected)) {
        // The expected entry is elsewhere in the list: the order, not the content, is wrong.
        const moved = record.seq < expected ? record.seq : expected;
        return fail('reordered', moved, `entry ${moved} is out of order: entry ${record.seq} stands where entry ${expected} should`);
      }
      const last = record.seq - 1;
      return fail(
        'gap',
        expected,
        `entr${last === expected ? 'y' : 'ies'} ${expected}${last === expected ? '' : `–${last}`} missing (deleted): entry ${record.seq} follows entry ${expected - 1}`,
      );
    }
    const fields = readEntry(record.entry);
    if (typeof fields === 'string') return fail('edited', record.seq, `entry ${record.seq} was edited: ${fields}`);
    if (chainHash(record.prevHash, record.entry) !== record.hash)
      return fail('edited', record.seq, `entry ${record.seq} was edited: its content no longer gives its hash`);
    if (entryText(fields) !== record.entry) return fail('edited', record.seq, `entry ${record.seq} was edited: its text is not canonical`);
    if (fields.seq !== record.seq) return fail('reordered', record.seq, `entry ${record.seq} was moved: its content says it is entry ${fields.seq}`);
    if (tenantId !== undefined && fields.tenantId !== tenantId)
      return fail('edited', record.seq, `entry ${record.seq} belongs to another tenant (${fields.tenantId})`);
    if (record.prevHash !== prev)
      return fail(
        'broken-link',
        record.seq,
        `entry ${record.seq} does not follow entry ${record.seq - 1}: ${record.seq === 1 ? 'the first entry does not start from the genesis hash' : `entry ${record.seq - 1} was rewritten, or entry ${record.seq} replaced`}`,
      );
    prev = record.hash;
    expected++;
  }
  return { ok: true, count: records.length, head: { seq: expected - 1, hash: prev } };
}

/**
 * Holds a verified chain to a head signed earlier and kept elsewhere: the
 * chain must reach the head's seq (else its tail was cut) and hold the same
 * hash there (else it was rewritten since). Entries after the head are
 * fine: the chain grew.
 */
export function checkAgainstHead(records: readonly ChainRecord[], verdict: ChainVerdict, head: { seq: number; hash: string }): ChainVerdict {
  if (!verdict.ok) return verdict;
  if (verdict.head.seq < head.seq) {
    const from = verdict.head.seq + 1;
    return fail(
      'truncated',
      from,
      `the chain was truncated: it ends at entry ${verdict.head.seq}, the signed head is entry ${head.seq} (entr${from === head.seq ? `y ${from}` : `ies ${from}–${head.seq}`} cut off)`,
    );
  }
  const atHead = records.find((record) => record.seq === head.seq);
  if (atHead?.hash !== head.hash) return fail('head-mismatch', head.seq, `entry ${head.seq} differs from the signed head: the chain was rewritten up to it`);
  return verdict;
}

function fail(kind: ChainProblem['kind'], seq: number, message: string): ChainVerdict {
  return { ok: false, problem: { kind, seq, message } };
}

/** Whether a text is a SHA-256 in lower-case hex, as every hash of a chain is. */
export function isChainHash(text: unknown): text is string {
  return typeof text === 'string' && HEX64.test(text);
}
