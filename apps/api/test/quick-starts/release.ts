import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './readme-blocks.js';

/**
 * The folder the READMEs call /path/to/release: both packages packed as
 * `pnpm release:packages` packs them (scripts/release-packages.mjs), into a
 * fresh folder, so npx never answers from an install of an older tarball.
 */
export function packRelease(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-quick-start-release-'));
  const packed = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const { packPackages } = await import('./scripts/release-packages.mjs'); packPackages(process.argv[1]);", dir],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (packed.status !== 0) throw new Error(`packing the release failed:\n${packed.stdout}${packed.stderr}`);
  const tarballs = readdirSync(dir).sort();
  if (tarballs.join(' ') !== 'countersign-client-0.1.0.tgz countersign-mcp-0.1.0.tgz') throw new Error(`packed ${tarballs.join(', ')}`);
  return dir;
}
