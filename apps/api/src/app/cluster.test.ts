import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/fixtures.js';
import { finished, freePort } from '../../test/processes.js';
import { waitFor } from '../../test/testkit.js';
import { launchApi } from '../../test/spawn-api.js';

/** One worker as its primary reports it: slot and pid. */
interface SeenWorker {
  slot: number;
  pid: number;
}

/** One worker as PostgreSQL sees it: application-name.ts names each connection `countersign/<instance>/w<slot>/<role>`. */
interface AnsweringWorker {
  slot: number;
  instance: string;
  role: string;
}

/** The primary's log, line by line as it arrives (non-JSON lines, the banner, are kept as text). */
function watchLog(child: ChildProcess): { lines: Record<string, unknown>[]; text: () => string } {
  const lines: Record<string, unknown>[] = [];
  let text = '';
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    pending += chunk.toString();
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const line of complete) {
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // The banner and the setup link are plain text.
      }
    }
  });
  return { lines, text: () => text };
}

/** The workers the primary has reported serving: its `worker serving` lines, each with `slot` and `workerPid` (its own `worker` and `pid` are 0 and the primary's). */
function serving(log: { lines: Record<string, unknown>[] }): SeenWorker[] {
  return log.lines.filter((line) => line.msg === 'worker serving').map((line) => ({ slot: line.slot as number, pid: line.workerPid as number }));
}

/** A GraphQL request on a connection of its own (no keep-alive), so the primary hands each to a worker afresh. */
function askOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const body = '{"query":"{ __typename }"}';
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/graphql`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Two connections to the test database: one holds the lock in a transaction; the other watches (pg_stat_activity is a snapshot for the length of a transaction, so the locker could not see the waits change). */
interface Clients {
  locker: pg.Client;
  watcher: pg.Client;
}

/**
 * Which worker processes answer requests sent to the one port. Requests
 * carrying a session cookie look the session up; with the sessions table
 * locked, each waits inside PostgreSQL on its worker's connection, where
 * pg_stat_activity shows the worker that took it. The lock is let go once
 * `expected` workers are seen, and every request must then be answered.
 */
async function workersAnswering(url: string, { locker, watcher }: Clients, expected: number): Promise<AnsweringWorker[]> {
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE sessions IN ACCESS EXCLUSIVE MODE');
  const answers = Array.from({ length: 8 }, () => askOnNewConnection(url, { cookie: 'countersign_session=not-a-session' }));
  let seen: AnsweringWorker[] = [];
  try {
    await waitFor(async () => {
      const { rows } = await watcher.query<{ name: string }>(
        `SELECT application_name AS name FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '/* findLiveSession */%'`,
      );
      seen = [...new Set(rows.map((row) => row.name))].map(parseWorker);
      return seen.length >= expected;
    }, 30_000);
  } finally {
    await locker.query('ROLLBACK');
    // Let go, every request finishes, whether or not the workers were seen.
    await Promise.allSettled(answers);
  }
  for (const answer of await Promise.all(answers)) {
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { __typename: 'Query' } });
  }
  return seen.sort((a, b) => a.slot - b.slot);
}

function parseWorker(name: string): AnsweringWorker {
  const match = /^countersign\/([0-9a-f]{8})\/w(\d+)\/([a-z]+)$/.exec(name);
  if (!match) throw new Error(`not a worker's connection: ${name}`);
  return { slot: Number(match[2]), instance: match[1]!, role: match[3]! };
}

describe('COUNTERSIGN_WORKERS', () => {
  test('with 2, two worker processes answer on the one port, a killed one is replaced while the port keeps answering, and SIGTERM stops every process with exit 0', async () => {
    const database = await createTestDatabase();
    const clients: Clients = { locker: new pg.Client({ connectionString: database.url }), watcher: new pg.Client({ connectionString: database.url }) };
    await clients.locker.connect();
    await clients.watcher.connect();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // As processes.ts spawns an instance, with info logs (the primary reports each worker serving) and
    // lock bounds long enough for requests to wait on the test's lock instead of failing.
    const child = launchApi({
      DATABASE_URL: database.url,
      PORT: String(port),
      NODE_ENV: 'test',
      COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
      COUNTERSIGN_WORKERS: '2',
      COUNTERSIGN_DB_LOCK_TIMEOUT_MS: '60000',
      COUNTERSIGN_DB_STATEMENT_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'info',
    });
    const log = watchLog(child);
    const exited = finished(child);
    const workersSeen = new Set<number>();
    try {
      await waitFor(() => log.text().includes('Create the first one at'), 90_000);
      const started = serving(log);
      expect(started.map((worker) => worker.slot).sort()).toEqual([1, 2]);
      for (const worker of started) workersSeen.add(worker.pid);
      expect(workersSeen.size).toBe(2);
      expect(started.map((worker) => worker.pid)).not.toContain(child.pid);

      const before = await workersAnswering(url, clients, 2);
      expect(before.map((worker) => [worker.slot, worker.role])).toEqual([
        [1, 'pool'],
        [2, 'pool'],
      ]);
      expect(before[0]!.instance).not.toBe(before[1]!.instance);

      const [victim, survivor] = started as [SeenWorker, SeenWorker];
      process.kill(victim.pid, 'SIGKILL');
      await waitFor(() => !isAlive(victim.pid));
      // The survivor answers every request in the meantime, on the same port.
      for (let i = 0; i < 5; i++) expect((await askOnNewConnection(url)).status).toBe(200);
      await waitFor(() => serving(log).some((worker) => worker.slot === victim.slot && worker.pid !== victim.pid), 60_000);
      const replacement = serving(log).find((worker) => worker.slot === victim.slot && worker.pid !== victim.pid)!;
      workersSeen.add(replacement.pid);
      expect(log.lines).toContainEqual(
        expect.objectContaining({
          msg: 'a worker exited unexpectedly; starting another in its place',
          slot: victim.slot,
          workerPid: victim.pid,
          signal: 'SIGKILL',
        }),
      );
      const after = await workersAnswering(url, clients, 2);
      expect(after.map((worker) => worker.slot)).toEqual([1, 2]);
      // The replacement is a new process, with an instance id of its own, in the victim's slot; the survivor is the same process.
      const inSlot = (seen: AnsweringWorker[], slot: number) => seen.find((worker) => worker.slot === slot)!.instance;
      expect(inSlot(after, victim.slot)).not.toBe(inSlot(before, victim.slot));
      expect(inSlot(after, survivor.slot)).toBe(inSlot(before, survivor.slot));
      expect(replacement.pid).not.toBe(victim.pid);

      child.kill('SIGTERM');
      const { code, stdout } = await exited;
      expect(code).toBe(0);
      // The banner and the first-owner link come once, from the primary, however many workers serve.
      expect(stdout.match(/Countersign is running at/g)).toHaveLength(1);
      expect(stdout.match(/setup#token=/g)).toHaveLength(1);
      for (const pid of workersSeen) expect(isAlive(pid)).toBe(false);
      await waitFor(async () => {
        const { rows } = await clients.watcher.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'countersign/%'`,
        );
        return rows.length === 0;
      });
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const pid of workersSeen) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await exited;
      await clients.locker.end();
      await clients.watcher.end();
      await database.drop();
    }
  }, 180_000);
});
