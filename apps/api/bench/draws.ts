/**
 * `pnpm bench`: draws per second at 16 clients, on one hot authority and on
 * 1,000 spread ones, each scenario's drivers run back to back in the same
 * minute against the same server:
 *
 * - pgbench running issue 15's reference transaction (its own lean tables),
 * - pgbench running the draw's statements as the API sent them before
 *   issue 15 (receipt, lock, receipt, apply, in BEGIN … COMMIT): the fixed
 *   baseline,
 * - pgbench running the one call the API sends now (`draw_authority`, in
 *   autocommit; its announcement is gathered per authority after the
 *   commit, domains/authorities/draw-announcer.ts, so none is in the statement),
 * - the same call with a `pg_notify` in the statement, as every draw sent
 *   one before (the notify-per-draw baseline of issue 15, item 2), while
 *   the API instance's LISTEN connection is up,
 * - GraphQL `drawAuthority` through one API process (the one-call path),
 * - the same through one port served by two worker processes
 *   (COUNTERSIGN_WORKERS=2, node:cluster; cluster.ts).
 *
 * Figures are reported as ratios: absolute numbers vary by machine and by
 * what else it runs; the ratios, taken within one minute, say what each
 * layer costs.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent as HttpAgent } from 'node:http';
import { openDatabase } from '../src/platform/db/database.js';
import { createLogger } from '../src/platform/logger.js';
import { hashSecret } from '../src/platform/lib/secrets.js';
import { postGraphQL, seedDrawer } from './draw-kit.js';
import { recordFigure } from './summary.js';
import { spawnBuiltApi } from './built-api.js';
import { ownCpuSeconds, processTreeCpuSeconds } from './process-cpu.js';

const CLIENTS = 16;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SPREAD = 1000;
const PGBENCH = ['/usr/lib/postgresql/15/bin/pgbench', '/usr/bin/pgbench'].find((file) => existsSync(file));

const log = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-'));
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, log });
type Driver = 'reference' | 'old' | 'oneCall' | 'oneCallNotify' | 'graphql' | 'graphql2';
/**
 * Each driver draws on a hot authority of its own: a row updated thousands
 * of times (and its receipts) slows the next driver on it, which would
 * favour whichever ran first.
 */
const HOT_DRIVERS: Driver[] = ['old', 'oneCall', 'oneCallNotify', 'graphql', 'graphql2'];
const DRIVERS: Record<Driver, string> = {
  reference: "pgbench, issue 15's reference transaction",
  old: 'pgbench, the old statements (before issue 15)',
  oneCall: 'pgbench, draw_authority in one call',
  oneCallNotify: 'pgbench, the same with pg_notify per draw',
  graphql: 'GraphQL drawAuthority (one-call path), 1 worker',
  graphql2: 'GraphQL drawAuthority (one-call path), 2 workers',
};
const drawer = await seedDrawer(db.pool, [...HOT_DRIVERS.map((driver) => `hot-${driver}`), ...Array.from({ length: SPREAD }, (_, i) => `spread-${i + 1}`)]);
const ids = { tenant: drawer.tenant, owner: drawer.owner, agent: drawer.agent };
const key = drawer.key;
await seedReference();
// Both up for the whole run, each idle while the other is measured: one process, and one port served by two.
const apis = { graphql: await spawnBuiltApi(db.url), graphql2: await spawnBuiltApi(db.url, { COUNTERSIGN_WORKERS: '2' }) };

/** `cpuBusy`: the machine's CPUs busy over a GraphQL driver's runs (0 … 1), which says whether a second worker had a core to use. */
type Result = { scenario: 'hot' | 'spread'; driver: Driver; perSecond: number; cpuBusy?: number; cpu?: CpuPerDraw };
/** Microseconds of CPU a draw cost the API's processes and the bench's own client over a GraphQL driver's runs. */
type CpuPerDraw = { serverMicros: number | undefined; clientMicros: number };
const results: Result[] = [];
/** Numbers each GraphQL run, so the keys of a driver's second run are new. */
let graphqlRuns = 0;
for (const scenario of ['hot', 'spread'] as const) {
  if (PGBENCH) {
    results.push({ scenario, driver: 'reference', perSecond: runPgbench(referenceScript(), scenario === 'hot' ? 1 : SPREAD) });
    results.push({ scenario, driver: 'old', perSecond: runPgbench(oldStatementsScript(scenario)) });
    results.push({ scenario, driver: 'oneCall', perSecond: runPgbench(oneCallScript(scenario, false)) });
    results.push({ scenario, driver: 'oneCallNotify', perSecond: runPgbench(oneCallScript(scenario, true)) });
  }
  results.push(...(await compareWorkers(scenario)));
}
await apis.graphql.stop();
await apis.graphql2.stop();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

