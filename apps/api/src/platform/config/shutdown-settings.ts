import { MAX_MS, positiveMs } from './milliseconds.js';

/** How a SIGTERM stops this process (docs/deploy.md, "Rolling restarts"). */
export interface ShutdownSettings {
  /**
   * COUNTERSIGN_SHUTDOWN_DRAIN_MS: after a SIGTERM (not a SIGINT), how long `/readyz` answers 503 `draining` while the
   * listener keeps serving, so a load balancer's health check takes the instance out before it stops accepting.
   * Default 5000 with NODE_ENV=production, else 0 (a developer's Ctrl-C or a test's SIGTERM stops at once).
   */
  drainMs: number;
  /** COUNTERSIGN_SHUTDOWN_GRACE_MS: once the drain is over, how long requests in flight may take before their connections are cut. */
  graceMs: number;
}

/** The production drain: several health-check intervals of a balancer checking every second or two. */
const PRODUCTION_DRAIN_MS = 5_000;
/** Drain and grace together stay inside the 30 s a container runtime commonly waits before SIGKILL. */
const DEFAULT_GRACE_MS = 25_000;

export function readShutdownSettings(env: NodeJS.ProcessEnv, production: boolean): ShutdownSettings {
  return { drainMs: drainMs(env, production), graceMs: positiveMs(env, 'COUNTERSIGN_SHUTDOWN_GRACE_MS', DEFAULT_GRACE_MS) };
}

/** 0 is a valid drain (none), unlike the other millisecond settings. */
function drainMs(env: NodeJS.ProcessEnv, production: boolean): number {
  const raw = env.COUNTERSIGN_SHUTDOWN_DRAIN_MS;
  if (raw === undefined || raw === '') return production ? PRODUCTION_DRAIN_MS : 0;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > MAX_MS)
    throw new Error(`COUNTERSIGN_SHUTDOWN_DRAIN_MS must be a whole number of milliseconds from 0 to ${MAX_MS}, got ${raw}`);
  return value;
}
