import { isSetupNeeded } from '../../../domains/setup/service.js';
import { issueAuthority } from '../../../domains/authorities/service.js';
import { registerSigningKey } from '../../../domains/registry/service.js';
import { UsageError } from '../command-line.js';
import type { Command } from '../cli-context.js';
import { formatStatus, readStatus } from '../status.js';
import { DEFAULT_MAX_OUTBOX_AGE_SECONDS, formatProblems, statusProblems } from '../status-checks.js';
import { field, terminal } from '../terminal-text.js';

/** `migrate`, `status`, `authority issue`, `signing-key add`: the database itself, and what an owner grants or registers. */
export const databaseCommands: Record<string, Command> = {
  // Opening the database applied what was pending: say exactly what.
  migrate: async ({ db }) => {
    const { applied, alreadyApplied } = db.migrated ?? { applied: [], alreadyApplied: 0 };
    terminal.out(
      applied.length === 0
        ? `No migrations pending: the database is up to date (${alreadyApplied} applied).\n`
        : `Applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}.\n`,
    );
  },
  // Exit 1 when a check fails, so a script or a probe can act on it; the reason goes to stderr too, beside --json's pure stdout.
  status: async ({ input, db, deps }) => {
    const maxOutboxAgeSeconds = input.amount('max-outbox-age-seconds') ?? DEFAULT_MAX_OUTBOX_AGE_SECONDS;
    const status = await readStatus(db, () => isSetupNeeded(deps));
    const problems = statusProblems(status, maxOutboxAgeSeconds);
    terminal.out(
      input.flag('json')
        ? `${JSON.stringify({ ...status, ok: problems.length === 0, problems }, null, 2)}\n`
        : formatStatus(status, db.embedded ? 'embedded (started by this command)' : 'connected') + formatProblems(problems),
    );
    if (problems.length === 0) return;
    terminal.err(`countersign: status failing: ${problems.map((problem) => problem.message).join('; ')}\n`);
    process.exitCode = 1;
  },
  'authority issue': async (cli) => {
    const { input } = cli;
    const outcome = await issueAuthority(cli.deps, await cli.actingOwner(), {
      id: input.optional('id') ?? null,
      agent: input.need('agent'),
      name: input.need('name'),
      tokens: input.amount('tokens') ?? null,
      minorUnits: input.amount('minor-units') ?? null,
      currency: input.optional('currency') ?? null,
      draws: input.amount('draws') ?? null,
      perDrawTokens: input.amount('per-draw-tokens') ?? null,
      perDrawMinorUnits: input.amount('per-draw-minor-units') ?? null,
      notBefore: input.optional('not-before') ?? null,
      notAfter: input.optional('not-after') ?? null,
    });
    if (outcome.kind === 'agent-not-found') throw new UsageError('That owner has no live agent with this id.');
    if (outcome.kind === 'terms-conflict') throw new UsageError('An authority with this id was issued with other terms; terms never change: issue a new one.');
    terminal.err(`Authority ${field(outcome.authority.name)} ${outcome.existing ? 'already existed with these terms' : 'issued'}.\n`);
    terminal.out(`${outcome.authority.id}\n`);
  },
  'signing-key add': async (cli) => {
    const registered = await registerSigningKey(cli.deps, await cli.actingOwner(), cli.input.need('public-key'), cli.input.need('name'));
    terminal.err(`Signing key ${field(registered.key.name)} ${registered.existing ? 'was already registered' : 'registered'}.\n`);
    terminal.out(`${registered.key.keyId}\n`);
  },
};
