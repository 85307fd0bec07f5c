// The npm packages of a release: `@countersign/client` and `@countersign/mcp`
// packed with `pnpm pack` (each `prepack` builds dist/) into one folder as
// countersign-client-<version>.tgz and countersign-mcp-<version>.tgz, what
// the registry would hold once they are published. pnpm writes the packed
// manifests: `publishConfig` switches them to dist/, and the MCP package's
// `workspace:^` on the client becomes `^<client version>`, so the MCP tarball
// installs beside the client's tarball today and from the registry later.
// `@countersign/manifest` is private and bundled by tsup (rule M9 in
// docs/mcp.md), so no packed manifest may name it. Used by scripts/release.mjs
// (`pnpm release`) and scripts/pack-test.mjs; run on its own
// (`pnpm release:packages`) it writes only these two into release/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** The packages that ship, in install order (the MCP package depends on the client). */
export const PACKAGES = [
  { dir: 'packages/client', name: '@countersign/client' },
  { dir: 'packages/mcp', name: '@countersign/mcp' },
];

function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${result.status ?? result.signal}\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  return result.stdout;
}

function versionOf(dir) {
  return JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')).version;
}

/** `@countersign/mcp` -> countersign-mcp-0.1.0.tgz, the name `pnpm pack` (and `npm pack`) gives a scoped package's tarball. */
export function tarballName(name, version) {
  return `${name.replace('@', '').replace('/', '-')}-${version}.tgz`;
}

/**
 * What a packed manifest must say to be published: public, licensed, with its
 * repository and engines, every `exports` subpath resolving inside the tarball
 * for `import` and `require` with its types, and no private or workspace
 * dependency. Answers the facts checked; throws naming the first that fails.
 */
export function verifyPacked(tarball, { name, clientVersion }) {
  const files = new Set(run('tar', ['-tzf', tarball]).split('\n').filter(Boolean));
  const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json']));
  const has = (file) => typeof file === 'string' && files.has(path.posix.join('package', file));
  const facts = [];
  const expect = (condition, fact) => {
    if (!condition) throw new Error(`${path.basename(tarball)}: expected ${fact}`);
    facts.push(fact);
  };
  expect(manifest.name === name && !manifest.private, `${name} is public`);
  expect(typeof manifest.license === 'string' && manifest.license.length > 0, `${name} names its license`);
  expect(manifest.repository?.url && manifest.repository?.directory, `${name} names its repository and folder`);
  expect(manifest.engines?.node === '>=20.19', `${name} needs Node.js >= 20.19`);
  expect(has(manifest.types) && has(manifest.main) && has(manifest.module), `${name}'s types, main and module are in the tarball`);
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (typeof target === 'string') {
      expect(has(target), `${name}'s export ${subpath} is in the tarball`);
      continue;
    }
    for (const condition of ['import', 'require'])
      expect(has(target[condition]?.types) && has(target[condition]?.default), `${name}'s export ${subpath} has ${condition} code and types`);
  }
  expect(manifest.exports?.['.'], `${name} exports its root`);
  for (const [command, file] of Object.entries(manifest.bin ?? {})) expect(has(file), `${name}'s command ${command} is in the tarball`);
  const dependencies = manifest.dependencies ?? {};
  expect(
    !('@countersign/manifest' in dependencies) && !Object.values(dependencies).some((range) => String(range).startsWith('workspace:')),
    `${name} depends on no private or workspace package`,
  );
  if ('@countersign/client' in dependencies)
    expect(dependencies['@countersign/client'] === `^${clientVersion}`, `${name} depends on @countersign/client ^${clientVersion}`);
  return facts;
}

/**
 * Packs every package into `into` (a tarball of the same name is replaced) and
 * verifies each; answers `[{ name, version, tarball, facts }]` in install order.
 */
export function packPackages(into) {
  const clientVersion = versionOf('packages/client');
  return PACKAGES.map(({ dir, name }) => {
    const version = versionOf(dir);
    const tarball = path.join(into, tarballName(name, version));
    rmSync(tarball, { force: true });
    run('pnpm', ['pack', '--pack-destination', into], { cwd: path.join(root, dir) });
    return { name, version, tarball, facts: verifyPacked(tarball, { name, clientVersion }) };
  });
}

/**
 * `npm publish --dry-run` on a tarball: npm reads and normalises the packed
 * manifest and refuses what the registry would (a bad name, version or bin),
 * without publishing. `--offline` and a loopback registry keep it off the
 * network: dry-run only asks the registry who is logged in, which it skips
 * offline (online against a closed port it retries for a minute). Run outside
 * the workspace so no project configuration applies.
 */
export function publishDryRun(tarball) {
  return run('npm', ['publish', '--dry-run', '--offline', '--registry', 'http://127.0.0.1:1/', '--loglevel=error', tarball], {
    cwd: tmpdir(),
  }).trim();
}

/** What `pnpm release` does with them: packs both into `releaseDir`, dry-runs the publish of each, says what it wrote. */
export function releasePackages(releaseDir) {
  mkdirSync(releaseDir, { recursive: true });
  for (const { tarball } of packPackages(releaseDir)) {
    publishDryRun(tarball);
    process.stdout.write(`wrote ${path.relative(root, tarball)} (npm publish --dry-run passes)\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) releasePackages(path.join(root, 'release'));
