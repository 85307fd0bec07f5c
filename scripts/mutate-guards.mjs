#!/usr/bin/env node
// `pnpm test:mutate`: proves each guard in the stores' claim statements is
// tested. A guard is marked in the SQL by a comment right after it:
//
//     AND s.secret_state = 'waiting' /* guard: only a waiting secret */
//
// The guard is the condition before the comment, back to the `WHERE`, `AND`
// or `ON` that opens it (or the `,` or `(` before it), at the same
// parenthesis depth; a condition with a top-level AND must be parenthesised.
// Each guard in turn is replaced by `(TRUE OR <guard>)` — the statement stays
// valid SQL with the same parameters and simply stops checking that rule —
// and the tests that exercise its store run against the mutant. A guard whose tests still pass survived: nothing proves
// its rule. The pure rule functions are then mutated by Stryker
// (`pnpm --filter @countersign/api test:mutate:rules`).
//
// The mutants never touch the working tree, where other people edit and
// test: the run works in a private copy of the tree as it is when the run
// starts (with the installed node_modules linked in), so edits made while it
// runs cannot disturb it; it writes each mutant into that copy, puts
// the store's text back after its tests (in a finally), and deletes the copy
// at the end or on an interrupt. Tests that spawn an API process
// (test/processes.ts) run that copy too, so they judge the mutant as well.
// A store with uncommitted changes is refused: its mutants would judge an
// edit in progress, not code anyone has committed to.
//
//   pnpm test:mutate                 every guard, then Stryker
//   pnpm test:mutate takeSecret      only guards whose store, function or rule contains the word (no Stryker)
//   pnpm test:mutate --list          the guards, without running anything
//   … --list --expect N              the same, silent unless the count is not N (pnpm lint:guards: the pin)
//
// Every file of apps/api/src that marks a guard must be in STORES, and every
// store and test file in STORES must exist: a store that moves or a new one must not drop
// its guards from the run unnoticed. `--list` fails on either, and `pnpm lint`
// runs it with the count pinned in package.json's lint:guards, so a guard
// that disappears (a store moved, a marker deleted) fails the lint.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const args = process.argv.slice(2);
/** `--name value` options, taken out of the words that choose guards. */
function option(name) {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
}
/** Another tree to read (its test gives one): the repository by default. */
const root = path.resolve(option('--root') ?? path.resolve(import.meta.dirname, '..'));
const expected = option('--expect');
const api = path.join(root, 'apps/api');

