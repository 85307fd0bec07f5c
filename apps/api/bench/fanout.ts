/**
 * `pnpm exec tsx bench/fanout.ts`: how long a sign-off event takes from the
 * request that causes it to every one of N live subscriptions of one owner
 * (one console socket each, as a busy team's consoles would be), with the
 * change made through one API instance and the sockets held by another, and
 * what those sockets cost in memory: each instance's resident set (VmRSS of
 * its process), the holding one's before the sockets open, once they are
 * subscribed and after the events, and what that comes to per subscriber
 * (from 5,000 subscribers up: below that, the heap's own growth and
 * shrinking, tens of MiB either way, outweighs them).
 * Each size gets a holding instance of its own, started afresh, so that
 * what one size left in its heap is not counted against the next. Both
 * instances are separate processes on one embedded database; the clients
 * run in this process, so the last arrival also includes this process
 * parsing the N frames before it: the figures are an upper bound. Beside
 * them: the median first arrival of an event (the NOTIFY, the one read and
 * the execution, before any fan-out) and the median time the mutation took
 * to answer, both part of every latency.
 *
 * BENCH_FANOUT_SUBSCRIBERS (default "100,1000,5000,10000") and
 * BENCH_FANOUT_EVENTS (default 20 per size) set the sizes and the events
 * measured; BENCH_FANOUT_TWO_WORKERS (default "1000,5000") the sizes
 * measured again with a holding instance of two workers. Each subscriber is a socket in this process and one in the
 * holding instance: 10,000 need that many open files in each (`ulimit -n`);
 * a size the limit does not allow is reported as not measured.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Client } from 'graphql-ws';
import { openDatabase } from '../src/platform/db/database.js';
import { EventBus } from '../src/platform/events/bus.js';
import { createLogger } from '../src/platform/logger.js';
import { TestApi } from '../test/testkit.js';
import { recordFigure } from './summary.js';
import { spawnBuiltApi } from './built-api.js';

const SIZES = (process.env.BENCH_FANOUT_SUBSCRIBERS ?? '100,1000,5000,10000').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_FANOUT_EVENTS ?? 20);
/** Sizes measured again with the holding instance running two workers (COUNTERSIGN_WORKERS=2), its sockets spread over both. */
const TWO_WORKER_SIZES = (process.env.BENCH_FANOUT_TWO_WORKERS ?? '1000,5000').split(',').filter(Boolean).map(Number);
/** Issue 15's goals for the p99, where it sets one. */
const P99_GOALS: Record<number, string> = { 1000: '≤ 30 ms', 5000: '≤ 100 ms' };
const DOCUMENT = 'subscription { signOffEvents { signOff { id state summary requestedAt agent { name } } } }';
/** One owner's many sockets: the bench raises the per-principal caps (issue 7's defaults stay 20 and 100). */
const ROOMY = {
  COUNTERSIGN_MAX_CONNECTIONS: '50000',
  COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT: '50000',
  COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL: '50000',
  COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL: '50000',
};

const openFiles = maxOpenFiles();
/** Sockets, the database's connections, the runtime's own files: a margin of a few hundred is plenty. */
const fits = (size: number) => size + 500 <= openFiles;

const log = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-fanout-'));
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, log });
const writer = await spawnBuiltApi(db.url, ROOMY);
// Seeds go through instance A; the bus is never started (this file only needs TestApi's seeding and clients).
const api = new TestApi(writer.url, db, new EventBus(db.url, log));
const owner = await api.owner();
const agent = await api.agent(owner);
const repo = await api.repository(owner);
const writerPid = listeningPid(new URL(writer.url).port);

