/**
 * `pnpm bench`, reads part (issue 27 item 4): what Prisma costs on an
 * ordinary read, and what `signOff(id)` costs through GraphQL, 3 rounds, the
 * median kept. The drivers compared with each other take turns of a quarter
 * second within each round (bench/turns.ts), so each ratio is of one minute,
 * and the ratios are each round's, not of medians taken in different rounds:
 *
 * - a 50-row page of one agent's sign-off requests through Prisma's
 *   `findMany` (the stored columns, ordered by request time), against the
 *   equivalent raw statement on the same pool (the same columns, the same
 *   JS values: Dates, arrays, numbers), and against the list the API serves
 *   (`listSignOffs`, raw: its order and state are computed from the
 *   database's `now()`, which Prisma cannot express);
 * - `signOff(id)` through GraphQL, against the raw read it makes
 *   (`findSignOff`, still raw for the same reason), with each one's p50.
 *
 * The draw is measured by bench/draws.ts and is not repeated here.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent as HttpAgent } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { openDatabase } from '../src/platform/db/database.js';
import { createLogger } from '../src/platform/logger.js';
import type { Reader } from '../src/platform/lib/reader.js';
import { findSignOff } from '../src/domains/signoffs/store.js';
import { listSignOffs } from '../src/domains/signoffs/reads-store.js';
import { postGraphQL, seedDrawer } from './draw-kit.js';
import { recordFigure } from './summary.js';
import { measureInTurns, median, type Run } from './turns.js';
import { spawnBuiltApi } from './built-api.js';

const CLIENTS = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 3;
const ROWS = 2000;
const PAGE = 50;

// Prisma as deployed: `pnpm start` runs with NODE_ENV=production, where Prisma Client does not capture a
// call-site stack on every query for its development error messages. Read when the client is built, below;
// the API process the bench starts sets its own.
process.env.NODE_ENV = 'production';

const log = createLogger('warn');
const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-bench-reads-'));
const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir, log });
const drawer = await seedDrawer(db.pool, []);
const reader: Reader = { ownerId: drawer.owner, agentId: drawer.agent };
const ids = await seedSignOffs();
const api = await spawnBuiltApi(db.url);

/** The stored columns of a row, as the raw reads name them. */
const STORED = `tenant_id AS "tenantId", id, agent_id AS "agentId", owner_id AS "ownerId", op, summary, state,
  requested_at AS "requestedAt", decided_at AS "decidedAt", risk, risk_reasons AS "riskReasons", approvals_required AS "approvalsRequired"`;
const select = {
  tenantId: true,
  id: true,
  agentId: true,
  ownerId: true,
  op: true,
  summary: true,
  state: true,
  requestedAt: true,
  decidedAt: true,
  risk: true,
  riskReasons: true,
  approvalsRequired: true,
} as const;

const http = new HttpAgent({ keepAlive: true, maxSockets: CLIENTS });
const url = new URL('/graphql', api.url);
const detailQuery = 'query($id: ID!) { signOff(id: $id) { id state summary requestedAt } }';
let next = 0;
const anyId = () => ids[next++ % ids.length]!;

const pagePrisma = () =>
  db.prisma.signOff.findMany({
    where: { tenantId: drawer.tenant, ownerId: drawer.owner, agentId: drawer.agent },
    orderBy: [{ requestedAt: 'asc' }, { id: 'asc' }],
    take: PAGE + 1,
    select,
  });
const pageRaw = () =>
  db.pool.query(
    `/* benchPage */ SELECT ${STORED} FROM sign_offs WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND agent_id = $3::uuid
      ORDER BY requested_at, id LIMIT $4`,
    [drawer.tenant, drawer.owner, drawer.agent, PAGE + 1],
  );

const DRIVERS = {
  pagePrisma,
  pageRaw,
  // The same two reads with one client: the time a page takes when the machine is not saturated.
  pagePrismaAlone: pagePrisma,
  pageRawAlone: pageRaw,
  pageServed: () => listSignOffs(db.pool, drawer.tenant, reader, {}, PAGE, undefined),
  detailRaw: () => findSignOff(db.pool, drawer.tenant, anyId(), reader),
  detailGraphQL: async () => {
    const text = await postGraphQL(http, url, drawer.key, JSON.stringify({ query: detailQuery, variables: { id: anyId() } }));
    if (!text.includes('"signOff":{')) throw new Error(`signOff(id) failed: ${text.slice(0, 200)}`);
  },
} satisfies Record<string, () => Promise<unknown>>;
type Driver = keyof typeof DRIVERS;
const PAGES = ['pagePrisma', 'pageRaw', 'pageServed'] as const satisfies Driver[];
const DETAILS = ['detailRaw', 'detailGraphQL'] as const satisfies Driver[];
const ALONE = ['pagePrismaAlone', 'pageRawAlone'] as const satisfies Driver[];

// Like with like: both pages are the same rows, as the same JS values (Dates, arrays, numbers).
const [viaPrisma, viaRaw] = await Promise.all([pagePrisma(), pageRaw()]);
if (!isDeepStrictEqual(viaPrisma, viaRaw.rows)) throw new Error('the Prisma page and the raw page differ: the comparison would be unfair');

const rounds: Record<Driver, Run>[] = [];
await measureRound(Math.min(1, SECONDS)); // warm every path (the JIT, the plan caches) before the rounds kept
for (let round = 0; round < ROUNDS; round++) rounds.push(await measureRound(SECONDS));
report();

await api.stop();
http.destroy();
await db.close();
rmSync(dataDir, { recursive: true, force: true });

