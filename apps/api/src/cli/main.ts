import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import type { OwnerPrincipal } from '../lib/principal.js';
import { loadConfig } from '../config.js';
import { openDatabase, type Database } from '../db/database.js';
import { createLogger } from '../logger.js';
import { findOwnerByEmail } from '../owners/store.js';
import { createOwner, prepareOwner } from '../owners/service.js';
import { createAgent, revokeAgent, rotateAgentKey } from '../agents/service.js';
import { isSetupNeeded } from '../setup/service.js';
import { lockSetup } from '../setup/store.js';
import { serviceDeps, type ServiceDeps } from '../lib/deps.js';
import { loadSecretBox } from '../lib/sealed.js';
import { rotateApprovalKey } from '../approvals/signer.js';
import type { Config } from '../config.js';

const USAGE = `Usage: pnpm countersign <command>

  owner add --email E [--tenant NAME]   create an owner (password read from stdin)
  agent add --owner E --name N          create an agent; prints its key once
  agent revoke --owner E --id ID        revoke an agent's key at once
  agent rotate --owner E --id ID        replace an agent's key; prints the new one once
  approval-keys rotate                  sign approval tokens with a new key (the old one stays
                                        published until its last token expires)
  migrate                               apply pending database migrations
  status                                show the database and what it holds

Configuration comes from the environment, as for the server (DATABASE_URL,
COUNTERSIGN_DATA_DIR). With the embedded database, the CLI joins a server
already running on the same data folder.`;

/** Thrown for a mistake of the caller's: printed without a stack, exit 2. */
class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      tenant: { type: 'string' },
      owner: { type: 'string' },
      name: { type: 'string' },
      id: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || command === '' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig();
  // Logs go to stderr so that stdout carries only what scripts read (a key, an id).
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn').child({ cli: command });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log, maxConnections: 2, joinRunningServer: true });
  try {
    await run(command, values, db, serviceDeps(db, log), config);
  } finally {
    await db.close();
  }
}

async function run(command: string, values: Record<string, string | boolean | undefined>, db: Database, deps: ServiceDeps, config: Config): Promise<void> {
  const need = (name: string): string => {
    const value = values[name];
    if (typeof value !== 'string' || value === '') throw new UsageError(`"${command}" needs --${name}.`);
    return value;
  };
  /** The owner named by --owner, acting as that owner would from the console (without a session). */
  const actingOwner = async (): Promise<OwnerPrincipal> => {
    const owner = await findOwnerByEmail(db.pool, need('owner').toLowerCase());
    if (!owner) throw new UsageError('No owner has that email.');
    return { kind: 'owner', tenantId: owner.tenantId, ownerId: owner.id };
  };
  switch (command) {
    case 'migrate':
      process.stdout.write('Migrations are up to date.\n');
      return;
    case 'status': {
      const [owners, agents, migrations] = await Promise.all([
        db.prisma.owner.count(),
        db.prisma.agent.count({ where: { revokedAt: null } }),
        db.pool.query<{ count: string }>('/* countMigrations */ SELECT count(*) FROM _prisma_migrations WHERE finished_at IS NOT NULL'),
      ]);
      process.stdout.write(
        `database: ${db.embedded ? 'embedded (started by this command)' : 'connected'}\nmigrations applied: ${migrations.rows[0]?.count}\nowners: ${owners}\nlive agents: ${agents}\nsetup needed: ${await isSetupNeeded(deps)}\n`,
      );
      return;
    }
    case 'owner add': {
      const input = { email: need('email'), tenantName: typeof values.tenant === 'string' ? values.tenant : 'Default', password: await readPassword() };
      const passwordHash = await prepareOwner(input);
      // Serialised with the console's first-owner setup (and other CLI runs), like every owner creation.
      const owner = await deps.scope.transaction(async (tx) => {
        await lockSetup(tx);
        return createOwner(tx, input, passwordHash);
      });
      process.stdout.write(`${owner.id}\n`);
      process.stderr.write(`Owner ${owner.email} created.\n`);
      return;
    }
    case 'agent add': {
      const outcome = await createAgent(deps, await actingOwner(), need('name'));
      if (outcome.kind === 'name-taken') throw new UsageError('That owner already has a live agent with this name.');
      process.stderr.write(`Agent ${outcome.agent.name} (${outcome.agent.id}) created. Its key is shown this once:\n`);
      process.stdout.write(`${outcome.key}\n`);
      return;
    }
    case 'agent rotate': {
      const rotated = await rotateAgentKey(deps, await actingOwner(), need('id'));
      if (!rotated) throw new UsageError('That owner has no live agent with this id.');
      process.stderr.write(`Agent ${rotated.agent.name} has a new key; the old one no longer works. It is shown this once:\n`);
      process.stdout.write(`${rotated.key}\n`);
      return;
    }
    case 'agent revoke': {
      const agent = await revokeAgent(deps, await actingOwner(), need('id'));
      if (!agent) throw new UsageError('That owner has no agent with this id.');
      process.stderr.write(`Agent ${agent.name} is revoked.\n`);
      return;
    }
    case 'approval-keys rotate': {
      // The same sealing key as the server: on the embedded database, the one kept in its data folder.
      const box = await loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, deps.log);
      const kid = await rotateApprovalKey(db.pool, box);
      process.stderr.write('Approval tokens are now signed with a new key; tokens signed before stay valid until they expire.\n');
      process.stdout.write(`${kid}\n`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

/** The password from stdin: typed at a prompt (not echoed) or piped in by a script. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const muted = prompt as unknown as { _writeToOutput: (s: string) => void };
  process.stderr.write('Password: ');
  muted._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  process.stderr.write('\n');
  return password;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`countersign: ${message}\n`);
  process.exit(error instanceof UsageError || (error as { extensions?: unknown }).extensions ? 2 : 1);
});