const rows: string[] = [];
try {
  for (const [size, workers] of [...SIZES.map((size) => [size, 1] as const), ...TWO_WORKER_SIZES.map((size) => [size, 2] as const)]) {
    rows.push(
      fits(size)
        ? await measure(size, workers)
        : `  ${String(size).padStart(11)} ${String(workers).padStart(7)}   not measured: needs ulimit -n of at least ${size + 500} (it is ${openFiles})`,
    );
  }
} finally {
  await writer.stop();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(`\nSign-off event from request (instance A) to every subscriber (instance B), ${EVENTS * 2} events per size:\n`);
process.stdout.write(
  `  subscribers workers      p50      p99      max    first mutation   B's RSS MiB: idle → subscribed → after events (KiB per subscriber)   A's RSS MiB\n`,
);
for (const row of rows) process.stdout.write(`${row}\n`);

async function measure(size: number, workers: number): Promise<string> {
  const holder = await spawnBuiltApi(db.url, { ...ROOMY, COUNTERSIGN_WORKERS: String(workers) });
  const holderPid = listeningPid(new URL(holder.url).port);
  await warmUp(holder.url);
  const idleRss = rssKiB(holderPid);
  const clients: Client[] = [];
  /** Per event key (`id:state`), when each client saw it. */
  const arrivals = new Map<string, number[]>();
  const waiters = new Map<string, () => void>();
  /** How long the mutations themselves took to answer: the part of each latency that is not fan-out. */
  const answered: number[] = [];
  /** Each event's first arrival: what the read and the execution cost before any fan-out. */
  const firsts: number[] = [];
  const seen = (key: string) => {
    const times = arrivals.get(key) ?? [];
    times.push(performance.now());
    arrivals.set(key, times);
    if (times.length === size) waiters.get(key)?.();
  };
  /** Whether every subscriber saw `key` within `timeoutMs`. */
  const everyone = (key: string, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if ((arrivals.get(key)?.length ?? 0) >= size) return resolve(true);
      const timer = setTimeout(() => resolve(false), timeoutMs);
      waiters.set(key, () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  try {
    for (let i = 0; i < size; i++) {
      const client = api.subscriber({ cookie: owner.cookie }, holder.url, false);
      clients.push(client);
      // Sockets open in batches, as consoles do over time: thousands at once would only measure a connection storm.
      if (clients.length % 200 === 0) await Promise.all(clients.slice(-200).map((each) => settled(each)));
      client.subscribe<{ signOffEvents: { signOff: { id: string; state: string } } }>(
        { query: DOCUMENT },
        {
          next: (result) => {
            const signOff = result.data?.signOffEvents.signOff;
            if (signOff) seen(`${signOff.id}:${signOff.state}`);
          },
          error: (error) => process.stderr.write(`subscriber failed: ${JSON.stringify(error)}\n`),
          complete: () => undefined,
        },
      );
    }
    // Warm-up, untimed: every subscription is live once every one has seen an event (a socket's subscription
    // starts a little after it connects, so the first events may reach only some).
    let live = false;
    for (let tries = 0; !live && tries < 60; tries++) live = await cycle(Math.max(2000, size), () => undefined);
    if (!live) throw new Error(`the ${size} subscriptions never all went live`);
    const subscribedRss = rssKiB(holderPid);
    answered.length = 0;
    const latencies: number[] = [];
    for (let n = 0; n < EVENTS; n++) {
      if (
        !(await cycle(60_000, (started, key) => {
          const times = arrivals.get(key)!.map((at) => at - started);
          latencies.push(...times);
          firsts.push(Math.min(...times));
        }))
      )
        throw new Error(`an event did not reach all ${size} subscribers within a minute`);
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
    const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
    answered.sort((a, b) => a - b);
    const mutation = answered[Math.floor(answered.length / 2)]!;
    firsts.sort((a, b) => a - b);
    const first = firsts[Math.floor(firsts.length / 2)]!;
    const afterRss = rssKiB(holderPid);
    const mib = (kiB: number) => String(Math.round(kiB / 1024));
    // The heap's own growing and shrinking moves the RSS by tens of MiB: below 5,000 subscribers that is all a difference would show.
    const perSubscriber = size >= 5000 ? ((subscribedRss - idleRss) / size).toFixed(1) : '—';
    const rss = `${mib(idleRss)} → ${mib(subscribedRss)} → ${mib(afterRss)} (${perSubscriber})`;
    const who = `${size.toLocaleString('en')} subscribers, ${workers} worker${workers === 1 ? '' : 's'}`;
    recordFigure({
      name: `fan-out p50 / p99 / max, ${who}`,
      value: [at(0.5), at(0.99), latencies.at(-1)!].map((v) => v.toFixed(0)).join(' / ') + ' ms',
      goal: P99_GOALS[size] && `p99 ${P99_GOALS[size]}`,
    });
    recordFigure({ name: `holding instance RSS idle → subscribed, ${who}`, value: `${mib(idleRss)} → ${mib(subscribedRss)} MiB` });
    return `  ${String(size).padStart(11)} ${String(workers).padStart(7)} ${ms(at(0.5))}${ms(at(0.99))}${ms(latencies.at(-1)!)}${ms(first)}${ms(mutation)}   ${rss.padEnd(60)}   ${mib(rssKiB(writerPid)).padStart(5)}`;
  } finally {
    for (const client of clients) await client.dispose();
    await holder.stop();
  }

  /** One request asked and withdrawn through instance A: two events, each timed from just before its mutation. */
  async function cycle(timeoutMs: number, record: (started: number, key: string) => void): Promise<boolean> {
    let started = performance.now();
    const asked = await api.graphql<{ requestSignOff: { signOff: { id: string } } }>(
      'mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { ... on SignOffRequested { signOff { id } } } }',
      { input: { op: 'repository.serve', repository: repo.name, input: {}, summary: 'fan-out' } },
      { key: agent.key },
    );
    const id = asked.data!.requestSignOff.signOff.id;
    answered.push(performance.now() - started);
    const pending = await everyone(`${id}:PENDING`, timeoutMs);
    if (pending) record(started, `${id}:PENDING`);
    started = performance.now();
    await api.graphql(`mutation { withdrawSignOff(id: "${id}") { __typename } }`, {}, { key: agent.key });
    answered.push(performance.now() - started);
    const withdrawn = await everyone(`${id}:WITHDRAWN`, timeoutMs);
    if (withdrawn) record(started, `${id}:WITHDRAWN`);
    return pending && withdrawn;
  }
}

/**
 * One subscriber on the fresh instance, until it has seen an event: what
 * serving its first subscription costs (code compiled, pools opened) is then
 * in the idle figure, not spread over the subscribers measured.
 */
async function warmUp(url: string): Promise<void> {
  const client = api.subscriber({ cookie: owner.cookie }, url, false);
  try {
    let seen = false;
    client.subscribe({ query: DOCUMENT }, { next: () => void (seen = true), error: () => undefined, complete: () => undefined });
    for (let tries = 0; !seen && tries < 100; tries++) {
      const asked = await api.graphql<{ requestSignOff: { signOff: { id: string } } }>(
        'mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { ... on SignOffRequested { signOff { id } } } }',
        { input: { op: 'repository.serve', repository: repo.name, input: {}, summary: 'warm-up' } },
        { key: agent.key },
      );
      await api.graphql(`mutation { withdrawSignOff(id: "${asked.data!.requestSignOff.signOff.id}") { __typename } }`, {}, { key: agent.key });
    }
    if (!seen) throw new Error('the warm-up subscriber never saw an event');
  } finally {
    await client.dispose();
  }
}

/** Resolves once a client's socket is acknowledged or closed. */
function settled(client: Client): Promise<void> {
  return new Promise((resolve) => {
    client.on('connected', () => resolve());
    client.on('closed', () => resolve());
  });
}

/** The process listening on `port` (the holding instance), for its RSS. */
function listeningPid(port: string): number {
  const out = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).stdout;
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`no process found listening on ${port}`);
  return Number(pid);
}

/**
 * The resident set, in KiB as the kernel counts it, of the process and every
 * Node process under it: with COUNTERSIGN_WORKERS above 1 the listening
 * process is the cluster's primary and the sockets live in its workers (tsx's
 * esbuild helper, also a child, is not the API's).
 */
function rssKiB(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    if (!stat.startsWith(`${entry} (node)`)) continue;
    // The parent is the second field after the command, which is in parentheses and may hold spaces.
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  for (const queue = [pid]; queue.length > 0;) {
    const each = queue.pop()!;
    const kiB = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))?.[1];
    total += Number(kiB ?? 0);
    queue.push(...(children.get(each) ?? []));
  }
  return total;
}

/** This process's soft limit on open files (`ulimit -n`); the spawned instances inherit it. */
function maxOpenFiles(): number {
  const soft = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  return soft === undefined || soft === 'unlimited' ? Infinity : Number(soft);
}
