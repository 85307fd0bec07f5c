import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mergeConfig, type Plugin } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The configuration `pnpm test:mutate` (scripts/mutate-guards.mjs) runs a
 * store's tests with. The mutant never touches the working tree: this plugin
 * serves its text in place of the store file's, so other people's editors and
 * test runs in the same tree keep seeing the real file, and nothing is left to
 * restore if the run is killed. It notes each load, so the script can tell a
 * surviving guard from a store the tests never loaded.
 */
interface Mutant {
  /** Absolute path of the store file. */
  file: string;
  /** The store's text with one guard replaced by TRUE. */
  source: string;
  /** Appended to whenever the mutant is served. */
  loadedLog: string;
}

function serveMutant(): Plugin | undefined {
  const spec = process.env.COUNTERSIGN_MUTANT;
  if (!spec) return undefined;
  const mutant = JSON.parse(readFileSync(spec, 'utf8')) as Mutant;
  return {
    name: 'countersign-serve-mutant',
    enforce: 'pre',
    load(id) {
      if (path.resolve(id.split('?')[0]!) !== mutant.file) return null;
      appendFileSync(mutant.loadedLog, `${id}\n`);
      return mutant.source;
    },
  };
}

const plugin = serveMutant();
export default mergeConfig(base, { plugins: plugin ? [plugin] : [] });