/** Each store, and the test files (relative to apps/api) that exercise it. Keep these tight: every guard re-runs them. */
const STORES = {
  'src/domains/signoffs/store.ts': [
    'src/domains/signoffs/claims.test.ts',
    'src/domains/signoffs/decisions.test.ts',
    'src/domains/signoffs/requests.test.ts',
    'src/domains/signoffs/revocation.test.ts',
    'src/domains/signoffs/secrets.test.ts',
    'src/domains/signoffs/grants/grants.test.ts',
    'src/domains/signoffs/runs/webhook-delivery.test.ts',
  ],
  'src/domains/signoffs/runs/run-store.ts': [
    'src/domains/signoffs/claims.test.ts',
    'src/domains/signoffs/decisions.test.ts',
    'src/domains/signoffs/revocation.test.ts',
    'src/domains/signoffs/runs/webhook-delivery.test.ts',
  ],
  'src/domains/signoffs/secrets-store.ts': [
    'src/domains/signoffs/claims.test.ts',
    'src/domains/signoffs/secrets.test.ts',
    'src/domains/signoffs/revocation.test.ts',
  ],
  'src/domains/authorities/store.ts': ['src/domains/authorities/authorities.test.ts'],
  'src/edge/idempotency/store.ts': ['src/edge/idempotency/release.test.ts', 'src/edge/idempotency/idempotency.test.ts'],
  'src/jobs/sweeper/idempotency-keys-store.ts': ['src/edge/idempotency/idempotency.test.ts'],
  'src/domains/registry/store.ts': [
    'src/domains/registry/adopt.test.ts',
    'src/domains/registry/revoke-key.test.ts',
    'src/domains/registry/registry.test.ts',
    'src/domains/registry/name-cap.test.ts',
  ],
  'src/domains/agents/store.ts': ['src/domains/agents/claims.test.ts', 'src/domains/agents/agents.test.ts', 'src/domains/signoffs/revocation.test.ts'],
  'src/domains/owners/sessions-store.ts': [
    'src/domains/owners/session-end.test.ts',
    'src/domains/owners/session-sweep.test.ts',
    'src/domains/owners/sessions.test.ts',
  ],
  'src/domains/owners/throttle-store.ts': ['src/domains/owners/sign-in-attempts.test.ts', 'src/domains/owners/sign-in-throttle.test.ts'],
  'src/domains/repositories/store.ts': [
    'src/domains/repositories/claims.test.ts',
    'src/domains/repositories/repositories.test.ts',
    'src/domains/repositories/limits.test.ts',
  ],
  'src/domains/setup/store.ts': ['src/domains/setup/setup-token.test.ts', 'src/domains/setup/setup.test.ts'],
  'src/domains/owners/invitations-store.ts': [
    'src/domains/owners/invitation-claim.test.ts',
    'src/domains/owners/invitations.test.ts',
    'src/domains/signoffs/two-person/owner-proposals.test.ts',
  ],
  'src/domains/signoffs/two-person/owner-proposals-store.ts': ['src/domains/signoffs/two-person/owner-proposals.test.ts'],
  'src/domains/signoffs/grants/grants-store.ts': ['src/domains/signoffs/grants/grants.test.ts'],
  'src/domains/signoffs/rules/rules-store.ts': ['src/domains/signoffs/rules/rules-claims.test.ts', 'src/domains/signoffs/rules/rules.test.ts'],
  'src/domains/signoffs/runs/delivery-store.ts': ['src/domains/signoffs/runs/webhook-delivery.test.ts', 'src/domains/signoffs/grants/grants.test.ts'],
  'src/domains/signoffs/denials-store.ts': ['src/domains/signoffs/denial-cool-down.test.ts'],
  'src/domains/signoffs/two-person/two-person-store.ts': [
    'src/domains/signoffs/two-person/two-person-guards.test.ts',
    'src/domains/signoffs/two-person/two-person.test.ts',
    'src/domains/signoffs/two-person/two-person-races.test.ts',
  ],
  'src/domains/signoffs/approve-with-changes-store.ts': [
    'src/domains/signoffs/approve-with-changes-claims.test.ts',
    'src/domains/signoffs/approve-with-changes.test.ts',
  ],
  'src/delivery/outbox/store.ts': ['src/delivery/outbox/store.test.ts', 'src/domains/signoffs/runs/webhook-delivery.test.ts'],
  'src/domains/operations/store.ts': ['src/domains/operations/operations.test.ts', 'src/domains/operations/limits.test.ts'],
  'src/domains/owner-tokens/store.ts': ['src/domains/owner-tokens/owner-tokens.test.ts'],
  'src/delivery/notifications/push/devices-store.ts': ['src/delivery/notifications/push/devices.test.ts'],
  'src/delivery/notifications/email/digest-store.ts': ['src/delivery/notifications/email/digest-store.test.ts'],
  'src/delivery/notifications/endpoints-store.ts': ['src/delivery/notifications/endpoint-input.test.ts', 'src/delivery/notifications/endpoints.test.ts'],
  'src/domains/audit/store.ts': ['src/domains/audit/store.test.ts'],
};

const MARK = /\/\* guard: ([^*]+?) \*\//g;
const OPENERS = ['WHERE', 'AND', 'ON'];

/** Where the condition a mark follows starts and ends in `text`. */
function conditionBefore(text, markAt) {
  let end = markAt;
  while (/\s/.test(text[end - 1])) end--;
  let depth = 0;
  for (let at = end - 1; at >= 0; at--) {
    const c = text[at];
    if (c === '`') break;
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth === 0) return { start: at + 1, end };
      depth--;
    } else if (depth === 0) {
      if (c === ',') return { start: at + 1, end };
      const opener = OPENERS.find((word) => text.startsWith(word, at) && /\s/.test(text[at + word.length]) && !/\w/.test(text[at - 1] ?? ' '));
      if (opener) return { start: at + opener.length, end };
    }
  }
  throw new Error(`no WHERE, AND, ON, "," or "(" opens the guard at offset ${markAt}`);
}

/** The marked guards of one store, each with the text of its mutant. */
function guardsOf(store) {
  const text = readFileSync(path.join(api, store), 'utf8');
  return [...text.matchAll(MARK)].map((match) => {
    const { start, end } = conditionBefore(text, match.index);
    const label = [...text.slice(0, start).matchAll(/\bfunction (\w+)/g)].at(-1)?.[1] ?? '?';
    const condition = text.slice(start, end).trim();
    const lead = text.slice(start, end).match(/^\s*/)[0];
    return {
      store,
      fn: label,
      rule: match[1],
      condition,
      line: text.slice(0, match.index).split('\n').length,
      // `(TRUE OR cond)`, not a bare TRUE: the condition's parameters stay in the
      // statement, so PostgreSQL still infers their types and the mutant runs
      // rather than failing on an unreferenced $n (a crash, not a kill).
      mutant: `${text.slice(0, start)}${lead}(TRUE OR ${condition})${text.slice(end)}`,
    };
  });
}

