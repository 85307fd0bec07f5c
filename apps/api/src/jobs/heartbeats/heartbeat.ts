import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from '../../platform/logger.js';
import { recordHeartbeat, sweepOldHeartbeats } from './store.js';
import { startPeriodic } from '../../platform/lib/periodic-task.js';
import { assetPath } from '../../platform/assets/asset-paths.js';

/** How often each process writes its heartbeat; `countersign status` lists those seen within the last minute. */
export const HEARTBEAT_INTERVAL_MS = 15_000;

/** The API package's version, as the heartbeat reports it. */
const VERSION = (JSON.parse(readFileSync(assetPath('package.json', '../../../package.json'), 'utf8')) as { version: string }).version;

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
  const beat = async () => {
    try {
      await recordHeartbeat(pool, { id, hostname: hostname(), pid: process.pid, version: VERSION, startedAt, busConnected: busConnected() });
      await sweepOldHeartbeats(pool);
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : String(error) }, 'heartbeat not recorded');
    }
  };
  // Not jittered: a beat upserts only its own row, so beating in step contends for nothing.
  const beating = startPeriodic(beat, { intervalMs, spread: 0, runAtStart: true });
  return { id, stop: () => beating.stop() };
}