process.stdout.write(
  `\nDraws per second, ${CLIENTS} clients, ${SECONDS} s per driver, each scenario's drivers in the same minute (${PGBENCH ? 'pgbench found' : 'pgbench missing: GraphQL only'}):\n`,
);
for (const scenario of ['hot', 'spread'] as const) {
  const of = (driver: Driver) => results.find((r) => r.scenario === scenario && r.driver === driver)?.perSecond;
  const label = scenario === 'hot' ? 'one hot authority' : `${SPREAD} spread authorities`;
  for (const result of results.filter((r) => r.scenario === scenario)) {
    const busy = result.cpuBusy === undefined ? '' : `   (CPUs ${(result.cpuBusy * 100).toFixed(0)} % busy${cpuText(result.cpu)})`;
    process.stdout.write(`  ${label.padEnd(24)} ${DRIVERS[result.driver].padEnd(48)} ${result.perSecond.toFixed(0).padStart(6)}/s${busy}\n`);
  }
  const ratio = (a: Driver, b: Driver) => {
    const x = of(a);
    const y = of(b);
    return x !== undefined && y !== undefined ? (x / y).toFixed(2) : 'n/a';
  };
  process.stdout.write(
    `  ${label.padEnd(24)} ratios: GraphQL ÷ one call ${ratio('graphql', 'oneCall')}, GraphQL ÷ reference ${ratio('graphql', 'reference')}, GraphQL ÷ old statements ${ratio('graphql', 'old')}, ` +
      `one call ÷ old statements ${ratio('oneCall', 'old')}, one call ÷ reference ${ratio('oneCall', 'reference')}, ` +
      `one call ÷ one call notifying per draw ${ratio('oneCall', 'oneCallNotify')}, ` +
      `GraphQL 2 workers ÷ reference ${ratio('graphql2', 'reference')}, GraphQL 2 workers ÷ 1 worker ${ratio('graphql2', 'graphql')}\n`,
  );
  const where = scenario === 'hot' ? 'one hot authority' : `${SPREAD} spread authorities`;
  recordFigure({ name: `draws/s, ${where}: GraphQL, 1 worker`, value: `${of('graphql')?.toFixed(0) ?? 'n/a'}/s` });
  const cpu = results.find((r) => r.scenario === scenario && r.driver === 'graphql')?.cpu;
  recordFigure({ name: `draws, ${where}: GraphQL ÷ pgbench one call`, value: ratio('graphql', 'oneCall'), goal: scenario === 'hot' ? '≥ 0.9' : '≥ 0.6' });
  recordFigure({
    name: `draws, ${where}: server CPU per draw (bench client's beside it)`,
    value: `${cpu?.serverMicros?.toFixed(0) ?? 'n/a'} µs (${cpu?.clientMicros.toFixed(0) ?? 'n/a'} µs)`,
    goal: '≤ 150 µs',
  });
  recordFigure({ name: `draws/s, ${where}: pgbench reference`, value: `${of('reference')?.toFixed(0) ?? 'n/a'}/s` });
  recordFigure({ name: `draws, ${where}: GraphQL ÷ pgbench reference`, value: ratio('graphql', 'reference'), goal: scenario === 'hot' ? '≥ 1.0' : '≥ 0.7' });
  recordFigure({ name: `draws, ${where}: GraphQL ÷ old statements (fixed baseline)`, value: ratio('graphql', 'old') });
  recordFigure({ name: `draws, ${where}: GraphQL 2 workers ÷ 1 worker`, value: ratio('graphql2', 'graphql') });
  recordFigure({
    name: `draws, ${where}: one call ÷ pgbench reference`,
    value: ratio('oneCall', 'reference'),
    goal: scenario === 'hot' ? '> 1 (beats it)' : undefined,
  });
  recordFigure({ name: `draws, ${where}: one call ÷ one call notifying per draw`, value: ratio('oneCall', 'oneCallNotify') });
}

/**
 * Issue 15's reference: its own lean tables, a balance row with CHECK (>= 0)
 * counters keyed (tenant, authority) and a receipt table keyed (tenant,
 * authority, dispatch), seeded with 1,000 rows.
 */
async function seedReference(): Promise<void> {
  await db.pool
    .query(`CREATE TABLE authority_balance (tenant text, authority text, tokens bigint CHECK (tokens >= 0), minor_units bigint CHECK (minor_units >= 0),
                         draws bigint CHECK (draws >= 0), revoked boolean NOT NULL DEFAULT false, PRIMARY KEY (tenant, authority))`);
  await db.pool.query(`CREATE TABLE authority_receipt (tenant text, authority text, dispatch text, tokens bigint, minor_units bigint, draws bigint,
                         PRIMARY KEY (tenant, authority, dispatch))`);
  await db.pool.query(`INSERT INTO authority_balance SELECT 't', 'a' || n, 0, 0, 0 FROM generate_series(1, ${SPREAD}) n`);
}

