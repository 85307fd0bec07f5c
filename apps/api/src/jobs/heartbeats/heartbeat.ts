import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from '../../platform/logger.js';
import { deleteHeartbeat, markHeartbeatDraining, recordHeartbeat, sweepOldHeartbeats } from './store.js';
import { startPeriodic } from '../../platform/lib/periodic-task.js';
import { API_VERSION, PROCESS_INSTANCE_ID } from '../../platform/process-identity.js';

/** How often each process writes its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/**
 * How old a heartbeat may be and its process still count as alive: four
 * beats, so one or two writes lost to a database hiccup or a busy host do
 * not make a live instance look dead, while a process killed without a
 * clean stop drops out within a minute. `countersign status` lists only
 * these.
 */
export const HEARTBEAT_STALE_AFTER_SECONDS = (4 * HEARTBEAT_INTERVAL_MS) / 1000;

export interface HeartbeatOptions {
  /** The most PostgreSQL connections this process may hold (platform/db/connection-budget.ts): what a starting instance counts it for. */
  connectionsMax: number;
  intervalMs?: number;
  id?: string;
}

export interface RunningHeartbeat {
  id: string;
  /** From now on the row says the process is draining (a SIGTERM's drain began), so a starting instance does not count it. */
  markDraining(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Writes this process's heartbeat now and every `intervalMs` until stopped
 * (docs/deploy.md): the row is keyed by the process's id (process-identity.ts),
 * so each worker of a cluster is its own row. A failed write (the database
 * away) is logged and the next beat tries again: a heartbeat must never be
 * what ends a serving process. Each beat also sweeps the day-old rows of
 * instances long gone. A clean stop deletes the row: a stopped process is
 * not alive, and must not look so for the rest of the staleness window.
 */
export function startHeartbeat(pool: pg.Pool, busConnected: () => boolean, log: Logger, options: HeartbeatOptions): RunningHeartbeat {
  const { connectionsMax, intervalMs = HEARTBEAT_INTERVAL_MS, id = PROCESS_INSTANCE_ID } = options;
  const startedAt = new Date();
  let draining = false;
  const beat = async () => {
    try {
      await recordHeartbeat(pool, {
        id,
        hostname: hostname(),
        pid: process.pid,
        version: API_VERSION,
        startedAt,
        busConnected: busConnected(),
        connectionsMax,
        draining,
      });
      await sweepOldHeartbeats(pool);
    } catch (error) {
      log.warn({ err: errorText(error) }, 'heartbeat not recorded');
    }
  };
  // Not jittered: a beat upserts only its own row, so beating in step contends for nothing.
  const beating = startPeriodic(beat, { job: 'heartbeat', intervalMs, spread: 0, runAtStart: true });
  return {
    id,
    markDraining: async () => {
      draining = true;
      try {
        await markHeartbeatDraining(pool, id);
      } catch (error) {
        // The next beat says it again; a drain must not fail for a heartbeat.
        log.warn({ err: errorText(error) }, 'heartbeat not marked draining');
      }
    },
    stop: async () => {
      // After the last beat has finished, so no beat in flight writes the row back.
      await beating.stop();
      try {
        await deleteHeartbeat(pool, id);
      } catch (error) {
        // The database away at the stop: the row goes stale on its own within the window.
        log.warn({ err: errorText(error) }, 'heartbeat not removed');
      }
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
