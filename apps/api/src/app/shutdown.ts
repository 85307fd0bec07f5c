import type { Logger } from '../platform/logger.js';

/** One thing the server closes on its way out. */
export interface ShutdownStep {
  /** Named in the log, and in what `runShutdown` returns when it fails. */
  name: string;
  close: () => Promise<void> | void;
}

/**
 * Runs every step, in order, even after one fails: a server that could not
 * close its sockets must still stop its embedded PostgreSQL, or that
 * postmaster outlives the process. Resolves to the names of the steps that
 * failed (each logged), so the caller exits non-zero only after all ran.
 */
export async function runShutdown(steps: readonly ShutdownStep[], log: Logger): Promise<string[]> {
  const failed: string[] = [];
  for (const step of steps) {
    log.debug({ step: step.name }, 'stopping');
    try {
      await step.close();
    } catch (error) {
      failed.push(step.name);
      log.error({ step: step.name, err: error instanceof Error ? error.message : String(error) }, 'a shutdown step failed; running the rest');
    }
  }
  return failed;
}
