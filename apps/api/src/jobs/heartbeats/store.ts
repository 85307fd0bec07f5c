import type pg from 'pg';

/** What one API process says of itself in its heartbeat. */
export interface Heartbeat {
  id: string;
  hostname: string;
  pid: number;
  version: string;
  startedAt: Date;
  busConnected: boolean;
  /** The most PostgreSQL connections this process may hold (platform/db/connection-budget.ts). */
  connectionsMax: number;
  /** A SIGTERM's drain has begun: the process is leaving. */
  draining: boolean;
}

/** A heartbeat as stored, with when it was last written (the database's clock); `connectionsMax` null from an older version. */
export interface SeenInstance extends Omit<Heartbeat, 'connectionsMax'> {
  connectionsMax: number | null;
  lastSeenAt: Date;
  /** Seconds since that beat, by the database's clock (the one that stamped it). */
  seenSecondsAgo: number;
}

/** Heartbeats older than this are swept: an instance gone a day is history, not status. */
const KEEP_FOR = '1 day';

/** Records that this process is alive now; the database's clock stamps it, so instances on skewed hosts compare. */
export async function recordHeartbeat(pool: pg.Pool, beat: Heartbeat): Promise<void> {
  await pool.query(
    `/* recordHeartbeat */ INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, last_seen_at, bus_connected, connections_max, draining)
     VALUES ($1, $2, $3, $4, $5, now(), $6, $7, $8)
     ON CONFLICT (id) DO UPDATE SET last_seen_at = now(), bus_connected = EXCLUDED.bus_connected, draining = EXCLUDED.draining`,
    [beat.id, beat.hostname, beat.pid, beat.version, beat.startedAt, beat.busConnected, beat.connectionsMax, beat.draining],
  );
}

/** Deletes this process's own heartbeat as it stops cleanly: from then on no instance counts it alive. */
export async function deleteHeartbeat(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(`/* deleteHeartbeat */ DELETE FROM instance_heartbeats WHERE id = $1`, [id]);
}

/** Says at once that this process is draining (its next beats say so too), so an instance starting meanwhile does not count it. */
export async function markHeartbeatDraining(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(`/* markHeartbeatDraining */ UPDATE instance_heartbeats SET draining = true WHERE id = $1`, [id]);
}

/** Deletes the heartbeats of instances not seen for a day; one set-based statement, safe on every instance at once. */
export async function sweepOldHeartbeats(pool: pg.Pool): Promise<number> {
  const result = await pool.query(`/* sweepOldHeartbeats */ DELETE FROM instance_heartbeats WHERE last_seen_at < now() - $1::interval`, [KEEP_FOR]);
  return result.rowCount ?? 0;
}

/** The instances that wrote a heartbeat within `withinSeconds`, most recently seen first. */
export async function recentInstances(pool: pg.Pool, withinSeconds: number): Promise<SeenInstance[]> {
  const result = await pool.query<SeenInstance>(
    `/* recentInstances */ SELECT id, hostname, pid, version, started_at AS "startedAt", last_seen_at AS "lastSeenAt", bus_connected AS "busConnected",
            -- Read through the row's JSON, so status still reads a database whose heartbeat_connections migration is pending.
            (to_jsonb(h) ->> 'connections_max')::int AS "connectionsMax", coalesce((to_jsonb(h) ->> 'draining')::boolean, false) AS draining,
            extract(epoch FROM now() - last_seen_at)::float8 AS "seenSecondsAgo"
       FROM instance_heartbeats h
      WHERE last_seen_at >= now() - make_interval(secs => $1)
      ORDER BY last_seen_at DESC, id`,
    [withinSeconds],
  );
  return result.rows;
}

/** What the live processes may hold, and what PostgreSQL allows: the figures of a start's budget check (budget-check.ts). */
export interface ConnectionFigures {
  maxConnections: number;
  /** Slots only superusers (and, from PostgreSQL 16, `pg_use_reserved_connections`) may take. */
  reserved: number;
  /** Live processes that said what they may hold, and the sum of it. */
  liveProcesses: number;
  liveConnections: number;
  /** Live processes of an older version, which did not say: not counted. */
  uncounted: number;
}

/** Draining processes are not counted: they are leaving, which is why a rolling restart starts this one. */
export async function readConnectionFigures(pool: pg.Pool, withinSeconds: number): Promise<ConnectionFigures> {
  const result = await pool.query<ConnectionFigures>(
    `/* readConnectionFigures */ SELECT current_setting('max_connections')::int AS "maxConnections",
            current_setting('superuser_reserved_connections')::int + coalesce(current_setting('reserved_connections', true)::int, 0) AS reserved,
            count(h.connections_max)::int AS "liveProcesses",
            coalesce(sum(h.connections_max), 0)::int AS "liveConnections",
            (count(h.id) - count(h.connections_max))::int AS uncounted
       FROM (SELECT 1) AS one
       LEFT JOIN instance_heartbeats h ON h.last_seen_at >= now() - make_interval(secs => $1) AND NOT h.draining`,
    [withinSeconds],
  );
  return result.rows[0]!;
}