/** The page drivers in turns, then the detail drivers in turns. */
async function measureRound(seconds: number): Promise<Record<Driver, Run>> {
  const pick = <K extends Driver>(keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, DRIVERS[key]])) as Record<K, () => Promise<unknown>>;
  return {
    ...(await measureInTurns(pick(PAGES), seconds, CLIENTS)),
    ...(await measureInTurns(pick(ALONE), seconds, 1)),
    ...(await measureInTurns(pick(DETAILS), seconds, CLIENTS)),
  };
}

/** The round's median reads per second, and its p50. */
function medianRun(driver: Driver): Run {
  const sorted = rounds.map((round) => round[driver]).sort((a, b) => a.perSecond - b.perSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How many times longer a read of `slow` took than one of `fast` in the same round; the rounds' median. */
function timeRatio(slow: Driver, fast: Driver): number {
  return median(rounds.map((round) => round[fast].perSecond / round[slow].perSecond));
}

function report(): void {
  const line = (label: string, driver: Driver) => {
    const run = medianRun(driver);
    const cpu = median(rounds.map((round) => round[driver].cpuUs)).toFixed(0);
    process.stdout.write(`  ${label.padEnd(58)} ${run.perSecond.toFixed(0).padStart(7)}/s  p50 ${run.p50Ms.toFixed(2)} ms  this process ${cpu} µs CPU/read\n`);
  };
  process.stdout.write(`\nReads, ${CLIENTS} clients, ${SECONDS} s a driver a round in turns, median of ${ROUNDS} rounds (${ROWS} requests of one agent):\n`);
  line(`${PAGE}-row page, Prisma findMany`, 'pagePrisma');
  line(`${PAGE}-row page, the equivalent raw statement`, 'pageRaw');
  line(`${PAGE}-row page, Prisma findMany, 1 client`, 'pagePrismaAlone');
  line(`${PAGE}-row page, the equivalent raw statement, 1 client`, 'pageRawAlone');
  line(`${PAGE}-row page, listSignOffs as served (raw, computed order)`, 'pageServed');
  line('signOff(id), raw findSignOff on the pool', 'detailRaw');
  line('signOff(id), GraphQL, 1 worker', 'detailGraphQL');
  const pageRatio = timeRatio('pagePrisma', 'pageRaw');
  const servedRatio = timeRatio('pagePrisma', 'pageServed');
  const detailRatio = timeRatio('detailGraphQL', 'detailRaw');
  const each = rounds.map((round) => (round.pageRaw.perSecond / round.pagePrisma.perSecond).toFixed(2)).join(', ');
  process.stdout.write(
    `  50-row page, Prisma cost ÷ raw: ${pageRatio.toFixed(2)}× (goal ≤ 1.3×; rounds ${each}); ÷ the served list: ${servedRatio.toFixed(2)}×\n`,
  );
  const aloneRatio = timeRatio('pagePrismaAlone', 'pageRawAlone');
  process.stdout.write(`  50-row page, 1 client, Prisma ÷ raw: ${aloneRatio.toFixed(2)}× (the page's own time, the machine not saturated)\n`);
  const cpuRatio = median(rounds.map((round) => round.pagePrisma.cpuUs / round.pageRaw.cpuUs));
  process.stdout.write(
    `  50-row page, Prisma's CPU in this process ÷ raw's: ${cpuRatio.toFixed(2)}× (the client-side cost; the database's work is the same statement)\n`,
  );
  process.stdout.write(`  signOff(id), GraphQL cost ÷ the raw read: ${detailRatio.toFixed(2)}×\n`);
  process.stdout.write('  the draw: measured by bench/draws.ts, unchanged by this work\n');
  recordFigure({
    name: `reads: ${PAGE}-row page, Prisma ÷ raw statement (time per read, ${CLIENTS} clients)`,
    value: `${pageRatio.toFixed(2)}×`,
    goal: '≤ 1.3×',
  });
  recordFigure({ name: `reads: ${PAGE}-row page, Prisma ÷ raw statement (time per read, 1 client)`, value: `${aloneRatio.toFixed(2)}×`, goal: '≤ 1.3×' });
  const detail = medianRun('detailGraphQL');
  recordFigure({ name: 'reads: signOff(id) through GraphQL, per second (p50)', value: `${detail.perSecond.toFixed(0)}/s (${detail.p50Ms.toFixed(2)} ms)` });
  recordFigure({ name: 'reads: signOff(id), GraphQL ÷ raw read (time per read)', value: `${detailRatio.toFixed(2)}×` });
}

/** ROWS requests of the agent, some decided, written straight to the table: the benchmark measures reading. */
async function seedSignOffs(): Promise<string[]> {
  const rows = Array.from({ length: ROWS }, () => randomUUID());
  await db.pool.query(
    `INSERT INTO sign_offs (tenant_id, id, agent_id, owner_id, op, input, input_hash, requested_input, requested_input_hash, summary, state,
                            requested_at, decided_at, risk, risk_reasons)
     SELECT $1, id, $2, $3, 'bench.op', '{}', md5(n::text) || md5(n::text), '{}', md5(n::text) || md5(n::text), 'bench request ' || n,
            CASE WHEN n % 3 = 0 THEN 'denied' ELSE 'pending' END, now() - n * interval '1 second',
            CASE WHEN n % 3 = 0 THEN now() ELSE NULL END, 'low', '{}'
       FROM unnest($4::uuid[]) WITH ORDINALITY AS t(id, n)`,
    [drawer.tenant, drawer.agent, drawer.owner, rows],
  );
  return rows;
}
