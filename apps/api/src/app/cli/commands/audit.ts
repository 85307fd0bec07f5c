import { AuditInputError, exportChain, printKeys, verifyDatabase, type AuditCliIo } from '../../../domains/audit/cli.js';
import { rotateKey, signNow } from '../../../jobs/audit-signer/commands.js';
import { rotateApprovalKey } from '../../../domains/signoffs/grants/signer.js';
import { UsageError } from '../command-line.js';
import type { Command } from '../cli-context.js';
import { terminal } from '../terminal-text.js';

export const stdio: AuditCliIo = { out: terminal.out, err: terminal.err };

/** Runs an audit command; input that is not a chain or a head is the caller's mistake (exit 2). */
export async function auditInput(work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AuditInputError) throw new UsageError(error.message);
    throw error;
  }
}

/** `audit verify|export|sign|keys|rotate-key` on the database, and `approval-keys rotate`: the keys and chains an auditor checks. */
export const auditCommands: Record<string, Command> = {
  'audit verify': async (cli) => {
    const head = cli.input.optional('head');
    process.exitCode = await auditInput(async () => verifyDatabase(stdio, cli.db.pool, { tenantId: await cli.auditTenant(false), head }));
  },
  'audit export': async (cli) => {
    const tenantId = (await cli.auditTenant(true))!;
    const count = await exportChain(cli.deps, tenantId, (line) => {
      // Waits for a full stdout (a pipe to a slow reader) rather than holding the whole log in memory.
      if (!terminal.out(line)) return new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
    });
    terminal.err(`${count} entries of tenant ${tenantId} exported.\n`);
  },
  'audit sign': async (cli) => {
    process.exitCode = await signNow(stdio, cli.db.pool, await cli.box(), await cli.auditTenant(false));
  },
  'audit keys': async (cli) => {
    process.exitCode = await printKeys(stdio, cli.deps);
  },
  'audit rotate-key': async (cli) => {
    process.exitCode = await rotateKey(stdio, cli.db.pool, await cli.box());
  },
  'approval-keys rotate': async (cli) => {
    const kid = await rotateApprovalKey(cli.db.pool, await cli.box());
    terminal.err('Approval tokens are now signed with a new key; tokens signed before stay valid until they expire.\n');
    terminal.out(`${kid}\n`);
  },
};
