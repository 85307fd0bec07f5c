/**
 * The closing table of `pnpm bench` (bench/run.ts): each benchmark records
 * its headline figures here as it prints its own detail, and the runner
 * prints them all in one table at the end. Recorded as JSON lines in the
 * file BENCH_SUMMARY names; when it is unset (a benchmark run alone),
 * nothing is recorded.
 */
import { appendFileSync, readFileSync } from 'node:fs';

export interface Figure {
  /** What the figure is, e.g. "draws, one hot authority: GraphQL ÷ pgbench reference". */
  name: string;
  /** As measured, formatted. */
  value: string;
  /** Issue 15's goal for it, when it has one. */
  goal?: string;
}

export function recordFigure(figure: Figure): void {
  const file = process.env.BENCH_SUMMARY;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

export function readFigures(file: string): Figure[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Figure);
}