/** The child running now, so an interrupt can end it (and its workers) before exiting. */
let running;
/** The private copy of the tree the mutants are written into. */
let copy;
/** The store being mutated in the copy, and its text to put back. */
let mutated;
function restore() {
  if (mutated) writeFileSync(mutated.file, mutated.text);
  mutated = undefined;
}
function cleanUp() {
  if (running?.pid) {
    try {
      process.kill(-running.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  restore();
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stdout.write(`\n${signal}: stopping (the working tree was never changed; the private copy is removed)\n`);
    cleanUp();
    process.exit(130);
  });
}

/**
 * A copy of the working tree (tracked and untracked files, not ignored ones)
 * to run the tests in, with the installed dependencies linked in: the API's
 * own node_modules is rebuilt as links, except that the workspace packages
 * point into the copy. The Prisma client is generated, not committed, so it
 * is copied.
 */
function copyOfTree() {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-mutate-'));
  const copied = spawnSync(
    'sh',
    ['-c', `git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -x -C "${dir}"`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (copied.status !== 0) throw new Error('could not copy the working tree');
  // Every workspace package the API imports from source (the client, the MCP server, …) resolves its own dependencies.
  const packages = readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}`);
  for (const pkg of ['.', ...packages].filter((candidate) => existsSync(path.join(root, candidate, 'node_modules')))) {
    symlinkSync(path.join(root, pkg, 'node_modules'), path.join(dir, pkg, 'node_modules'));
  }
  const modules = path.join(api, 'node_modules');
  const linked = path.join(dir, 'apps/api/node_modules');
  mkdirSync(linked);
  for (const entry of readdirSync(modules)) {
    if (entry !== '@countersign') symlinkSync(path.join(modules, entry), path.join(linked, entry));
  }
  mkdirSync(path.join(linked, '@countersign'));
  for (const entry of readdirSync(path.join(modules, '@countersign'))) {
    const target = path.basename(readlinkSync(path.join(modules, '@countersign', entry)));
    symlinkSync(path.join(dir, 'packages', target), path.join(linked, '@countersign', entry));
  }
  cpSync(path.join(api, 'src/generated/prisma'), path.join(dir, 'apps/api/src/generated/prisma'), { recursive: true });
  return dir;
}

/** Runs Vitest in the copy on the files, with the mutant (if any) written over its store; resolves to its exit code and output. */
async function runTests(files, mutant) {
  if (mutant) {
    const file = path.join(copy, 'apps/api', mutant.store);
    mutated = { file, text: readFileSync(file, 'utf8') };
    writeFileSync(file, mutant.mutant);
  }
  try {
    const env = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' };
    // Vitest itself, not `pnpm exec`: pnpm would see a workspace without its install state and install into the links.
    const vitest = path.join(api, 'node_modules/vitest/vitest.mjs');
    const args = [vitest, 'run', '--bail', '1', '--reporter', 'dot', ...files];
    return await new Promise((resolve) => {
      let output = '';
      running = spawn(process.execPath, args, { cwd: path.join(copy, 'apps/api'), env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      running.stdout.on('data', (chunk) => (output += chunk));
      running.stderr.on('data', (chunk) => (output += chunk));
      running.on('close', (code) => {
        running = undefined;
        resolve({ code: code ?? 1, output });
      });
    });
  } finally {
    restore();
  }
}

/** The first failing test's name and the first line of its error, from Vitest's output. */
function killer(output) {
  // eslint-disable-next-line no-control-regex -- strips the reporter's colours
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const at = lines.findIndex((l) => /^\s*FAIL\s/.test(l));
  if (at < 0) return 'a test failed';
  const error = lines.slice(at + 1).find((l) => /\S/.test(l) && !/^\s*❯/.test(l));
  return `${lines[at].trim().replace(/^FAIL\s+/, '')}${error ? ` (${error.trim().slice(0, 160)})` : ''}`;
}

function dirty(file) {
  return spawnSync('git', ['diff', '--quiet', 'HEAD', '--', file], { cwd: api }).status !== 0;
}

/** Source files of apps/api/src (tests and generated code aside) that mark a guard. */
function markedFiles(dir = path.join(api, 'src')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : markedFiles(full);
    if (!/\.ts$/.test(entry.name) || /\.(test|d)\.ts$/.test(entry.name)) return [];
    return /\/\* guard: /.test(readFileSync(full, 'utf8')) ? [path.relative(api, full).split(path.sep).join('/')] : [];
  });
}

const listOnly = args.includes('--list');
const words = args.filter((arg) => !arg.startsWith('--'));
const missing = Object.keys(STORES).filter((store) => !existsSync(path.join(api, store)));
/** Test files STORES names that are not there: a run would judge its guards by fewer tests than it says. */
const missingTests = Object.entries(STORES).flatMap(([store, tests]) =>
  tests.filter((test) => !existsSync(path.join(api, test))).map((test) => ({ store, test })),
);
const unlisted = existsSync(path.join(api, 'src')) ? markedFiles().filter((file) => !(file in STORES)) : [];
const all = Object.keys(STORES)
  .filter((store) => !missing.includes(store))
  .flatMap(guardsOf);
const chosen = words.length ? all.filter((g) => words.some((w) => `${g.store} ${g.fn} ${g.rule}`.includes(w))) : all;

for (const store of missing) {
  process.stderr.write(
    `STORES lists apps/api/${store}, which does not exist: if the store moved, point its STORES line in scripts/mutate-guards.mjs at the new path\n`,
  );
}
for (const { store, test } of missingTests) {
  process.stderr.write(`STORES lists apps/api/${test} for apps/api/${store}, and it does not exist: if the test moved, point the line at its new path\n`);
}
for (const file of unlisted) {
  process.stderr.write(
    `apps/api/${file} marks guards but is not in STORES (scripts/mutate-guards.mjs): add it with the tests that prove its rules, or its guards are never judged\n`,
  );
}

if (listOnly) {
  const counted = expected === undefined || Number(expected) === chosen.length;
  if (expected === undefined || !counted) {
    for (const g of chosen) process.stdout.write(`${g.store}:${g.line} ${g.fn}: ${g.rule}  [${g.condition}]\n`);
  }
  if (!counted) {
    process.stderr.write(
      `\n${chosen.length} guards, but the pin says ${expected}. ${chosen.length < Number(expected) ? 'A guard is gone from mutation testing: if its store moved, fix its STORES line; if the guard was removed on purpose' : 'More guards than pinned (one was marked, or a store joined STORES): when its tests kill it (pnpm test:mutate <its store>)'}, set --expect ${chosen.length} in package.json's lint:guards.\n`,
    );
  } else if (expected !== undefined) {
    process.stdout.write(`lint:guards: ${chosen.length} guards in ${Object.keys(STORES).length - missing.length} stores, as pinned.\n`);
  }
  process.exit(counted && missing.length === 0 && missingTests.length === 0 && unlisted.length === 0 ? 0 : 1);
}
if (missing.length || missingTests.length) process.exit(1);
if (chosen.length === 0) {
  process.stdout.write(`no guard matches ${words.join(', ')}\n`);
  process.exit(2);
}

