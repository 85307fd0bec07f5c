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
// The parts are in scripts/cluster/, each named for its job.
import { startBalancer } from './cluster/balancer.mjs';
import { checkRun, readLedger } from './cluster/checks.mjs';
import { startDatabase, startInstances } from './cluster/instances.mjs';
import { runWorkload } from './cluster/load.mjs';
import { cleanUp, makeScratch, requireApi, stopEverythingOnExit } from './cluster/processes.mjs';
import { printReport, say } from './cluster/report.mjs';

const pg = requireApi('pg');

async function main() {
  say('starting PostgreSQL (embedded), migrating once and seeding');
  const seed = await startDatabase(makeScratch());
  say(`PostgreSQL ready; ${seed.migrations} migrations applied; ${seed.agents.length} agents with an authority each`);
  const { ports, children: instances } = await startInstances(seed.url);
  const balancer = await startBalancer(ports);
  say(`load balancer on http://127.0.0.1:${balancer.port} (round robin, WebSocket upgrades passed through)`);

  const db = new pg.Pool({ connectionString: seed.url, max: 2 });
  const before = await readLedger(db);
  const owner = await runWorkload({ balancer, ports, instances, seed });
  const checked = await checkRun(db, { databaseUrl: seed.url, owner });
  await db.end();

  printReport({ balancer, before, checked });
  balancer.close();
  return checked.problems.length === 0 ? 0 : 1;
}

stopEverythingOnExit();
let code = 1;
try {
  code = await main();
} catch (error) {
  process.stderr.write(`cluster: ${error.stack ?? error}\n`);
} finally {
  await cleanUp();
}
process.exit(code);
