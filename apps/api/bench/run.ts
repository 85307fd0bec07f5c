/**
 * `pnpm bench`: every benchmark in one run — draws (bench/draws.ts),
 * webhook deliveries (bench/deliveries.ts), the live fan-out
 * (bench/fanout.ts), ordinary reads (bench/reads.ts) — each printing its
 * detail as it goes, then their headline figures in one table. Each is a separate process, as it would
 * be run alone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readFigures } from './summary.js';

const dir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-summary-'));
const summary = path.join(dir, 'figures.jsonl');
writeFileSync(summary, '');
const failed: string[] = [];
for (const script of ['bench/draws.ts', 'bench/deliveries.ts', 'bench/fanout.ts', 'bench/reads.ts']) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: { ...process.env, BENCH_SUMMARY: summary } });
  if (run.status !== 0) failed.push(`${script} (exit ${run.status ?? run.signal})`);
}
const figures = readFigures(summary);
rmSync(dir, { recursive: true, force: true });

const width = Math.max(...figures.map((figure) => figure.name.length), 10);
const valueWidth = Math.max(...figures.map((figure) => figure.value.length), 8);
process.stdout.write(`\nAll benchmarks, one table (each section's figures taken in the same minute; ratios against a baseline of that minute):\n`);
process.stdout.write(`  ${'figure'.padEnd(width)}  ${'measured'.padStart(valueWidth)}  goal\n`);
for (const figure of figures) process.stdout.write(`  ${figure.name.padEnd(width)}  ${figure.value.padStart(valueWidth)}  ${figure.goal ?? ''}\n`);
if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