/** Issue 15's reference transaction, verbatim; `-D spread=1` for the hot scenario. */
function referenceScript(): string {
  return [
    '\\set a random(1, :spread)',
    'BEGIN;',
    "SELECT 1 FROM authority_receipt WHERE tenant = 't' AND authority = 'a' || :a AND dispatch = :client_id || '-' || random()::text;",
    "SELECT tokens, minor_units, draws, revoked FROM authority_balance WHERE tenant = 't' AND authority = 'a' || :a FOR UPDATE;",
    "UPDATE authority_balance SET tokens = tokens + 1, draws = draws + 1 WHERE tenant = 't' AND authority = 'a' || :a;",
    "INSERT INTO authority_receipt VALUES ('t', 'a' || :a, md5(random()::text || clock_timestamp()::text), 1, 0, 1);",
    'COMMIT;',
  ].join('\n');
}

/**
 * The one call the API sends for a draw now (domains/authorities/store.ts, drawInOneCall); with `notify`, the
 * announcement in the statement itself, as a draw inside a request's own transaction still sends it.
 */
function oneCallScript(scenario: 'hot' | 'spread', notify: boolean): string {
  const authority = scenario === 'hot' ? `'hot-${notify ? 'oneCallNotify' : 'oneCall'}'` : `'spread-' || :a`;
  const announced = notify ? `LEFT JOIN LATERAL (SELECT pg_notify('countersign_events', '{}') WHERE d.verdict = 'drawn') n ON true` : '';
  return [
    '\\set a random(1, ' + SPREAD + ')',
    '\\set k random(1, 2000000000)',
    `SELECT d.verdict FROM draw_authority('${hashSecret(key)}', ${authority}, 'pgf-' || :client_id || '-' || :k, 1, 0) d ${announced};`,
  ].join('\n');
}

/** The draw transaction of domains/authorities/store.ts before issue 15, statement for statement, as a pgbench script: the fixed baseline. */
function oldStatementsScript(scenario: 'hot' | 'spread'): string {
  const authority = scenario === 'hot' ? `'hot-old'` : `'spread-' || :a`;
  const receipt = `SELECT r.tokens FROM authority_receipts r JOIN authorities a ON a.tenant_id = r.tenant_id AND a.owner_id = r.owner_id AND a.id = r.authority_id
    WHERE r.tenant_id = '${ids.tenant}' AND r.owner_id = '${ids.owner}' AND r.authority_id = ${authority} AND r.dispatch_key = 'pgb-' || :k AND a.agent_id = '${ids.agent}';`;
  return [
    '\\set a random(1, ' + SPREAD + ')',
    '\\set k random(1, 2000000000)',
    'BEGIN;',
    receipt,
    `SELECT b.*, now() FROM authorities a JOIN authority_balances b ON b.tenant_id = a.tenant_id AND b.owner_id = a.owner_id AND b.authority_id = a.id
      WHERE a.tenant_id = '${ids.tenant}' AND a.owner_id = '${ids.owner}' AND a.id = ${authority} AND a.agent_id = '${ids.agent}' FOR UPDATE OF b;`,
    receipt,
    `WITH moved AS (UPDATE authority_balances SET drawn_tokens = drawn_tokens + 1, draws = draws + 1, remaining_tokens = remaining_tokens - 1
       WHERE tenant_id = '${ids.tenant}' AND owner_id = '${ids.owner}' AND authority_id = ${authority} RETURNING remaining_tokens, remaining_minor_units, remaining_draws, draws),
     receipt AS (INSERT INTO authority_receipts (tenant_id, owner_id, authority_id, dispatch_key, tokens, minor_units, remaining_tokens, remaining_minor_units, remaining_draws, ordinal)
       SELECT '${ids.tenant}', '${ids.owner}', ${authority}, 'pgb-' || :k, 1, 0, remaining_tokens, remaining_minor_units, remaining_draws, draws FROM moved
       ON CONFLICT DO NOTHING RETURNING *)
     SELECT receipt.ordinal FROM receipt, LATERAL (SELECT pg_notify('countersign_events', '{}')) n;`,
    'COMMIT;',
  ].join('\n');
}

