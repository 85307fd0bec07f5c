import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { OwnerPrincipal } from '../../platform/lib/principal.js';
import { loadConfig } from '../../platform/config/config.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { findOwnerByEmail, findTenantBySlug } from '../../domains/owners/store.js';
import { createOwner, prepareOwner } from '../../domains/owners/service.js';
import { createAgent, revokeAgent, rotateAgentKey } from '../../domains/agents/service.js';
import { isSetupNeeded } from '../../domains/setup/service.js';
import { lockSetup } from '../../domains/setup/store.js';
import { serviceDeps, type ServiceDeps } from '../../platform/lib/deps.js';
import { loadSecretBox } from '../../platform/lib/sealed.js';
import { createVapid } from '../../delivery/notifications/push/vapid.js';
import { createApprovalSigner, rotateApprovalKey } from '../../domains/signoffs/grants/signer.js';
import type { Config } from '../../platform/config/config.js';
import { createOwnerToken, revokeOwnerToken } from '../../domains/owner-tokens/service.js';
import { decideSignOff } from '../../domains/signoffs/service.js';
import { listPrincipalSignOffs } from '../../domains/signoffs/reads.js';
import type { StoredState } from '../../domains/signoffs/store.js';
import { issueAuthority } from '../../domains/authorities/service.js';
import { registerSigningKey } from '../../domains/registry/service.js';
import { hasEmbeddedDatabase, runningServerFolders } from '../../platform/db/embedded/running-servers.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import { AuditInputError, exportChain, printKeys, verifyDatabase, verifyExportFile, type AuditCliIo } from '../../domains/audit/cli.js';
import { rotateKey, signNow } from '../../jobs/audit-signer/commands.js';
import { isUuid } from '../../platform/lib/validation.js';
import { formatStatus, readStatus } from './status.js';
import { checkDatabaseUrl } from '../../platform/db/connection-check.js';
import { parseOptions, USAGE, UsageError } from './command-line.js';
import { field, terminal } from './terminal-text.js';

/** Runs `countersign-mcp` with these arguments, stdio passed through (its stdout is the MCP protocol), and exits with its code. */
function runMcp(args: string[]): Promise<void> {
  const bin = fileURLToPath(new URL('../../../../../packages/mcp/src/bin.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', bin, ...args], { stdio: 'inherit' });
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      process.exitCode = code ?? (signal ? 1 : 0);
      resolve();
    });
  });
}

async function main(argv: string[]): Promise<void> {
  // `pnpm countersign mcp [gate …]`: the MCP server (packages/mcp), over this terminal's stdio; it needs no database.
  if (argv[0] === 'mcp') return runMcp(argv.slice(1));
  const { positionals, values } = parseOptions(argv);
  // "signoff approve ID": the command is its first words, the id the word after.
  const command = positionals.slice(0, positionals[0] === 'migrate' || positionals[0] === 'status' ? 1 : 2).join(' ');
  const subject = positionals.slice(command.split(' ').length);
  if (values.help || command === '' || command === 'help') {
    terminal.out(`${USAGE}\n`);
    return;
  }
  // An auditor verifies an export without any database (docs/audit.md, L3).
  if (command === 'audit verify' && values.from !== undefined) {
    const { from, head, 'public-key': publicKey } = values;
    process.exitCode = await auditInput(() => verifyExportFile(stdio, { from, head, publicKey }));
    return;
  }
  const config = loadConfig();
  // Logs go to stderr so that stdout carries only what scripts read (a key, an id).
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn').child({ cli: command });
  if (config.databaseUrl === undefined && values.init !== true) refuseNewDatabase(config.dataDir);
  // As the server does: a DATABASE_URL that cannot be used says which of host, credentials, database or version failed.
  if (config.databaseUrl) await checkDatabaseUrl(config.databaseUrl);
  // status reads without migrating, so that it can show pending migrations.
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    maxConnections: 2,
    joinRunningServer: true,
    runMigrations: command !== 'status',
  });
  try {
    await run(command, subject, values, db, serviceDeps(db, log), config);
  } finally {
    await db.close();
  }
}

/**
 * Refuses to start a second embedded database by accident (docs/owner-tokens.md,
 * rule OT8). The data folder follows the directory a command starts in, so a
 * CLI run from elsewhere than the server would quietly create an empty
 * database of its own; joining a running server, or starting the stopped
 * one of this folder, is fine.
 */
function refuseNewDatabase(dataDir: string): void {
  if (hasEmbeddedDatabase(dataDir)) return;
  const running = runningServerFolders().filter((folder) => folder !== dataDir);
  const where = running.length > 0 ? `A server is running on ${running.join(', ')}; set COUNTERSIGN_DATA_DIR to use it, or r` : 'R';
  throw new UsageError(`No Countersign database in ${dataDir} (the data folder this command would use). ${where}un with --init to create a new one there.`);
}

