import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../platform/db/database.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';
import { recentInstances, type SeenInstance } from '../../jobs/heartbeats/store.js';
import { HEARTBEAT_STALE_AFTER_SECONDS } from '../../jobs/heartbeats/heartbeat.js';
import { readOutboxBacklog, type ChannelBacklog } from '../../delivery/outbox/store.js';
import { WAITING_STATES } from '../../domains/signoffs/store.js';

/** What `pnpm countersign status` reports of one database (docs/deploy.md). */
export interface DatabaseStatus {
  /** Each instance alive (its heartbeat fresh: HEARTBEAT_STALE_AFTER_SECONDS), and whether its LISTEN bus was connected at its last beat; null before the heartbeat migration. */
  instances: SeenInstance[] | null;
  migrations: { applied: number; latest: string | null; pending: string[] };
  owners: number;
  liveAgents: number;
  setupNeeded: boolean;
  /** Sign-offs waiting on owners, by state (pending, partially_approved), and the oldest's age in seconds. */
  waitingSignOffs: { byState: Record<string, number>; total: number; oldestAgeSeconds: number | null };
  /** Undelivered outbox rows per channel, and each channel's oldest's age in seconds. */
  outbox: ChannelBacklog[];
}

/**
 * Reads the status of the database `db` opens. It reads only: the
 * status command opens the database without migrating, so that pending
 * migrations show; tables a pending migration would create read as unknown.
 * The plain counts go through Prisma (ordinary reads); the table probes,
 * the migration list and the waiting ages (an age from the database's
 * `now()`) stay raw.
 */
export async function readStatus(db: Pick<Database, 'prisma' | 'pool'>, setupNeeded: () => Promise<boolean>, dir = MIGRATIONS_DIR): Promise<DatabaseStatus> {
  const { pool, prisma } = db;
  const tables = await pool.query<{ migrations: boolean; heartbeats: boolean; owners: boolean }>(
    `/* statusTables */ SELECT to_regclass('_prisma_migrations') IS NOT NULL AS migrations,
            to_regclass('instance_heartbeats') IS NOT NULL AS heartbeats,
            to_regclass('owners') IS NOT NULL AS owners`,
  );
  const present = tables.rows[0]!;
  const applied = present.migrations
    ? (
        await pool.query<{ name: string }>(
          `/* statusAppliedMigrations */ SELECT migration_name AS name FROM _prisma_migrations
            WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
        )
      ).rows.map((row) => row.name)
    : [];
  const done = new Set(applied);
  const pending = listMigrationNames(dir).filter((name) => !done.has(name));
  const status: DatabaseStatus = {
    instances: present.heartbeats ? await recentInstances(pool, HEARTBEAT_STALE_AFTER_SECONDS) : null,
    migrations: { applied: applied.length, latest: applied.at(-1) ?? null, pending },
    owners: 0,
    liveAgents: 0,
    setupNeeded: true,
    waitingSignOffs: { byState: {}, total: 0, oldestAgeSeconds: null },
    outbox: [],
  };
  // A database never migrated holds none of the tables below.
  if (!present.owners) return status;
  const [owners, liveAgents, waiting, outbox] = await Promise.all([
    prisma.owner.count(),
    prisma.agent.count({ where: { revokedAt: null } }),
    pool.query<{ state: string; count: number; oldest: number }>(
      `/* statusWaitingSignOffs */ SELECT state, count(*)::int AS count, extract(epoch FROM now() - min(requested_at))::float8 AS oldest
         FROM sign_offs WHERE state = ANY($1::text[]) GROUP BY state ORDER BY state`,
      [WAITING_STATES],
    ),
    readOutboxBacklog(pool),
  ]);
  status.owners = owners;
  status.liveAgents = liveAgents;
  status.setupNeeded = await setupNeeded();
  for (const row of waiting.rows) status.waitingSignOffs.byState[row.state] = row.count;
  status.waitingSignOffs.total = waiting.rows.reduce((sum, row) => sum + row.count, 0);
  status.waitingSignOffs.oldestAgeSeconds = waiting.rows.length === 0 ? null : Math.max(...waiting.rows.map((row) => row.oldest));
  status.outbox = outbox;
  return status;
}

function listMigrationNames(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort();
}

/** An age for people: "42s", "7m 3s", "2h 5m", "3d 4h". */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
  return `${Math.floor(s / 86_400)}d ${Math.floor((s % 86_400) / 3600)}h`;
}

/** The status as lines for a terminal. */
export function formatStatus(status: DatabaseStatus, database: string): string {
  const lines = [`database: ${database}`];
  const { migrations } = status;
  lines.push(`latest migration: ${migrations.latest ?? 'none'}`);
  lines.push(`pending migrations: ${migrations.pending.length === 0 ? 'none' : migrations.pending.join(', ')}`);
  // These four lines keep the shape the status command always printed (scripts read them).
  lines.push(
    `migrations applied: ${migrations.applied}`,
    `owners: ${status.owners}`,
    `live agents: ${status.liveAgents}`,
    `setup needed: ${status.setupNeeded}`,
  );
  const waiting = status.waitingSignOffs;
  const byState = Object.entries(waiting.byState)
    .map(([state, count]) => `${count} ${state}`)
    .join(', ');
  lines.push(`sign-offs waiting: ${waiting.total}${waiting.total > 0 ? ` (${byState}; oldest ${formatAge(waiting.oldestAgeSeconds ?? 0)})` : ''}`);
  if (status.outbox.length === 0) lines.push('outbox: empty');
  else for (const row of status.outbox) lines.push(`outbox ${row.channel}: ${row.depth} waiting, oldest ${formatAge(row.oldestAgeSeconds)}`);
  if (status.instances === null) lines.push('instances: unknown (the heartbeat migration is pending)');
  else {
    lines.push(`instances seen in the last minute: ${status.instances.length}`);
    for (const instance of status.instances) {
      const ago = formatAge(instance.seenSecondsAgo);
      lines.push(
        `  ${instance.id.slice(0, 8)}  ${instance.hostname}  pid ${instance.pid}  v${instance.version}  seen ${ago} ago  bus ${instance.busConnected ? 'connected' : 'DISCONNECTED'}${connectionsText(instance)}`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** What a line adds of the process's connection budget and drain; nothing for a process of a version that did not say. */
function connectionsText(instance: SeenInstance): string {
  const budget = instance.connectionsMax === null ? '' : `  db connections <= ${instance.connectionsMax}`;
  return `${budget}${instance.draining ? '  DRAINING' : ''}`;
}