function runPgbench(text: string, spread?: number): number {
  const script = path.join(dataDir, `script-${randomUUID()}.sql`);
  writeFileSync(script, text);
  const url = new URL(db.url);
  const result = spawnSync(
    PGBENCH!,
    [
      '-n',
      '-c',
      String(CLIENTS),
      '-j',
      '2',
      '-T',
      String(SECONDS),
      ...(spread === undefined ? [] : ['-D', `spread=${spread}`]),
      '-f',
      script,
      '-h',
      url.hostname,
      '-p',
      url.port,
      '-U',
      decodeURIComponent(url.username),
      url.pathname.slice(1),
    ],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) } },
  );
  const tps = /tps = ([\d.]+)/.exec(result.stdout);
  if (!tps) throw new Error(`pgbench failed: ${result.stderr || result.stdout}`);
  return Number(tps[1]);
}

/**
 * GraphQL through 1 and through 2 workers, each for SECONDS in two halves run
 * 1, 2, 2, 1: whatever drifts over the minute (the tables growing, what
 * else the machine runs) weighs on both alike.
 */
async function compareWorkers(scenario: 'hot' | 'spread'): Promise<Result[]> {
  const fresh = () => ({ draws: 0, seconds: 0, busy: 0, total: 0, server: 0 as number | undefined, client: 0 });
  const runs = { graphql: fresh(), graphql2: fresh() };
  for (const driver of ['graphql', 'graphql2', 'graphql2', 'graphql'] as const) {
    const before = cpuTicks();
    const serverBefore = processTreeCpuSeconds(apis[driver].pid);
    const clientBefore = ownCpuSeconds();
    const run = await runGraphQL(scenario, driver, SECONDS / 2);
    const after = cpuTicks();
    const serverAfter = processTreeCpuSeconds(apis[driver].pid);
    runs[driver].client += ownCpuSeconds() - clientBefore;
    const server = runs[driver].server;
    runs[driver].server = server === undefined || serverBefore === undefined || serverAfter === undefined ? undefined : server + serverAfter - serverBefore;
    runs[driver].draws += run.draws;
    runs[driver].seconds += run.seconds;
    if (before && after) {
      runs[driver].busy += after.busy - before.busy;
      runs[driver].total += after.total - before.total;
    }
  }
  return (['graphql', 'graphql2'] as const).map((driver) => ({
    scenario,
    driver,
    perSecond: runs[driver].draws / runs[driver].seconds,
    cpuBusy: runs[driver].total > 0 ? runs[driver].busy / runs[driver].total : undefined,
    cpu: {
      serverMicros: serverMicros(runs[driver].server, runs[driver].draws),
      clientMicros: (runs[driver].client / runs[driver].draws) * 1e6,
    },
  }));
}

function serverMicros(seconds: number | undefined, draws: number): number | undefined {
  return seconds === undefined ? undefined : (seconds / draws) * 1e6;
}

/** A GraphQL driver's CPU per draw, the API's processes' and the bench client's. */
function cpuText(cpu: CpuPerDraw | undefined): string {
  if (!cpu) return '';
  const server = cpu.serverMicros === undefined ? 'n/a' : cpu.serverMicros.toFixed(0);
  return `; per draw: server ${server} µs CPU, bench client ${cpu.clientMicros.toFixed(0)} µs`;
}

/** The machine's CPU time so far, busy and in all (Linux's /proc/stat; undefined elsewhere). */
function cpuTicks(): { busy: number; total: number } | undefined {
  if (!existsSync('/proc/stat')) return undefined;
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal …: idle and iowait are the time nothing ran.
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: total - fields[3]! - fields[4]!, total };
}

async function runGraphQL(scenario: 'hot' | 'spread', driver: 'graphql' | 'graphql2', seconds: number): Promise<{ draws: number; seconds: number }> {
  // Keep-alive, as agents run: the cluster hands each of the 16 connections to a worker once, round-robin.
  const agent = new HttpAgent({ keepAlive: true, maxSockets: CLIENTS });
  const target = new URL(`${apis[driver].url}/graphql`);
  const deadline = Date.now() + seconds * 1000;
  const run = ++graphqlRuns;
  let done = 0;
  let refused = 0;
  const query = 'mutation($input: DrawAuthorityInput!) { drawAuthority(input: $input) { __typename } }';
  const client = async (n: number) => {
    for (let i = 0; Date.now() < deadline; i++) {
      // A driver runs twice per scenario: the run's number keeps its keys new (a reused key would be a replay, not a draw).
      const dispatchKey = `${driver}-${scenario}-${run}-${n}-${i}`;
      const authority = scenario === 'hot' ? `hot-${driver}` : `spread-${1 + Math.floor(Math.random() * SPREAD)}`;
      const body = JSON.stringify({ query, variables: { input: { authority, dispatchKey, tokens: 1 } } });
      const answer = await postGraphQL(agent, target, key, body);
      if (answer.includes('"Drawn"')) done++;
      else refused++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  agent.destroy();
  if (refused > 0) throw new Error(`${refused} draws were refused during the benchmark`);
  return { draws: done, seconds: (Date.now() - started) / 1000 };
}
