/**
 * The API the benchmarks measure: the built bundle (`apps/api/dist/server.js`,
 * what `pnpm start` and the release run), not the sources through tsx, whose
 * loader and unminified module graph are not what an operator deploys.
 * `pnpm bench` builds first; a bench run alone refuses a build older than
 * the sources rather than measure code that is no longer there.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnApi, type ApiProcess } from '../test/spawn-api.js';
import { API_DIR } from '../test/processes.js';

/** The bundle, relative to the API package (test/processes.ts runs children from there). */
const BUILT_ENTRY = 'dist/server.js';
/** What the bundle is built from (scripts/build-api.mjs bundles the workspace packages in). */
const SOURCES = ['src', '../../packages/schema/src', '../../packages/client/src', '../../packages/mcp/src'];

/** `spawnApi` on the built bundle, once it is known to be current. */
export function spawnBuiltApi(databaseUrl: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<ApiProcess> {
  assertBuilt();
  return spawnApi(databaseUrl, env, nodeArgs, { entry: BUILT_ENTRY });
}

function assertBuilt(): void {
  const bundle = path.join(API_DIR, BUILT_ENTRY);
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`pnpm build\` (\`pnpm bench\` does)`);
  const built = statSync(bundle).mtimeMs;
  const newer = SOURCES.map((folder) => newestFile(path.join(API_DIR, folder))).find((file) => file && file.mtimeMs > built);
  if (newer) throw new Error(`${newer.file} changed after ${bundle} was built: run \`pnpm build\` (\`pnpm bench\` does)`);
}

function newestFile(folder: string): { file: string; mtimeMs: number } | undefined {
  if (!existsSync(folder)) return undefined;
  let newest: { file: string; mtimeMs: number } | undefined;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  }
  return newest;
}
