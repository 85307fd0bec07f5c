import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { isAlive } from './process-alive.js';

/**
 * Where each process running an embedded cluster notes its data folder, one
 * file per process, per user. The CLI reads it to tell someone about to
 * create a second database which folder their server uses instead
 * (docs/owner-tokens.md, rule OT8): the data folder follows the directory a
 * command starts in, so `pnpm countersign` run from elsewhere would
 * otherwise quietly start an empty database of its own.
 */
function registryFolder(): string {
  return path.join(tmpdir(), `countersign-${userInfo().uid}`, 'servers');
}

/** Notes that this process runs the embedded cluster of `dataDir`. */
export function recordRunningServer(dataDir: string): void {
  try {
    mkdirSync(registryFolder(), { recursive: true, mode: 0o700 });
    writeFileSync(path.join(registryFolder(), `${process.pid}.json`), JSON.stringify({ dataDir }), { mode: 0o600 });
  } catch {
    // Only a hint for the CLI's message: a server that cannot note itself still serves.
  }
}

/** Removes this process's note (its cluster stopped). */
export function forgetRunningServer(): void {
  rmSync(path.join(registryFolder(), `${process.pid}.json`), { force: true });
}

/** The data folders of live processes running an embedded cluster, other than this one; notes of dead ones are dropped. */
export function runningServerFolders(): string[] {
  const folder = registryFolder();
  if (!existsSync(folder)) return [];
  const found = new Set<string>();
  for (const file of readdirSync(folder)) {
    const pid = Number(/^(\d+)\.json$/.exec(file)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    if (!isAlive(pid)) {
      rmSync(path.join(folder, file), { force: true });
      continue;
    }
    try {
      const { dataDir } = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { dataDir?: unknown };
      if (typeof dataDir === 'string') found.add(dataDir);
    } catch {
      // Being written right now, or not ours: not a folder to name.
    }
  }
  return [...found].sort();
}

/** Whether a cluster was ever created in `dataDir` (its superuser's credentials are written on the first start). */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return existsSync(path.join(path.resolve(dataDir), 'credentials.json'));
}
