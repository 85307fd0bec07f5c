import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { readBuildInfo } from './build-info.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A built server's folder, far from any checkout, with the package.json `pnpm build` writes (and what it holds here). */
function builtFolder(packageJson: object): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'countersign-build-info-'));
  folders.push(folder);
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify(packageJson));
  mkdirSync(path.join(folder, 'lib'));
  return path.join(folder, 'lib');
}

describe('countersign_build_info of a built server', () => {
  test('names the commit the build wrote beside it, unless COUNTERSIGN_BUILD_COMMIT says otherwise', () => {
    const from = builtFolder({ name: 'countersign-server', version: '9.9.9', commit: 'abc1234' });
    expect(readBuildInfo(undefined, from)).toEqual({ version: '9.9.9', commit: 'abc1234', node: process.version });
    expect(readBuildInfo('def5678', from).commit).toBe('def5678');
  });

  test('says unknown for a build that wrote no commit, or one that is not a commit id', () => {
    expect(readBuildInfo(undefined, builtFolder({ name: 'countersign-server', version: '9.9.9' })).commit).toBe('unknown');
    expect(readBuildInfo(undefined, builtFolder({ name: 'countersign-server', version: '9.9.9', commit: 'main; rm -rf' })).commit).toBe('unknown');
  });
});
