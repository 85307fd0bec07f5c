import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/** The unprivileged OS account PostgreSQL runs as when this process is root. */
export interface PostgresUser {
  uid: number;
  gid: number;
}

/**
 * The `postgres` account, created when missing. PostgreSQL refuses to run as
 * root, so a root process (a container, a CI runner) starts it as this user.
 */
export function ensurePostgresUser(): PostgresUser {
  const found = lookupPostgresUser();
  if (found) return found;
  spawnSync('groupadd', ['--system', 'postgres']);
  spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
  const created = lookupPostgresUser();
  if (!created) throw new Error('Running as root: PostgreSQL refuses root and no `postgres` user could be created (useradd failed).');
  return created;
}

function lookupPostgresUser(): PostgresUser | undefined {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : undefined;
}

/** The first of `dir` and its parents that `user` cannot pass through, if any. */
export function firstBlockingFolder(dir: string, user: PostgresUser): string | undefined {
  for (let current = dir; current !== path.dirname(current); current = path.dirname(current)) {
    const stat = statSync(current);
    const through = stat.uid === user.uid ? stat.mode & 0o100 : stat.gid === user.gid ? stat.mode & 0o010 : stat.mode & 0o001;
    if (!through) return current;
  }
  return undefined;
}

/** PostgreSQL runs as `user`: every parent of its data folder must let that user through. */
export function assertReachable(dir: string, user: PostgresUser): void {
  const blocked = firstBlockingFolder(path.dirname(dir), user);
  if (blocked) {
    throw new Error(
      `The postgres user cannot enter ${blocked}, a parent of the data folder ${dir}. Set COUNTERSIGN_DATA_DIR to a folder under one it can (for example /var/lib/countersign).`,
    );
  }
}
