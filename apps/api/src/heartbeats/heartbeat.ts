import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from '../logger.js';
import { recordHeartbeat, sweepOldHeartbeats } from './store.js';

/** How often each process writes its heartbeat; `countersign status` lists those seen within the last minute. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/** The API package's version, as the heartbeat reports it. */
const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * Writes this process's heartbeat now and every `intervalMs` until stopped
 * (docs/deploy.md): a random id per process, so each worker of a cluster is
 * its own row. A failed write (the database away) is logged and the next
 * beat tries again: a heartbeat must never be what ends a serving process.
 * Each beat also sweeps the day-old rows of instances long gone.
 */
export function startHeartbeat(
  pool: pg.Pool,
  busConnected: () => boolean,
  log: Logger,
  intervalMs = HEARTBEAT_INTERVAL_MS,
): { id: string; stop(): Promise<void> } {
  const id = randomUUID();
  const startedAt = new Date();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const beat = async () => {
    try {
      await recordHeartbeat(pool, { id, hostname: hostname(), pid: process.pid, version: VERSION, startedAt, busConnected: busConnected() });
      await sweepOldHeartbeats(pool);
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'heartbeat not recorded');
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = beat().finally(schedule);
    }, intervalMs);
    // A pending beat never keeps a process alive that is otherwise done.
    timer.unref();
  };
  running = beat().finally(schedule);
  return {
    id,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
