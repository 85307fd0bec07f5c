import { spawn } from 'node:child_process';
import { assetPath, BUNDLED } from '../../platform/assets/asset-paths.js';
import { loadConfig, settingWarnings } from '../../platform/config/config.js';
import { checkConfig } from './config-check.js';
import { openDatabase } from '../../platform/db/database.js';
import { nameConnections } from '../../platform/db/application-name.js';
import { CLI_POOL_MAX } from '../../platform/db/connection-budget.js';
import { createLogger } from '../../platform/logger.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { hasEmbeddedDatabase, runningServerFolders } from '../../platform/db/embedded/running-servers.js';
import { checkDatabaseUrl } from '../../platform/db/connection-check.js';
import { verifyExportFile } from '../../domains/audit/cli.js';
import { parseOptions, USAGE, UsageError } from './command-line.js';
import { terminal } from './terminal-text.js';
import { CliContext, CommandInput } from './cli-context.js';
import { COMMANDS, TAKES_SUBJECT } from './commands/index.js';
import { auditInput, stdio } from './commands/audit.js';

/** Runs `countersign-mcp` with these arguments, stdio passed through (its stdout is the MCP protocol), and exits with its code. */
function runMcp(args: string[]): Promise<void> {
  // Built, the MCP bin is plain JavaScript beside this entry file; from the source tree tsx compiles it.
  const bin = assetPath('countersign-mcp.js', '../../../../../packages/mcp/src/bin.ts');
  const child = spawn(process.execPath, [...(BUNDLED ? [] : ['--import', 'tsx']), bin, ...args], { stdio: 'inherit' });
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
  // A one-word command is one the table holds (migrate, status); every other is two words.
  const command = positionals.slice(0, Object.hasOwn(COMMANDS, positionals[0] ?? '') ? 1 : 2).join(' ');
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
  // The settings alone: no database is opened.
  if (command === 'config check') {
    process.exitCode = checkConfig(process.env, process.cwd(), (text) => terminal.out(text));
    return;
  }
  // Refused before any database is opened, so a typo creates nothing.
  if (!Object.hasOwn(COMMANDS, command) || (subject.length > 0 && !TAKES_SUBJECT.has(command)))
    throw new UsageError(`Unknown command "${[command, ...subject].join(' ')}".\n\n${USAGE}`);
  const input = new CommandInput(command, subject, values);
  const config = loadConfig();
  // Before any connection opens: pg_stat_activity names this run's connections by its command (application-name.ts).
  nameConnections(`cli:${command}`);
  // Logs go to stderr so that stdout carries only what scripts read (a key, an id).
  const log = createLogger(process.env.LOG_LEVEL ?? 'warn').child({ cli: command });
  for (const warning of settingWarnings()) log.warn(warning);
  if (config.databaseUrl === undefined && values.init !== true) refuseNewDatabase(config.dataDir);
  // As the server does: a DATABASE_URL that cannot be used says which of host, credentials, database or version failed.
  if (config.databaseUrl) await checkDatabaseUrl(config.databaseUrl);
  // Only `migrate` migrates, and `--init` the database it creates; status reads whatever is there, to show what is
  // pending; every other command refuses a database with migrations pending rather than apply them unasked.
  const runMigrations = command === 'migrate' || (values.init === true && config.databaseUrl === undefined && !hasEmbeddedDatabase(config.dataDir));
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    log,
    maxConnections: CLI_POOL_MAX,
    joinRunningServer: true,
    bounds: config.databaseBounds,
    runMigrations,
    refusePending: command !== 'status' && !runMigrations,
    migration: {
      statementTimeoutMs: config.migrations.statementTimeoutMs,
      onLockRetry: (migration, attempt) => log.warn({ migration, attempt }, 'retrying a migration'),
    },
  });
  try {
    await COMMANDS[command]!(new CliContext(input, db, serviceDeps(db, log), config));
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

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  terminal.err(`countersign: ${message}\n`);
  process.exit(error instanceof UsageError || (error as { extensions?: unknown }).extensions ? 2 : 1);
});
