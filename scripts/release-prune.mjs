// Used by scripts/release.mjs: `pnpm deploy --prod` lays out the API's
// production packages, but pnpm also links optional peers it can resolve
// from the workspace, and @prisma/client's optional peer `prisma` (the
// CLI) brings TypeScript, Prisma Studio, PGlite, esbuild and React with it:
// more than half the tarball, none of it loaded by the built server, which
// carries its generated client in its bundle and migrates with its own runner.
// This keeps what the API's dependencies need (their dependencies, optional
// dependencies and required peers, followed through pnpm's layout) and
// removes the rest.
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * Removes from `nodeModules` (a pnpm-laid-out node_modules) every package
 * that `roots` (package names) do not need at run time, and the links left
 * pointing at nothing. Returns the names of the store entries removed.
 */
export function pruneToRuntime(nodeModules, roots) {
  const store = path.join(nodeModules, '.pnpm');
  const kept = new Set();
  const seen = new Set();
  const queue = roots.map((name) => path.join(nodeModules, name));
  while (queue.length > 0) {
    const link = queue.pop();
    if (!existsSync(link)) continue;
    const real = realpathSync(link);
    if (seen.has(real)) continue;
    seen.add(real);
    const entry = storeEntry(store, real);
    if (entry) kept.add(entry);
    const manifest = JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8'));
    const optionalPeers = new Set(Object.entries(manifest.peerDependenciesMeta ?? {}).flatMap(([name, meta]) => (meta?.optional ? [name] : [])));
    const needs = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ];
    for (const name of needs) {
      const found = resolveFrom(real, name, nodeModules);
      if (found) queue.push(found);
    }
  }
  const removed = [];
  for (const name of readdirSync(store)) {
    if (name === 'node_modules' || name.startsWith('.') || kept.has(name)) continue;
    rmSync(path.join(store, name), { recursive: true, force: true });
    removed.push(name);
  }
  removeDanglingLinks(path.join(store, 'node_modules'));
  return removed;
}

/** The `.pnpm/<entry>` a package's real folder is in, or undefined for a workspace package copied in place. */
function storeEntry(store, real) {
  const relative = path.relative(store, real);
  return relative.startsWith('..') || path.isAbsolute(relative) ? undefined : relative.split(path.sep)[0];
}

/** Where Node would find `name` from a package at `real`: each node_modules up from it, then the top one. */
function resolveFrom(real, name, nodeModules) {
  for (let dir = path.dirname(real); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const candidate = path.basename(dir) === 'node_modules' ? path.join(dir, name) : path.join(dir, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (dir === path.dirname(nodeModules)) break;
  }
  const hoisted = path.join(nodeModules, '.pnpm', 'node_modules', name);
  return existsSync(hoisted) ? hoisted : undefined;
}

function removeDanglingLinks(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    if (name.startsWith('@') && !lstatSync(entry).isSymbolicLink()) {
      removeDanglingLinks(entry);
      continue;
    }
    if (lstatSync(entry).isSymbolicLink() && !existsSync(path.resolve(dir, readlinkSync(entry)))) rmSync(entry, { force: true });
  }
}
