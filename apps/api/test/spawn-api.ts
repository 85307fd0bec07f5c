import { startServer, type StartServerDeps } from '../src/app/runtime.js';
import type { RunningServer } from '../src/edge/http/server.js';
import type { ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { finished, freePort, spawnTs, waitForOutput } from './processes.js';

/**
 * How long an API gets to answer `/readyz` before the test fails naming it. Generous: two cores are shared by
 * several test processes, and a child process compiles the whole API through tsx before it listens.
 */
export const READY_DEADLINE_MS = 60_000;

/** What a test may ask of the wait; the default is "until `/readyz` answers 200". */
export interface ReadyOptions {
  /**
   * `answering`: any answer from `/readyz` will do — for a test whose API is meant to run on a database that
   * cannot answer, where readiness is the very thing it asserts (database-away.test.ts).
   */
  ready?: 'ready' | 'answering';
  /** Overrides READY_DEADLINE_MS. */
  deadlineMs?: number;
  /** The entry point, relative to this package: `src/app/main.ts` through tsx unless a bench names the built `dist/server.js` (bench/built-api.ts). */
  entry?: string;
}

/** An API running as a separate Node process (`src/app/main.ts`), as a real deployment would run it. */
export interface ApiProcess {
  url: string;
  /** The process's id (a benchmark reads its CPU time from /proc). */
  pid: number | undefined;
  /** Whether the process is still alive (a fault must never have ended it). */
  running(): boolean;
  /** What it printed, once it has exited. */
  output(): Promise<{ code: number | null; stdout: string; stderr: string }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
  /** Sends `signal` and returns at once: for a test watching the stop itself (a drain, say); `output()` waits for the exit. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL: the process dies mid-whatever, as in a crash. */
  kill(): Promise<void>;
}

/**
 * The one way a test starts the API, returning only once its `/readyz` answers, so no test races the
 * start-up. In this process: `spawnApi({ config, db, bus, log })` (runtime.ts `startServer`). As a child process
 * on a database: `spawnApi(databaseUrl, env, nodeArgs)`.
 */
export function spawnApi(deps: StartServerDeps, options?: ReadyOptions): Promise<RunningServer>;
export function spawnApi(databaseUrl: string, env?: Record<string, string>, nodeArgs?: string[], options?: ReadyOptions): Promise<ApiProcess>;
export async function spawnApi(
  target: StartServerDeps | string,
  envOrOptions?: Record<string, string> | ReadyOptions,
  nodeArgs: string[] = [],
  options: ReadyOptions = {},
): Promise<RunningServer | ApiProcess> {
  if (typeof target === 'string') return spawnChild(target, (envOrOptions ?? {}) as Record<string, string>, nodeArgs, options);
  const server = await startServer(target);
  try {
    await waitForReadyz(server.url, 'the in-process API', envOrOptions ?? {});
  } catch (error) {
    await server.close();
    throw error;
  }
  return server;
}

/** The API's entry point, as `pnpm start` runs it. */
const API_ENTRY = 'src/app/main.ts';

/**
 * Starts the API's entry point as a child process and returns at once, without waiting for it to serve: for the
 * tests of a start that must fail (a refused setting, a database that is not there) or that watch the start-up
 * itself. Every other test uses `spawnApi`, which is built on it.
 */
export function launchApi(env: Record<string, string>, nodeArgs: string[] = [], entry = API_ENTRY): ChildProcess {
  return spawnTs(entry, [], env, nodeArgs);
}

async function spawnChild(databaseUrl: string, env: Record<string, string>, nodeArgs: string[], options: ReadyOptions): Promise<ApiProcess> {
  const port = await freePort();
  // Race tests release many of one agent's requests at once (see RACE_TEST_CONCURRENCY in fixtures.ts),
  // all from 127.0.0.1: the per-client connection share is the instance's, as behind a proxy. The same
  // values as fixtures.ts (RACE_TEST_CONCURRENCY, TEST_CONNECTION_LIMITS), written out because the bench
  // imports this file outside Vitest, where fixtures.ts cannot load.
  const child = launchApi(
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: 'test',
      COUNTERSIGN_MAX_CONCURRENT_PER_PRINCIPAL: '256',
      COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT: '1000',
      // The key the in-process test instances seal with (fixtures.ts testConfig): every instance reads what another sealed.
      COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...env,
    },
    nodeArgs,
    options.entry,
  );
  const exited = finished(child);
  // With COUNTERSIGN_WORKERS above 1, `/readyz` answers from whichever worker listens first; the primary prints its
  // banner only once every worker serves (worker-supervisor.ts), so the wait also takes that line — a test on a
  // cluster (metrics/cluster.test.ts) means all of it. Listened for from the spawn, lest the line go by unseen.
  const workers = Number(env.COUNTERSIGN_WORKERS ?? '1');
  const everyWorkerServing = workers > 1 ? waitForOutput(child, /Countersign is running at/) : undefined;
  everyWorkerServing?.catch(() => undefined); // an exit first is reported by the readiness wait below
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (alive()) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + (options.deadlineMs ?? READY_DEADLINE_MS);
    await waitForReadyz(url, `the API process on port ${port}`, options, () => (alive() ? undefined : exited));
    if (everyWorkerServing) await beforeDeadline(everyWorkerServing, deadline, `not every one of the ${workers} workers on port ${port} served`);
  } catch (error) {
    if (alive()) child.kill('SIGKILL');
    const { code, stdout, stderr } = await exited;
    throw new Error(`${(error as Error).message}\nexit code: ${code}\nstdout:\n${stdout}\nstderr:\n${stderr}`, { cause: error });
  }
  return {
    url,
    pid: child.pid,
    running: alive,
    output: () => exited,
    stop,
    signal: (signal) => {
      if (alive()) child.kill(signal);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** `promise`, or a rejection saying `what` once `deadline` passes first. */
async function beforeDeadline<T>(promise: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} by the deadline`)), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `/readyz` until it answers (200 unless `answering`), failing at the deadline with what it last saw, or at
 * once when `exited` reports the process gone.
 */
async function waitForReadyz(url: string, name: string, options: ReadyOptions, exited?: () => unknown): Promise<void> {
  const deadline = Date.now() + (options.deadlineMs ?? READY_DEADLINE_MS);
  let last = 'no answer yet';
  for (let attempt = 0; ; attempt++) {
    if (exited?.()) throw new Error(`${name} exited before ${url}/readyz answered (last: ${last})`);
    try {
      const status = await probeReadyz(url, Math.max(1, Math.min(5_000, deadline - Date.now())));
      if (status === 200 || options.ready === 'answering') return;
      last = `HTTP ${status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    if (Date.now() >= deadline) throw new Error(`${name} did not become ready: ${url}/readyz gave ${last} for ${options.deadlineMs ?? READY_DEADLINE_MS} ms`);
    // A short backoff, growing: a poll, not a fixed sleep standing in for readiness.
    await new Promise((resolve) => setTimeout(resolve, Math.min(25 * 2 ** attempt, 250)));
  }
}

/**
 * One GET of `/readyz` on a connection of its own that closes after the answer: a pooled keep-alive socket
 * would count against the test's per-client connection share (edge-parity.test.ts counts them).
 */
function probeReadyz(url: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = get(`${url}/readyz`, { agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode ?? 0));
    });
    request.once('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.once('error', reject);
  });
}
