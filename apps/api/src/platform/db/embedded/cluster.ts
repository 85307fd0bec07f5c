import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import type { Binaries } from './binaries.js';
import { assertReachable, firstBlockingFolder, type PostgresUser } from './postgres-user.js';

/** The superuser the cluster is initialised with; kept beside the cluster, readable by this process's user only. */
export interface Credentials {
  user: string;
  password: string;
}

/**
 * Where the cluster lives: `<dataDir>/pg`, unless PostgreSQL's user cannot
 * reach it (a checkout under /root, run as root). Then a folder of its own
 * under /var/lib/countersign, named after the data folder so every start of
 * the same checkout finds the same cluster.
 */
export function clusterFolder(dataDir: string, user: PostgresUser | undefined, log: Logger): string {
  const inside = path.join(dataDir, 'pg');
  if (!user || existsSync(path.join(inside, 'PG_VERSION')) || firstBlockingFolder(path.dirname(dataDir), user) === undefined) return inside;
  const elsewhere = path.join('/var/lib/countersign', createHash('sha256').update(dataDir).digest('hex').slice(0, 16), 'pg');
  if (!existsSync(path.join(elsewhere, 'PG_VERSION'))) {
    log.warn({ dataDir, cluster: elsewhere }, 'the postgres user cannot reach the data folder; keeping the cluster where it can');
  }
  mkdirSync(path.dirname(elsewhere), { recursive: true, mode: 0o711 });
  return elsewhere;
}

/** Whether `initialiseCluster` has to run first. */
export function clusterExists(pgData: string): boolean {
  return existsSync(path.join(pgData, 'PG_VERSION'));
}

/** The cluster's superuser, made up (with a random password) on the first start. */
export function readOrCreateCredentials(dataDir: string): Credentials {
  const file = path.join(dataDir, 'credentials.json');
  if (existsSync(file)) return readCredentials(dataDir);
  const credentials = { user: 'countersign', password: randomBytes(24).toString('base64url') };
  writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

/** The superuser of a cluster that has been started before. */
export function readCredentials(dataDir: string): Credentials {
  return JSON.parse(readFileSync(path.join(dataDir, 'credentials.json'), 'utf8')) as Credentials;
}

/** Runs initdb on an empty `pgData` (password authentication, UTF-8, no locale), as `user` under root. */
export function initialiseCluster(bin: Binaries, pgData: string, credentials: Credentials, user: PostgresUser | undefined, log: Logger): void {
  rmSync(pgData, { recursive: true, force: true });
  mkdirSync(pgData, { recursive: true, mode: 0o700 });
  const pwFile = path.join(tmpdir(), `countersign-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${credentials.password}\n`, { mode: 0o600 });
  if (user) {
    // Our own folder may be private (mkdtemp makes 0700): let postgres pass through, no more.
    chmodSync(path.dirname(pgData), statSync(path.dirname(pgData)).mode | 0o011);
    chownSync(pgData, user.uid, user.gid);
    chownSync(pwFile, user.uid, user.gid);
    assertReachable(pgData, user);
  }
  log.info({ pgData }, 'initialising the embedded PostgreSQL cluster');
  try {
    const result = spawnSync(
      bin.initdb,
      [`--pgdata=${pgData}`, '--auth=scram-sha-256', `--username=${credentials.user}`, `--pwfile=${pwFile}`, '--encoding=UTF8', '--no-locale'],
      { ...user, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      rmSync(pgData, { recursive: true, force: true });
      throw new Error(`initdb failed: ${result.stderr || result.error?.message}`);
    }
  } finally {
    rmSync(pwFile, { force: true });
  }
}
