#!/usr/bin/env node
// `pnpm release` (after `pnpm build`): packs the built server into
// release/countersign-server-<version>-linux-x64.tgz, one folder
// countersign-server-<version>/ holding apps/api/dist (server.js,
// countersign.js, countersign-mcp.js, the workers, the SDL, the migrations,
// the console) and the API's production node_modules, native packages
// included, as `pnpm deploy --prod` lays them out from the local store (no
// network when the store already holds them, as after `pnpm install`), less
// what only the tools need (scripts/release-prune.mjs).
// It runs with plain `node server.js` from wherever it is unpacked (docs/deploy.md).
// Beside it go the npm packages, release/countersign-client-<version>.tgz and
// release/countersign-mcp-<version>.tgz, each passing `npm publish --dry-run`
// (scripts/release-packages.mjs); `--server-only` leaves them out.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { releasePackages } from './release-packages.mjs';
import { pruneToRuntime } from './release-prune.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/api/dist');
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
const name = `countersign-server-${version}`;
const releaseDir = path.join(root, 'release');
const staging = path.join(releaseDir, `.staging-${process.pid}`);
const tarball = path.join(releaseDir, `${name}-linux-x64.tgz`);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
}

if (!existsSync(path.join(dist, 'server.js'))) throw new Error('apps/api/dist/server.js is missing: run `pnpm build` first');
if (process.platform !== 'linux' || process.arch !== 'x64')
  throw new Error(`the release packs linux-x64 native packages; this is ${process.platform}-${process.arch}`);
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
try {
  const deployed = path.join(staging, 'deploy');
  // pnpm 12's deploy overwrites the workspace's install record with the deployed project's (production only), so
  // the next `pnpm <script>` would "repair" the workspace down to production packages: the record is put back.
  const record = path.join(root, 'node_modules/.pnpm-workspace-state-v1.json');
  const saved = existsSync(record) ? readFileSync(record) : undefined;
  try {
    run('pnpm', ['--filter', '@countersign/api', 'deploy', '--prod', '--prefer-offline', '--legacy', deployed]);
  } finally {
    if (saved) writeFileSync(record, saved);
  }
  // What pnpm linked beyond the server's needs (the Prisma CLI, as @prisma/client's optional peer) stays out.
  const runtime = Object.keys(JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8')).dependencies);
  const removed = pruneToRuntime(path.join(deployed, 'node_modules'), runtime);
  process.stdout.write(`left out ${removed.length} packages the built server never loads\n`);
  const folder = path.join(staging, name);
  cpSync(dist, folder, { recursive: true });
  renameSync(path.join(deployed, 'node_modules'), path.join(folder, 'node_modules'));
  rmSync(tarball, { force: true });
  run('tar', ['-czf', tarball, '-C', staging, name]);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
process.stdout.write(`wrote ${path.relative(root, tarball)} (${(statSync(tarball).size / 1e6).toFixed(1)} MB)\n`);
if (!process.argv.includes('--server-only')) releasePackages(releaseDir);
