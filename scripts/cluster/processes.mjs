// The processes a cluster run starts (PostgreSQL's holder, the API instances,
// the status CLI), and stopping every one of them however the run ends:
// success, a failure, a signal, a loop nobody awaits, or a hang.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/api, where every child runs (its tsx, its dependencies). */
export const API_DIR = fileURLToPath(new URL('../../apps/api/', import.meta.url));
/** Resolves a package as apps/api sees it: the root of the workspace does not depend on ws, pg or graphql-ws. */
export const requireApi = createRequire(path.join(API_DIR, 'package.json'));

/** Warnings and errors the processes logged (pino JSON lines), counted by message for the report. */
export const logged = new Map();

const children = [];
const WATCHDOG_MS = 180_000;
let scratch;
let cleaning;

/** A folder for this run's database, removed by cleanUp. */
export function makeScratch() {
  scratch = mkdtempSync(path.join(tmpdir(), 'countersign-cluster-'));
  return scratch;
}

/** Stops every child this run started and removes its folder; the same promise however often it is called. */
export function cleanUp() {
  cleaning ??= (async () => {
    // Instances first (they hold connections), PostgreSQL last: it is the first child started.
    const [database, ...rest] = children;
    await Promise.all(rest.map((child) => stopChild(child)));
    if (database) await stopChild(database);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  })();
  return cleaning;
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Makes every way out of the run but a normal return stop what it started first; a run past `watchdogMs` is a hang. */
export function stopEverythingOnExit(watchdogMs = WATCHDOG_MS) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanUp().then(() => process.exit(130)));
  // A failure in a loop nobody awaits (the owner's decisions, say) ends the run, and still stops what it started.
  process.on('unhandledRejection', (error) => {
    process.stderr.write(`cluster: ${error?.stack ?? error}\n`);
    void cleanUp().then(() => process.exit(1));
  });
  // A run that hangs (an instance that never starts, a socket that never opens) must not hang CI with it.
  setTimeout(() => {
    process.stderr.write(`cluster: no result after ${watchdogMs / 1000} s; stopping everything\n`);
    void cleanUp().then(() => process.exit(1));
  }, watchdogMs).unref();
}

function collectLogs(child) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) if (line.startsWith('{')) countLogLine(line);
    });
  }
}

function countLogLine(line) {
  try {
    const entry = JSON.parse(line);
    if (entry.level >= 40) {
      const key = `${entry.level >= 50 ? 'error' : 'warn'}: ${entry.msg}`;
      logged.set(key, (logged.get(key) ?? 0) + 1);
    }
  } catch {
    // not a log line
  }
}

function spawnTs(entry, args, env, stdio) {
  return spawnTracked(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: API_DIR, env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio });
}

/** Spawns a process that cleanUp stops, however the run ends (haproxy, say). */
export function spawnTracked(command, args, options) {
  const child = spawn(command, args, options);
  children.push(child);
  return child;
}

/** Runs a TypeScript file of apps/api under tsx; resolves with the child once a line of its stdout matches `ready`. */
export function startTs(entry, args, env, ready) {
  const child = spawnTs(entry, args, env, ['ignore', 'pipe', 'pipe']);
  collectLogs(child);
  let seen = '';
  child.stderr.on('data', (chunk) => (seen += chunk));
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      seen += chunk;
      const match = ready.exec(seen);
      if (match) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ child, match });
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`${entry} exited (${code ?? signal}) before it was ready:\n${seen}`)));
  });
}

/** Runs a TypeScript file of apps/api to its end; resolves with its exit code and what it printed on stdout. */
export function runTs(entry, args, env) {
  const child = spawnTs(entry, args, env, ['ignore', 'pipe', 'inherit']);
  return new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => resolve({ code, out }));
  });
}
