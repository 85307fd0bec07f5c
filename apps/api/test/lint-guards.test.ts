import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// `pnpm lint:guards` runs scripts/mutate-guards.mjs --list against the guard
// count pinned in package.json, so a store that moves, or a guard that goes,
// cannot silently leave mutation testing. These tests make it fail each way.

const script = path.resolve(import.meta.dirname, '../../../scripts/mutate-guards.mjs');

function guards(...args: string[]): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [script, '--list', ...args], { encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}

describe('pnpm lint:guards', () => {
  test('fails when the guard count differs from the pin, saying how to update it', () => {
    const count = guards()
      .output.split('\n')
      .filter((line) => /^src\/\S+:\d+ /.test(line)).length;
    expect(count).toBeGreaterThan(100);
    const over = guards('--expect', String(count + 1));
    expect(over.code).toBe(1);
    expect(over.output).toContain(`${count} guards, but the pin says ${count + 1}. A guard is gone from mutation testing`);
    expect(over.output).toContain(`set --expect ${count} in package.json's lint:guards`);
    expect(guards('--expect', String(count)).output).toContain(`lint:guards: ${count} guards in`);
  });

  test('fails on a store that marks guards but is not listed, and on a listed store that is gone', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'countersign-lint-guards-'));
    try {
      const store = path.join(dir, 'apps/api/src/moved/thing-store.ts');
      mkdirSync(path.dirname(store), { recursive: true });
      writeFileSync(store, 'export const sql = `UPDATE t SET a = 1 WHERE id = $1 AND a = 0 /* guard: only once */`;\n');
      const run = guards('--root', dir, '--expect', '0');
      expect(run.code).toBe(1);
      expect(run.output).toContain('apps/api/src/moved/thing-store.ts marks guards but is not in STORES');
      expect(run.output).toContain('STORES lists apps/api/src/domains/signoffs/store.ts, which does not exist');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
