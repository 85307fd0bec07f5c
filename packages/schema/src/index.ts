import { readdirSync, readFileSync } from 'node:fs';

// esbuild defines it as `true` in the built server (scripts/build-api.mjs), which keeps the SDL files in
// `graphql/` beside its entry file; in the source tree they sit beside this one.
declare const COUNTERSIGN_BUNDLE: boolean | undefined;
const folder = new URL(typeof COUNTERSIGN_BUNDLE !== 'undefined' && COUNTERSIGN_BUNDLE ? './graphql/' : './', import.meta.url);

/**
 * The whole SDL, one string: every `.graphql` file of this package, base first
 * (it declares the root types the others extend).
 */
export const typeDefs: string = readdirSync(folder)
  .filter((file) => file.endsWith('.graphql'))
  .sort((a, b) => (a === 'base.graphql' ? -1 : b === 'base.graphql' ? 1 : a.localeCompare(b)))
  .map((file) => readFileSync(new URL(file, folder), 'utf8'))
  .join('\n');
