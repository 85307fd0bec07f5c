import type pg from 'pg';
import { inTransaction, query, type Queryable } from '../../platform/db/sql.js';
import { checkAgainstHead, readEntry, verifyChain, type ChainProblem, type ChainRecord, type ChainVerdict } from './chain.js';
import { parseExport } from './export-format.js';
import { checkHeadSignature, signedHeadView, type SignedHead } from './signed-head.js';
import { entriesAfter, findHead, knownAuditKeys, latestSignedHead, type StoredEntry } from './store.js';

/** A tenant's chain, verified: what was checked, and the first problem if any. */
export interface TenantVerdict {
  tenantId: string;
  /** Entries read. */
  count: number;
  problem: ChainProblem | null;
  /** The signed head the chain was held to, if any. */
  signedHead: SignedHead | null;
}

const BATCH = 1000;

/** Every entry of a tenant, by seq. */
async function readChain(db: Queryable, tenantId: string): Promise<StoredEntry[]> {
  const all: StoredEntry[] = [];
  for (;;) {
    const batch = await entriesAfter(db, tenantId, all.at(-1)?.seq ?? 0, BATCH);
    all.push(...batch);
    if (batch.length < BATCH) return all;
  }
}

/**
 * Recomputes a tenant's chain from the database (docs/audit.md, rule L3)
 * and holds it to the stored head row and to a signed head: the one given
 * (kept elsewhere, `--head`), else the latest stored one. The first problem
 * is named. Entries, head and signed heads are read in one read-only
 * snapshot: an append committing while verify reads is either wholly seen
 * or not at all, never a head ahead of the entries read.
 */
export async function verifyStoredChain(pool: pg.Pool, tenantId: string, head?: SignedHead): Promise<TenantVerdict> {
  return inTransaction(pool, async (tx) => {
    await query(tx, `/* verifySnapshot */ SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    return verifyInSnapshot(tx, tenantId, head);
  });
}

async function verifyInSnapshot(db: Queryable, tenantId: string, head: SignedHead | undefined): Promise<TenantVerdict> {
  const entries = await readChain(db, tenantId);
  const base = { tenantId, count: entries.length };
  let verdict = verifyChain(entries, tenantId);
  if (verdict.ok) {
    // The `at` column is shown by the log beside the hashed text: it must say the same.
    const differs = entries.find((entry) => {
      const fields = readEntry(entry.entry);
      return typeof fields === 'string' || Date.parse(fields.at) !== entry.at.getTime();
    });
    if (differs)
      verdict = {
        ok: false,
        problem: { kind: 'edited', seq: differs.seq, message: `entry ${differs.seq} was edited: its "at" column differs from the hashed entry` },
      };
  }
  const storedHead = await findHead(db, tenantId);
  if (verdict.ok && storedHead) verdict = checkStoredHead(verdict, storedHead);
  const stored = head ? null : await latestSignedHead(db, tenantId);
  const signed = head ?? (stored ? signedHeadView(stored) : null);
  if (verdict.ok && signed) verdict = holdToSignedHead(entries, verdict, signed, tenantId, await knownAuditKeys(db));
  // Every tenant has a head row from its creation (at seq 0 for an empty chain): none left means it was deleted, and with it what it vouched for.
  if (verdict.ok && !storedHead) verdict = headRowDeleted(verdict.head.seq);
  return { ...base, problem: verdict.ok ? null : verdict.problem, signedHead: signed };
}

function headRowDeleted(lastSeq: number): ChainVerdict {
  return {
    ok: false,
    problem: {
      kind: 'truncated',
      seq: lastSeq + 1,
      message: `the chain's head row was deleted: entries after entry ${lastSeq} may have been cut off with it`,
    },
  };
}

/** The head row must be where the chain ends: a head past the last entry means entries were cut from the tail. */
function checkStoredHead(verdict: ChainVerdict & { ok: true }, stored: { seq: number; hash: string }): ChainVerdict {
  if (stored.seq > verdict.head.seq) {
    const from = verdict.head.seq + 1;
    return {
      ok: false,
      problem: { kind: 'truncated', seq: from, message: `the chain was truncated: it ends at entry ${verdict.head.seq}, its head says entry ${stored.seq}` },
    };
  }
  if (stored.seq < verdict.head.seq || stored.hash !== verdict.head.hash)
    return {
      ok: false,
      problem: {
        kind: 'head-mismatch',
        seq: stored.seq,
        message: `the chain's head row (entry ${stored.seq}) does not match its last entry (${verdict.head.seq})`,
      },
    };
  return verdict;
}

function holdToSignedHead(
  records: readonly ChainRecord[],
  verdict: ChainVerdict,
  head: SignedHead,
  tenantId: string,
  knownKeys?: ReadonlyMap<string, string>,
): ChainVerdict {
  if (head.tenantId !== tenantId)
    return {
      ok: false,
      problem: { kind: 'head-mismatch', seq: head.seq, message: `the signed head is of tenant ${head.tenantId}, not of this chain's ${tenantId}` },
    };
  const bad = checkHeadSignature(head, knownKeys);
  if (bad) return { ok: false, problem: { kind: 'head-mismatch', seq: head.seq, message: bad } };
  return checkAgainstHead(records, verdict, head);
}

/**
 * Verifies an exported chain (the JSONL of `exportAuditLog`) without the
 * database: `parseExport` refuses what is not a chain (NotAChainError), and
 * a signed head, if given, is checked with the key it carries unless
 * `knownKeys` are given.
 */
export function verifyExportText(text: string, head?: SignedHead, knownKeys?: ReadonlyMap<string, string>): TenantVerdict {
  const { tenantId, records } = parseExport(text);
  let verdict = verifyChain(records, tenantId);
  if (verdict.ok && head) verdict = holdToSignedHead(records, verdict, head, tenantId, knownKeys);
  return { tenantId, count: records.length, problem: verdict.ok ? null : verdict.problem, signedHead: head ?? null };
}

/** The one line `audit verify` prints for a tenant. */
export function verdictLine(verdict: TenantVerdict): string {
  if (verdict.problem) return `tenant ${verdict.tenantId}: FAILED at entry ${verdict.problem.seq} (${verdict.problem.kind}): ${verdict.problem.message}`;
  const head = verdict.signedHead;
  const against = head ? `; holds signed head ${head.seq} (signed ${head.signedAt} with audit key ${head.kid}, public key ${head.publicKey})` : '';
  return `tenant ${verdict.tenantId}: verified ${verdict.count} entr${verdict.count === 1 ? 'y' : 'ies'}${against}`;
}
