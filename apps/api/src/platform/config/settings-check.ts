import { readFileSync } from 'node:fs';
import { knownSetting, SETTINGS } from './settings-registry.js';

/** A `COUNTERSIGN_*` variable no version of this code reads, and the known name it most likely meant. */
export interface UnknownSetting {
  name: string;
  nearest: string | undefined;
}

/**
 * Replaces each secret's `<NAME>_FILE` with the file's contents as `<NAME>`
 * (the trailing newline an editor or `echo` adds is dropped), so a secret can
 * come from a mounted file instead of the environment. Setting both is refused:
 * which one wins would be a guess. The `_FILE` variable is removed, so the
 * processes this one starts (a cluster's workers) inherit the value once.
 * Returns the names read from files.
 */
export function readSecretFiles(env: NodeJS.ProcessEnv): string[] {
  const read: string[] = [];
  for (const setting of SETTINGS) {
    const fileVariable = `${setting.name}_FILE`;
    const file = env[fileVariable];
    if (!setting.secret || file === undefined || file === '') continue;
    if (env[setting.name] !== undefined && env[setting.name] !== '') throw new Error(`Set ${setting.name} or ${fileVariable}, not both`);
    let contents: string;
    try {
      contents = readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(`${fileVariable} names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
    }
    env[setting.name] = contents.replace(/\r?\n$/, '');
    delete env[fileVariable];
    read.push(setting.name);
  }
  return read;
}

/** The `COUNTERSIGN_*` variables set in `env` that are not settings. */
export function unknownSettings(env: NodeJS.ProcessEnv): UnknownSetting[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('COUNTERSIGN_') && knownSetting(name) === undefined)
    .sort()
    .map((name) => ({ name, nearest: nearestName(name) }));
}

export function describeUnknown({ name, nearest }: UnknownSetting): string {
  return `${name} is not a Countersign setting${nearest ? ` (did you mean ${nearest}?)` : ''}`;
}

/** The closest known COUNTERSIGN_ name, when it is close enough to be the intended one. */
function nearestName(name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const setting of SETTINGS) {
    if (!setting.name.startsWith('COUNTERSIGN_')) continue;
    for (const candidate of setting.secret ? [setting.name, `${setting.name}_FILE`] : [setting.name]) {
      const distance = editDistance(name, candidate);
      if (!best || distance < best.distance) best = { name: candidate, distance };
    }
  }
  // A third of the name (less the shared prefix) may differ: a typo or a changed word, not another setting.
  return best && best.distance <= Math.max(2, Math.ceil((name.length - 'COUNTERSIGN_'.length) / 3)) ? best.name : undefined;
}

/** Levenshtein distance: the fewest single-character insertions, deletions and substitutions turning `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}
