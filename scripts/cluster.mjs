// `node scripts/cluster.mjs` (`pnpm cluster`): Countersign as docs/deploy.md
// describes it, measured. Starts PostgreSQL (the embedded one, migrated once
// and seeded by apps/api/bench/cluster-db.ts), three API instances on
// loopback ports against it, and a small load balancer in this process
// (round robin, no sticky sessions, WebSocket upgrades passed through, a
// backend that refuses connections skipped: a passive health check). Then a
// mixed workload through the balancer: agents asking for sign-offs and
// drawing on their authorities, retrying lost answers with the same
// Idempotency-Key / dispatch key; an owner deciding what a graphql-ws
// subscription through the balancer shows, resubscribing when the socket
// drops. One instance is SIGKILLed mid-run. It reports what the clients saw
// and checks the ledger against the database; it exits 1 if that check fails.
// With --rolling-restart (a step of `pnpm test` too), the same workload goes
// through Debian's haproxy instead, health-checking /readyz, while each
// instance in turn is stopped with SIGTERM and replaced: the bar is 0 failed
// requests (scripts/cluster/rolling.mjs). With --postgres-restart (a step
// of `pnpm test` too), the same workload through the same haproxy while
// PostgreSQL's postmaster is killed with SIGKILL and started again on its
// folder and port: the instances, untouched, must answer only 503
// UNAVAILABLE meanwhile and serve again by themselves, their event buses
// listening again (scripts/cluster/postgres-restart.mjs).
// The parts are in scripts/cluster/, each named for its job.
import { startBalancer } from './cluster/balancer.mjs';
import { checkRun, readLedger } from './cluster/checks.mjs';
import { startDatabase, startInstances } from './cluster/instances.mjs';
import { killOneMidRun, runWorkload } from './cluster/load.mjs';
import { cleanUp, makeScratch, requireApi, stopEverythingOnExit } from './cluster/processes.mjs';
import { crashRunLines, printReport, say } from './cluster/report.mjs';
import { postgresRestartRun } from './cluster/postgres-restart.mjs';
import { ROLLING_SETTINGS, rollingRun } from './cluster/rolling.mjs';
import { ANSWER_GRACE_MS, WORKLOAD_MS } from './cluster/settings.mjs';

const pg = requireApi('pg');
const rolling = process.argv.includes('--rolling-restart');
const postgresRestart = process.argv.includes('--postgres-restart');
if (rolling && postgresRestart) throw new Error('--rolling-restart and --postgres-restart are separate runs: give one');

/** The crash run: the balancer in this process, one instance SIGKILLed mid-run. */
async function crashRun(instances) {
  const balancer = await startBalancer(instances.ports);
  say(`load balancer on http://127.0.0.1:${balancer.port} (round robin, WebSocket upgrades passed through)`);
  return {
    port: balancer.port,
    title: 'Cluster run (scripts/cluster.mjs)',
    deadline: Date.now() + WORKLOAD_MS + ANSWER_GRACE_MS,
    disrupt: killOneMidRun({ balancer, ports: instances.ports, instances: instances.children }),
    problems: async () => [],
    lines: () => crashRunLines(balancer.stats),
    signOffNotes: ['    (an approval whose deed the killed instance left unfinished stays APPROVED until a sweep settles it)'],
    close: () => balancer.close(),
  };
}

async function main() {
  const scratch = makeScratch();
  say('starting PostgreSQL (embedded), migrating once and seeding');
  const seed = await startDatabase(scratch);
  say(`PostgreSQL ready; ${seed.migrations} migrations applied; ${seed.agents.length} agents with an authority each`);
  const instances = await startInstances(seed.url, rolling ? ROLLING_SETTINGS : {});
  const run = rolling ? await rollingRun(instances, scratch) : postgresRestart ? await postgresRestartRun(instances, scratch, seed) : await crashRun(instances);

  const db = new pg.Pool({ connectionString: seed.url, max: 2 });
  // An idle connection PostgreSQL drops (the --postgres-restart run kills it) is the pool's to replace, not a crash.
  db.on('error', () => undefined);
  const before = await readLedger(db);
  const owner = await runWorkload({ port: run.port, seed, disrupt: run.disrupt, deadline: run.deadline });
  const checked = await checkRun(db, { databaseUrl: seed.url, owner });
  checked.problems.push(...(await run.problems()));
  await db.end();

  printReport({ title: run.title, setup: run.lines(), signOffNotes: run.signOffNotes, before, checked });
  run.close();
  return checked.problems.length === 0 ? 0 : 1;
}

// The rolling restart waits out three drains and three starts on top of the workload's set-up.
stopEverythingOnExit(rolling ? 270_000 : undefined);
let code = 1;
try {
  code = await main();
} catch (error) {
  process.stderr.write(`cluster: ${error.stack ?? error}\n`);
} finally {
  await cleanUp();
}
process.exit(code);
