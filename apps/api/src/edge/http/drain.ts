import type { RequestHandler } from 'express';

/**
 * The first part of a SIGTERM's stop (COUNTERSIGN_SHUTDOWN_DRAIN_MS): the
 * server goes on serving, but says it is leaving, so a load balancer stops
 * sending it work before its listener closes — `/readyz` answers 503
 * `draining` (plain-routes.ts) and every answer carries `Connection: close`,
 * so no kept-alive connection is left for a balancer to reuse after the close.
 */
export interface Drain {
  /** Whether the drain has begun; it never ends, the process stops after it. */
  readonly active: boolean;
  /** Begins the drain, and resolves once `ms` have passed. */
  run(ms: number): Promise<void>;
}

export function createDrain(): Drain {
  let active = false;
  return {
    get active() {
      return active;
    },
    run: (ms) => {
      active = true;
      return new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}

/** Asks the client to close its connection after each answer once the drain has begun. */
export function closeConnectionsWhileDraining(drain: Drain): RequestHandler {
  return (_req, res, next) => {
    if (drain.active) res.setHeader('Connection', 'close');
    next();
  };
}
