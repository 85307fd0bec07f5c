import type pg from 'pg';

/** What one API process says of itself in its heartbeat. */
export interface Heartbeat {
  id: string;
  hostname: string;
  pid: number;
  version: string;
  startedAt: Date;
  busConnected: boolean;
}

/** A heartbeat as stored, with when it was last written (the database's clock). */
export interface SeenInstance extends Heartbeat {
  lastSeenAt: Date;
  /** Seconds since that beat, by the database's clock (the one that stamped it). */
  seenSecondsAgo: number;
}

/** Heartbeats older than this are swept: an instance gone a day is history, not status. */
const KEEP_FOR = '1 day';

/** Records that this process is alive now; the database's clock stamps it, so instances on skewed hosts compare. */
export async function recordHeartbeat(pool: pg.Pool, beat: Heartbeat): Promise<void> {
  await pool.query(
    `/* recordHeartbeat */ INSERT INTO instance_heartbeats (id, hostname, pid, version, started_at, last_seen_at, bus_connected)
     VALUES ($1, $2, $3, $4, $5, now(), $6)
     ON CONFLICT (id) DO UPDATE SET last_seen_at = now(), bus_connected = EXCLUDED.bus_connected`,
    [beat.id, beat.hostname, beat.pid, beat.version, beat.startedAt, beat.busConnected],
  );
}

/** Deletes this process's own heartbeat as it stops cleanly: from then on no instance counts it alive. */
export async function deleteHeartbeat(pool: pg.Pool, id: string): Promise<void> {
  await pool.query(`/* deleteHeartbeat */ DELETE FROM instance_heartbeats WHERE id = $1`, [id]);
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
            extract(epoch FROM now() - last_seen_at)::float8 AS "seenSecondsAgo"
       FROM instance_heartbeats
      WHERE last_seen_at >= now() - make_interval(secs => $1)
      ORDER BY last_seen_at DESC, id`,
    [withinSeconds],
  );
  return result.rows;
}
