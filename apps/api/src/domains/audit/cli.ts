import { readFile } from 'node:fs/promises';
import type pg from 'pg';
import type { ServiceDeps } from '../../platform/lib/deps.js';
import { exportLine, NotAChainError } from './export-format.js';
import { NotASignedHeadError, parseSignedHead, type SignedHead } from './signed-head.js';
import { allTenantIds, entriesAfter, listAuditPublicKeys, tenantExists } from './store.js';
import { verdictLine, verifyExportText, verifyStoredChain, type TenantVerdict } from './verify.js';

/** The `audit …` commands of `pnpm countersign` (docs/audit.md): what they write, and whether they succeeded. */
export interface AuditCliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Thrown for input that is not what a command reads (a file that is not a chain or a head): the CLI prints it, exit 2. */
export class AuditInputError extends Error {}

async function readText(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new AuditInputError(`cannot read the ${what} ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** The signed head in `file`, or AuditInputError naming what is wrong with it. */
export async function readHeadFile(file: string): Promise<SignedHead> {
  try {
    return parseSignedHead(await readText(file, 'head file'));
  } catch (error) {
    if (error instanceof NotASignedHeadError) throw new AuditInputError(`${file}: ${error.message}`);
    throw error;
  }
}

/**
 * `audit verify --from FILE [--head FILE] [--public-key KEY]`, with no
 * database: recomputes an exported chain. The head's signature is checked
 * with the key it carries, or, with --public-key, only if it carries that
 * one. Returns the exit code: 0 verified, 1 a problem named.
 */
export async function verifyExportFile(io: AuditCliIo, options: { from: string; head?: string; publicKey?: string }): Promise<number> {
  const text = await readText(options.from, 'export');
  const head = options.head ? await readHeadFile(options.head) : undefined;
  const pinned = head && options.publicKey ? new Map([[head.kid, options.publicKey]]) : undefined;
  let verdict: TenantVerdict;
  try {
    verdict = verifyExportText(text, head, pinned);
  } catch (error) {
    if (error instanceof NotAChainError) throw new AuditInputError(`${options.from}: ${error.message}`);
    throw error;
  }
  return report(io, [verdict]);
}

/**
 * `audit verify [--tenant T] [--head FILE]` on the database: every tenant's
 * chain (an empty one verifies, 0 entries), or one; with --head, the
 * tenant's chain held to that signed head, its key one of this server's
 * audit keys. A tenant that does not exist is the caller's mistake
 * (AuditInputError), not a failed chain.
 */
export async function verifyDatabase(io: AuditCliIo, pool: pg.Pool, options: { tenantId?: string; head?: string }): Promise<number> {
  const head = options.head ? await readHeadFile(options.head) : undefined;
  const tenantId = options.tenantId ?? head?.tenantId;
  if (tenantId !== undefined && !(await tenantExists(pool, tenantId)))
    throw new AuditInputError(`no tenant has the id ${tenantId}${options.tenantId === undefined ? ` (the tenantId of ${options.head})` : ''}`);
  const tenants = tenantId ? [tenantId] : await allTenantIds(pool);
  if (tenants.length === 0) {
    io.out('no tenant yet: nothing to verify\n');
    return 0;
  }
  const verdicts: TenantVerdict[] = [];
  for (const tenant of tenants) verdicts.push(await verifyStoredChain(pool, tenant, head));
  return report(io, verdicts);
}

function report(io: AuditCliIo, verdicts: TenantVerdict[]): number {
  for (const verdict of verdicts) (verdict.problem ? io.err : io.out)(`${verdictLine(verdict)}\n`);
  const failed = verdicts.filter((verdict) => verdict.problem).length;
  if (verdicts.length > 1) {
    const entries = verdicts.reduce((sum, verdict) => sum + verdict.count, 0);
    io.out(`${verdicts.length - failed} of ${verdicts.length} chains verified (${entries} entries)\n`);
  }
  return failed === 0 ? 0 : 1;
}

/**
 * `audit export --tenant T` and `GET /audit/export`: the tenant's chain as
 * JSONL, oldest first, a batch at a time. Raw on the pool, through the same
 * `entriesAfter` that verify runs inside its snapshot transaction, where
 * Prisma cannot go: one read of the chain, not two.
 */
export async function exportChain(deps: Pick<ServiceDeps, 'db'>, tenantId: string, write: (line: string) => void | Promise<void>): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const batch = await entriesAfter(deps.db.pool, tenantId, after, 1000);
    for (const entry of batch) await write(exportLine(entry));
    count += batch.length;
    if (batch.length < 1000) return count;
    after = batch.at(-1)!.seq;
  }
}

/** `audit keys`: every audit public key, one per line: kid, key (base64url), created, retired. */
export async function printKeys(io: AuditCliIo, deps: Pick<ServiceDeps, 'db'>): Promise<number> {
  for (const key of await listAuditPublicKeys(deps.db.pool)) {
    io.out(`${key.kid}\t${key.publicKey}\t${key.createdAt.toISOString()}\t${key.retiredAt ? `retired ${key.retiredAt.toISOString()}` : 'active'}\n`);
  }
  return 0;
}
