import { asJob } from '../log-scope.js';

/**
 * How a periodic job waits between runs. `spread` is the fraction of the
 * interval each wait may move either way (0.25: between 0.75 and 1.25 times
 * the interval), so instances started together do not fire in step; 0 keeps
 * the interval exact.
 */
export interface PeriodicOptions {
  /** The job's name on each run's log lines (`job`, with a fresh `jobRun` per run; platform/log-scope.ts). */
  job: string;
  intervalMs: number;
  /** Defaults to 0.25. */
  spread?: number;
  /** Run once at start, before the first wait (the heartbeat does: a process is seen as soon as it is up). */
  runAtStart?: boolean;
  /** A number in [0, 1); injected by tests. */
  random?: () => number;
}

/** A periodic job that has been started. */
export interface PeriodicTask {
  /** No further run starts; resolves once the run in progress, if any, has finished. */
  stop(): Promise<void>;
}

/** The wait before the next run: `intervalMs` moved by up to `spread` of itself either way. */
export function jitteredDelay(intervalMs: number, spread: number, random: () => number): number {
  return intervalMs * (1 - spread + 2 * spread * random());
}

/**
 * Runs `task` every `intervalMs` (jittered, see `PeriodicOptions`) until
 * stopped. The next wait starts when a run ends, so runs never overlap. The
 * task handles its own failures: a rejection is not caught here. The timer
 * is unref'd, so a pending run never keeps an otherwise finished process alive.
 */
export function startPeriodic(task: () => Promise<unknown>, options: PeriodicOptions): PeriodicTask {
  const { job, intervalMs, spread = 0.25, runAtStart = false, random = Math.random } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    running = asJob(job, task).finally(schedule);
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, jitteredDelay(intervalMs, spread, random));
    timer.unref();
  };
  if (runAtStart) run();
  else schedule();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
