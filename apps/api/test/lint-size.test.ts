import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

// scripts/code-size.mjs (`pnpm lint:size`) over a tree of its own: a function
// of 80 lines of code passes however many comments and blank lines it
// carries, one of 81 fails naming it, and so does a file over 400 lines;
// generated code and tests are not measured.

const script = path.resolve(import.meta.dirname, '../../../scripts/code-size.mjs');
const trees: string[] = [];

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A function of `lines` lines of code, each statement followed by a comment line and a blank line. */
function functionOf(name: string, lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  total += ${i};\n  // why this line is here\n`).join('\n');
  return `export function ${name}(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`;
}

function measure(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-code-size-'));
  trees.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('pnpm lint:size', () => {
  test('passes a function of 80 lines of code, whatever its comments and blank lines', () => {
    const run = measure({ 'apps/api/src/fits.ts': functionOf('fits', 80) });
    expect(run.output).toContain('code-size: 0 functions over 80 lines');
    expect(run.status).toBe(0);
  });

  test('fails a function of 81 lines of code, naming it and where it starts', () => {
    const run = measure({ 'apps/console/src/too-long.tsx': functionOf('tooLong', 81) });
    expect(run.output).toContain('function tooLong is 81 lines of code (limit 80): apps/console/src/too-long.tsx:1');
    expect(run.status).toBe(1);
  });

  test('fails a file of more than 400 lines of code, and measures neither tests nor generated code', () => {
    const many = Array.from({ length: 10 }, (_, i) => functionOf(`part${i}`, 45)).join('\n');
    const run = measure({
      'scripts/big.mjs': many,
      'apps/api/src/generated/big.ts': many + functionOf('generated', 200),
      'apps/api/src/big.test.ts': many + functionOf('inATest', 200),
    });
    expect(run.output).toContain('file scripts/big.mjs is 450 lines of code (limit 400)');
    expect(run.output).not.toContain('generated');
    expect(run.output).not.toContain('inATest');
    expect(run.status).toBe(1);
  });
});
