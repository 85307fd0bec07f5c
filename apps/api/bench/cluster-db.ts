/**
 * The database half of `node scripts/cluster.mjs`: starts the embedded
 * PostgreSQL on the folder given (as the server does without DATABASE_URL),
 * migrates it once, seeds one owner (with a DECIDE owner token), the agents
 * and their authorities through the same services as the console and CLI,
 * prints one JSON line with the URL and what it seeded, and runs until
 * SIGTERM, when it stops PostgreSQL. Meanwhile it is PostgreSQL's
 * supervisor, as systemd's Restart=always is an operator's: a postmaster
 * that dies (`kill -9`, the OOM killer) is started again on the same data
 * folder and port, and each time it accepts connections again one JSON line
 * says so (`node scripts/cluster.mjs --postgres-restart` kills it and
 * measures what the instances do).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/db/embedded-postgres.js';
import { migrate } from '../src/platform/db/migrate.js';
import { openDatabase } from '../src/platform/db/database.js';
import { createLogger } from '../src/platform/logger.js';
import { serviceDeps } from '../src/platform/lib/deps.js';
import { createOwner, prepareOwner } from '../src/domains/owners/service.js';
import { createAgent } from '../src/domains/agents/service.js';
import { issueAuthority } from '../src/domains/authorities/service.js';
import { createOwnerToken } from '../src/domains/owner-tokens/service.js';
import { createRepository } from '../src/domains/repositories/service.js';
import type { OwnerPrincipal } from '../src/platform/lib/principal.js';
import { DEFAULT_ROW_LIMITS } from '../src/platform/lib/row-limits.js';

const [dataDir, agentCount = '4'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: cluster-db.ts DATA_DIR [AGENTS]');
const log = createLogger('warn');
/** How long a restart may keep failing before the supervisor gives up (and the run fails for want of a database). */
const RESTART_DEADLINE_MS = 30_000;

let embedded: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, log, onUnexpectedExit: () => void restart() });
process.on('SIGTERM', () => void embedded.stop().then(() => process.exit(0)));

/**
 * Starts the cluster again on its port. The first attempts may be refused: the dead postmaster's backends
 * hold its shared memory until each notices it is gone, and PostgreSQL will not start beside them.
 */
async function restart(): Promise<void> {
  const { port } = new URL(embedded.adminUrl);
  const deadline = Date.now() + RESTART_DEADLINE_MS;
  for (;;) {
    try {
      embedded = await startEmbeddedPostgres({ dataDir: dataDir!, log, port: Number(port), onUnexpectedExit: () => void restart() });
      process.stdout.write(`${JSON.stringify({ postgres: 'accepting', pid: embedded.pid, at: Date.now() })}\n`);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}
await ensureDatabase(embedded.adminUrl, 'countersign');
const url = embedded.urlFor('countersign');

// Migrations once, before any instance starts (each instance would find nothing to do).
const migrations = new pg.Pool({ connectionString: url, max: 1 });
const report = await migrate(migrations);
await migrations.end();

const db = await openDatabase({ databaseUrl: url, dataDir, log, maxConnections: 2, runMigrations: false });
const deps = serviceDeps(db, log);
const input = { email: 'ops@example.com', password: 'a long enough password', tenantName: 'Cluster' };
const ownerRow = await createOwner(db.pool, input, await prepareOwner(input));
const owner: OwnerPrincipal = { kind: 'owner', tenantId: ownerRow.tenantId, ownerId: ownerRow.id };
const token = await createOwnerToken(deps, owner, { name: 'cluster owner', scope: 'DECIDE' });
const repository = await createRepository(deps, owner, 'cluster-repo', DEFAULT_ROW_LIMITS.repositoriesPerOwner);
if (repository.kind !== 'created') throw new Error(`repository not created: ${repository.kind}`);
const agents = [];
for (let i = 0; i < Number(agentCount); i++) {
  const created = await createAgent(deps, owner, `agent-${i}`);
  if (created.kind !== 'created') throw new Error(`agent not created: ${created.kind}`);
  const issued = await issueAuthority(deps, owner, {
    id: null,
    agent: created.agent.id,
    name: `budget-${i}`,
    tokens: 1_000_000_000,
    minorUnits: null,
    currency: null,
    draws: null,
    perDrawTokens: null,
    perDrawMinorUnits: null,
    notBefore: null,
    notAfter: null,
  });
  if (issued.kind !== 'issued') throw new Error(`authority not issued: ${issued.kind}`);
  agents.push({ id: created.agent.id, key: created.key, authority: issued.authority.id });
}
await db.close();
process.stdout.write(
  `${JSON.stringify({ url, postmasterPid: embedded.pid, migrations: report.applied.length, ownerToken: token.token, repository: 'cluster-repo', agents })}\n`,
);
setInterval(() => undefined, 1 << 30);
