#!/usr/bin/env node
// `pnpm test`: every check a change must pass, in order, failing fast, then one
// summary line that counts every test that ran (unit, integration, end-to-end).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'countersign-reports-'));
const vitestReports = ['api', 'client', 'console', 'effect', 'quick-starts'].map((name) => path.join(reports, `vitest-${name}.json`));
const playwrightReport = path.join(reports, 'playwright.json');

function step(title, command, args, env = {}) {
  process.stdout.write(`\n━━ ${title}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stdout.write(`\n✗ ${title} failed after ${seconds}s\n`);
    summarise();
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✓ ${title} (${seconds}s)\n`);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function summarise() {
  const vitest = vitestReports.map(readJson).filter(Boolean);
  const playwright = readJson(playwrightReport);
  const sum = (key) => vitest.reduce((total, report) => total + report[key], 0);
  const unit = vitest.length
    ? { passed: sum('numPassedTests'), failed: sum('numFailedTests'), skipped: sum('numPendingTests') + sum('numTodoTests') }
    : undefined;
  const e2e = playwright
    ? { passed: playwright.stats.expected + playwright.stats.flaky, failed: playwright.stats.unexpected, skipped: playwright.stats.skipped }
    : undefined;
  process.stdout.write('\n━━ Summary\n');
  if (unit)
    process.stdout.write(
      `unit and integration (Vitest; the API's on a real PostgreSQL): ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped\n`,
    );
  if (e2e)
    process.stdout.write(
      `end-to-end (Playwright, Chromium): ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped${playwright.stats.flaky ? ` (${playwright.stats.flaky} passed on retry)` : ''}\n`,
    );
  const all = [unit, e2e].filter(Boolean);
  const total = (key) => all.reduce((sum, counts) => sum + counts[key], 0);
  process.stdout.write(`tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped\n`);
}

// Types, generated code, ESLint (the architecture's rules included), formatting and the dependency graph.
step('Lint (pnpm lint)', 'pnpm', ['lint']);
step('API unit and integration tests (Vitest)', 'pnpm', [
  '--filter',
  '@countersign/api',
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReports[0]}`,
]);
step('Agent client tests (Vitest)', 'pnpm', [
  '--filter',
  '@countersign/client',
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReports[1]}`,
]);
step('Console unit tests (Vitest)', 'pnpm', [
  '--filter',
  '@countersign/console',
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReports[2]}`,
]);
step('Effect wording tests (Vitest)', 'pnpm', [
  '--filter',
  '@countersign/effect',
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReports[3]}`,
]);
// Three instances behind a load balancer, one killed mid-run: prints what the clients saw and checks the ledger (docs/deploy.md).
step('Cluster run (scripts/cluster.mjs)', process.execPath, ['scripts/cluster.mjs']);
// The same workload through Debian's haproxy while every instance is restarted in turn: 0 failed requests or it fails.
step('Rolling restart behind haproxy (scripts/cluster.mjs --rolling-restart)', process.execPath, ['scripts/cluster.mjs', '--rolling-restart']);
// The same workload through the same haproxy while PostgreSQL is killed (kill -9) and restarted: only 503 UNAVAILABLE meanwhile, 0 failures after.
step('PostgreSQL restart behind haproxy (scripts/cluster.mjs --postgres-restart)', process.execPath, ['scripts/cluster.mjs', '--postgres-restart']);
// The published packages: packed, installed from their tarballs outside the workspace, imported and required, run against a live API.
step('Packed packages install and run outside the workspace', process.execPath, ['scripts/pack-test.mjs']);
// Every tagged quick start of the READMEs, as written, from empty folders outside the workspace (README.md, For agent authors).
step('Quick starts run as written (apps/api/test/quick-starts)', 'pnpm', [
  '--filter',
  '@countersign/api',
  'exec',
  'vitest',
  'run',
  '--config',
  'vitest.quick-starts.config.ts',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReports[4]}`,
]);
step('Build the console', 'pnpm', ['build']);
// The release tarball unpacked outside the workspace and run with plain node; then SIGTERM to `pnpm start` (docs/deploy.md).
step('Release artifact runs with plain node (scripts/release-test.mjs)', process.execPath, ['scripts/release-test.mjs']);
if (!existsSync('/usr/bin/chromium')) {
  // No Debian Chromium: fall back to Playwright's own browser (needs its download host).
  step('Install Playwright Chromium', 'pnpm', ['--filter', '@countersign/e2e', 'exec', 'playwright', 'install', 'chromium']);
}
step('End-to-end flows (Playwright)', 'pnpm', ['--filter', '@countersign/e2e', 'exec', 'playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
summarise();
