import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import { isAlive } from './process-alive.js';

const OWNER_FILE = 'owner.pid';

/**
 * Makes this process the owner of the data folder. A live owner means another
 * server uses it: refuse. A dead owner whose postmaster still runs means that
 * server was killed (SIGKILL leaves PostgreSQL running): stop the orphan.
 */
export async function claimDataDir(dataDir: string, pgData: string, log: Logger): Promise<void> {
  const owner = liveOwnerOf(dataDir);
  if (owner !== undefined && owner !== process.pid) {
    throw new Error(`The data folder ${dataDir} is in use by process ${owner}. Stop it, or set COUNTERSIGN_DATA_DIR to another folder.`);
  }
  const postmaster = readPid(path.join(pgData, 'postmaster.pid'));
  if (postmaster !== undefined && isAlive(postmaster) && isPostmasterOf(postmaster, pgData)) {
    log.warn({ postmasterPid: postmaster }, 'found a PostgreSQL left running by a server that was killed; stopping it');
    await stopOrphan(postmaster);
  }
  writeFileSync(path.join(dataDir, OWNER_FILE), `${process.pid}\n`);
}

/** Gives the data folder up, once this process's postmaster has exited. */
export function releaseDataDir(dataDir: string): void {
  rmSync(path.join(dataDir, OWNER_FILE), { force: true });
}

/** The process that owns the data folder, if it is still alive. */
export function liveOwnerOf(dataDir: string): number | undefined {
  const owner = readPid(path.join(dataDir, OWNER_FILE));
  return owner !== undefined && isAlive(owner) ? owner : undefined;
}

/** SIGINT is PostgreSQL's fast shutdown; SIGQUIT, if that hangs, its immediate one. */
async function stopOrphan(pid: number): Promise<void> {
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
      // Polling: a process that is not our child gives no exit event to wait on.
      await sleep(100);
    }
  }
  throw new Error(`The orphaned PostgreSQL (pid ${pid}) did not stop; kill it by hand and start again.`);
}

function readPid(file: string): number | undefined {
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** A recycled pid must not get a SIGINT meant for our postmaster: check it runs `postgres` on this cluster. */
function isPostmasterOf(pid: number, pgData: string): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(pgData);
  } catch {
    return false;
  }
}