// A store with uncommitted changes may be someone's edit in progress: its
// mutants would judge text nobody meant to keep. Refuse rather than guess.
const stores = [...new Set(chosen.map((g) => g.store))];
const unclean = stores.filter(dirty);
if (unclean.length) {
  process.stdout.write(
    `refusing to run: uncommitted changes in ${unclean.map((s) => `apps/api/${s}`).join(', ')} (commit them, or wait for whoever is editing)\n`,
  );
  process.exit(2);
}

copy = copyOfTree();
const results = [];
try {
  for (const store of stores) {
    const files = STORES[store];
    process.stdout.write(`\n━━ ${store} (${files.join(', ')})\n`);
    const baseline = await runTests(files);
    if (baseline.code !== 0) {
      process.stdout.write(`  ✗ its tests fail without any mutant (${killer(baseline.output)}): its guards are not judged\n${baseline.output.slice(-3000)}\n`);
      for (const g of chosen.filter((c) => c.store === store)) results.push({ ...g, outcome: 'unjudged' });
      continue;
    }
    for (const g of chosen.filter((c) => c.store === store)) {
      const started = Date.now();
      const run = await runTests(files, g);
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const outcome = run.code === 0 ? 'survived' : 'killed';
      results.push({ ...g, outcome });
      const why = outcome === 'killed' ? `by ${killer(run.output)}` : '(tests still pass)';
      process.stdout.write(`  ${outcome === 'killed' ? '✓ killed  ' : '✗ ' + outcome.padEnd(9)} ${g.fn}: ${g.rule} — ${why} (${seconds}s)\n`);
    }
  }
} finally {
  cleanUp();
}

const count = (outcome) => results.filter((r) => r.outcome === outcome);
const bad = results.filter((r) => r.outcome !== 'killed');
process.stdout.write('\n━━ Guards\n');
for (const r of bad) process.stdout.write(`  ${r.outcome}: apps/api/${r.store}:${r.line} ${r.fn}: ${r.rule}  [${r.condition}]\n`);
process.stdout.write(
  `guards: ${count('killed').length} killed, ${count('survived').length} survived, ${count('unjudged').length} not judged, of ${results.length}\n`,
);

let rulesFailed = false;
if (words.length === 0 && !args.includes('--guards-only')) {
  process.stdout.write('\n━━ Pure rules (Stryker)\n');
  rulesFailed = spawnSync('pnpm', ['--filter', '@countersign/api', 'test:mutate:rules'], { cwd: root, stdio: 'inherit' }).status !== 0;
}
process.exit(bad.length || rulesFailed ? 1 : 0);