async function run(
  command: string,
  subject: string[],
  values: Record<string, string | boolean | undefined>,
  db: Database,
  deps: ServiceDeps,
  config: Config,
): Promise<void> {
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
  const optional = (name: string): string | undefined => (typeof values[name] === 'string' ? values[name] : undefined);
  const amount = (name: string): number | undefined => {
    const value = optional(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}".`);
    return Number(value);
  };
  const onlyId = (): string => {
    if (subject.length !== 1) throw new UsageError(`"${command}" takes one request id, e.g. "${command} 0d9e…".`);
    return subject[0]!;
  };
  /** The sealing key and approval signer the server uses (the outbox worker stays the server's: it polls). */
  const runtime = async (): Promise<Runtime> => {
    const box = await loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, deps.log);
    return {
      production: config.production,
      box,
      approvals: createApprovalSigner(db.pool, box, config.publicUrl),
      wakeDeliveries: () => undefined,
      emailAvailable: config.mail !== undefined,
      push: createVapid(db.pool, box, config.publicUrl),
      limits: config.limits,
    };
  };
  /** The tenant --tenant names, by id or slug. */
  const auditTenant = async (required: boolean): Promise<string | undefined> => {
    const named = required ? need('tenant') : optional('tenant');
    if (named === undefined || isUuid(named)) return named;
    const tenant = await findTenantBySlug(db.pool, named);
    if (!tenant) throw new UsageError(`No tenant has the slug "${named}".`);
    return tenant.id;
  };
  if (subject.length > 0 && command !== 'signoff approve' && command !== 'signoff deny')
    throw new UsageError(`Unknown command "${[command, ...subject].join(' ')}".\n\n${USAGE}`);
  switch (command) {
    case 'migrate':
      terminal.out('Migrations are up to date.\n');
      return;
    case 'status': {
      const status = await readStatus(db.pool, () => isSetupNeeded(deps));
      terminal.out(
        values.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status, db.embedded ? 'embedded (started by this command)' : 'connected'),
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
      terminal.out(`${owner.id}\n`);
      terminal.err(`Owner ${field(owner.email)} created.\n`);
      return;
    }
    case 'agent add': {
      const outcome = await createAgent(deps, await actingOwner(), need('name'));
      if (outcome.kind === 'name-taken') throw new UsageError('That owner already has a live agent with this name.');
      terminal.err(`Agent ${field(outcome.agent.name)} (${outcome.agent.id}) created. Its key is shown this once:\n`);
      terminal.out(`${outcome.key}\n`);
      return;
    }
    case 'agent rotate': {
      const rotated = await rotateAgentKey(deps, await actingOwner(), need('id'));
      if (!rotated) throw new UsageError('That owner has no live agent with this id.');
      terminal.err(`Agent ${field(rotated.agent.name)} has a new key; the old one no longer works. It is shown this once:\n`);
      terminal.out(`${rotated.key}\n`);
      return;
    }
    case 'agent revoke': {
      const agent = await revokeAgent(deps, await actingOwner(), need('id'));
      if (!agent) throw new UsageError('That owner has no agent with this id.');
      terminal.err(`Agent ${field(agent.name)} is revoked.\n`);
      return;
    }
    case 'owner-token create': {
      const scope = need('scope').toUpperCase();
      if (scope !== 'READ' && scope !== 'DECIDE' && scope !== 'ADMIN') throw new UsageError('--scope is read, decide or admin.');
      const created = await createOwnerToken(deps, await actingOwner(), { name: need('name'), scope });
      terminal.err(`Owner token ${field(created.ownerToken.name)} (${created.ownerToken.id}, scope ${scope}) created. It is shown this once:\n`);
      terminal.out(`${created.token}\n`);
      return;
    }
    case 'owner-token revoke': {
      const revoked = await revokeOwnerToken(deps, await actingOwner(), need('id'));
      if (!revoked) throw new UsageError('That owner has no owner token with this id.');
      terminal.err(`Owner token ${field(revoked.name)} is revoked.\n`);
      return;
    }
    case 'signoff list': {
      const state = optional('state')?.toLowerCase();
      if (state !== undefined && !SIGN_OFF_STATES.includes(state as StoredState)) throw new UsageError(`--state is one of ${SIGN_OFF_STATES.join(', ')}.`);
      const page = await listPrincipalSignOffs(db.pool, await actingOwner(), { state: state as StoredState | undefined }, 100, undefined);
      for (const row of page.nodes) {
        terminal.out(
          `${row.id}\t${row.state.toUpperCase()}\t${field(row.op)}\t${row.requestedAt.toISOString()}\t${field(row.summary.replace(/[ \t\n\r]+/g, ' '))}\n`,
        );
      }
      if (page.pageInfo.hasNextPage) terminal.err('(the newest 100 are shown; narrow with --state)\n');
      return;
    }
    case 'signoff approve':
    case 'signoff deny': {
      const approve = command === 'signoff approve';
      const id = onlyId();
      const note = approve ? optional('note') : need('note');
      const owner = await actingOwner();
      const outcome = await decideSignOff({ ...deps, runtime: await runtime() }, owner, id, approve, note);
      if (outcome.kind === 'not-found') throw new UsageError('That owner has no sign-off request with this id.');
      if (outcome.kind === 'closed') throw new UsageError(`That request is no longer pending: it is ${outcome.signOff.state.toUpperCase()}.`);
      // The CLI acts as the machine's holder, never as a session or a token: it is not asked to re-authenticate.
      if (outcome.kind === 'reauthentication-required') throw new UsageError('Approving this request needs a fresh password.');
      if (outcome.kind === 'second-approver-required') throw new UsageError('This owner gave the first approval already: the second must be another owner’s.');
      if (outcome.kind === 'input-mismatch')
        throw new UsageError(
          'Another owner approved this request with changes: approve the edited input in the console, where it is shown. Nothing was decided.',
        );
      const approved = outcome.signOff.state === 'partially_approved' ? 'approved once: it waits for a second owner' : 'approved';
      terminal.err(`Request ${id} is ${approve ? approved : 'denied'}.\n`);
      terminal.out(`${outcome.signOff.state.toUpperCase()}\n`);
      return;
    }
    case 'authority issue': {
      const outcome = await issueAuthority(deps, await actingOwner(), {
        id: optional('id') ?? null,
        agent: need('agent'),
        name: need('name'),
        tokens: amount('tokens') ?? null,
        minorUnits: amount('minor-units') ?? null,
        currency: optional('currency') ?? null,
        draws: amount('draws') ?? null,
        perDrawTokens: amount('per-draw-tokens') ?? null,
        perDrawMinorUnits: amount('per-draw-minor-units') ?? null,
        notBefore: optional('not-before') ?? null,
        notAfter: optional('not-after') ?? null,
      });
      if (outcome.kind === 'agent-not-found') throw new UsageError('That owner has no live agent with this id.');
      if (outcome.kind === 'terms-conflict')
        throw new UsageError('An authority with this id was issued with other terms; terms never change: issue a new one.');
      terminal.err(`Authority ${field(outcome.authority.name)} ${outcome.existing ? 'already existed with these terms' : 'issued'}.\n`);
      terminal.out(`${outcome.authority.id}\n`);
      return;
    }
    case 'signing-key add': {
      const registered = await registerSigningKey(deps, await actingOwner(), need('public-key'), need('name'));
      terminal.err(`Signing key ${field(registered.key.name)} ${registered.existing ? 'was already registered' : 'registered'}.\n`);
      terminal.out(`${registered.key.keyId}\n`);
      return;
    }
    case 'audit verify':
      process.exitCode = await auditInput(async () => verifyDatabase(stdio, db.pool, { tenantId: await auditTenant(false), head: optional('head') }));
      return;
    case 'audit export': {
      const tenantId = (await auditTenant(true))!;
      const count = await exportChain(db.pool, tenantId, (line) => {
        // Waits for a full stdout (a pipe to a slow reader) rather than holding the whole log in memory.
        if (!terminal.out(line)) return new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
      });
      terminal.err(`${count} entries of tenant ${tenantId} exported.\n`);
      return;
    }
    case 'audit sign': {
      const box = await loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, deps.log);
      process.exitCode = await signNow(stdio, db.pool, box, await auditTenant(false));
      return;
    }
    case 'audit keys':
      process.exitCode = await printKeys(stdio, db.pool);
      return;
    case 'audit rotate-key': {
      const box = await loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, deps.log);
      process.exitCode = await rotateKey(stdio, db.pool, box);
      return;
    }
    case 'approval-keys rotate': {
      // The same sealing key as the server: on the embedded database, the one kept in its data folder.
      const box = await loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, deps.log);
      const kid = await rotateApprovalKey(db.pool, box);
      terminal.err('Approval tokens are now signed with a new key; tokens signed before stay valid until they expire.\n');
      terminal.out(`${kid}\n`);
      return;
    }
    default:
      throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  }
}

const stdio: AuditCliIo = { out: terminal.out, err: terminal.err };

/** Runs an audit command; input that is not a chain or a head is the caller's mistake (exit 2). */
async function auditInput(work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AuditInputError) throw new UsageError(error.message);
    throw error;
  }
}

/** The states `signoff list --state` accepts, as stored. */
const SIGN_OFF_STATES: readonly StoredState[] = [
  'pending',
  'partially_approved',
  'approved',
  'succeeded',
  'failed',
  'denied',
  'expired',
  'withdrawn',
  'awaiting_redeem',
  'redeemed',
  'delivering',
  'lapsed',
];

/** The password from stdin: typed at a prompt (not echoed) or piped in by a script. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.replace(/\r?\n$/, '');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const muted = prompt as unknown as { _writeToOutput: (s: string) => void };
  terminal.err('Password: ');
  muted._writeToOutput = () => undefined;
  const password = await new Promise<string>((resolve) => prompt.question('', resolve));
  prompt.close();
  terminal.err('\n');
  return password;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  terminal.err(`countersign: ${message}\n`);
  process.exit(error instanceof UsageError || (error as { extensions?: unknown }).extensions ? 2 : 1);
});
