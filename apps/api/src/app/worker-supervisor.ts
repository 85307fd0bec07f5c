import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../platform/logger.js';
import type { ShutdownSettings } from '../platform/config/shutdown-settings.js';

/** What a worker sends the primary once it serves (cluster.ts). */
export interface WorkerReady {
  type: 'countersign:worker-ready';
  url: string;
}

/** Whether an IPC message from a worker is its WorkerReady (workers send nothing else, but the channel is Node's, not ours alone). */
export function isWorkerReady(message: unknown): message is WorkerReady {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'countersign:worker-ready';
}

/** The first replacement comes quickly; a worker that keeps dying is retried less and less often. */
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 15_000;
/** A worker that served this long before dying starts its slot's backoff over. */
const RESTART_FORGIVEN_AFTER_MS = 30_000;
/**
 * Beyond its drain and grace (COUNTERSIGN_SHUTDOWN_DRAIN_MS, COUNTERSIGN_SHUTDOWN_GRACE_MS), how long a worker may
 * take to stop before it is killed: its last steps (deliveries in flight, the event bus, its pool) come after the
 * grace, and a worker is killed only when it is stuck, not while it follows its own schedule.
 */
const STOP_MARGIN_MS = 5_000;

/** How a worker stops: the primary's signal, passed on, so that each drains (SIGTERM) or not (SIGINT) as a single process would. */
export type StopSignal = 'SIGTERM' | 'SIGINT';

/**
 * When to replace a worker that died: `failures` is its slot's count of
 * deaths in a row before this one, `servedMs` how long it served (0 when it
 * died before serving). The wait doubles with each death in a row, up to
 * RESTART_MAX_MS; a worker that served RESTART_FORGIVEN_AFTER_MS starts
 * the count over.
 */
export function nextRestart(failures: number, servedMs: number): { failures: number; delayMs: number } {
  const inARow = servedMs >= RESTART_FORGIVEN_AFTER_MS ? 1 : failures + 1;
  return { failures: inARow, delayMs: Math.min(RESTART_FIRST_MS * 2 ** (inARow - 1), RESTART_MAX_MS) };
}

interface Slot {
  /** 1 … N, kept by a replacement, so the log names the same worker across restarts. */
  number: number;
  worker: Worker | undefined;
  readyAt: number | undefined;
  /** Deaths in a row without serving RESTART_FORGIVEN_AFTER_MS in between. */
  failures: number;
  restart: NodeJS.Timeout | undefined;
}

export interface WorkerSupervisorOptions {
  count: number;
  /** Added to every worker's environment; `slotVariable` names the variable that carries its slot number. */
  env: Record<string, string>;
  slotVariable: string;
  log: Logger;
  /** The workers' own drain and grace (they read the same settings), which the kill waits out. */
  shutdown: ShutdownSettings;
}

/**
 * Keeps N workers serving in the cluster's primary: forks them, replaces one
 * that dies (after a backoff that grows while a slot keeps dying, so a
 * worker failing at start cannot spin), and stops them all on the way out.
 */
export class WorkerSupervisor {
  private readonly slots: Slot[];
  private stopping = false;
  private starting: { resolve(url: string): void; reject(error: Error): void } | undefined;

  constructor(private readonly options: WorkerSupervisorOptions) {
    this.slots = Array.from({ length: options.count }, (_, i) => ({ number: i + 1, worker: undefined, readyAt: undefined, failures: 0, restart: undefined }));
  }

  /**
   * Forks every worker; resolves with the address they serve once all of
   * them do. Rejects when one exits before serving: at start, a worker that
   * cannot serve (a port in use, a database that refuses it) will not do
   * better on a retry, and the server must fail as a single process would.
   */
  start(): Promise<string> {
    return new Promise<string>((resolve, reject) => {
      this.starting = { resolve, reject };
      for (const slot of this.slots) this.fork(slot);
    });
  }

  /** Asks every worker to stop with `signal` (each drains, or not, as a single process does), and waits; rejects naming any that did not stop cleanly. */
  async stop(signal: StopSignal = 'SIGTERM'): Promise<void> {
    this.stopping = true;
    this.starting?.reject(new Error('stopped before every worker served'));
    this.starting = undefined;
    for (const slot of this.slots) clearTimeout(slot.restart);
    const results = await Promise.all(
      this.slots.map(async (slot) => ({ slot: slot.number, clean: slot.worker ? await this.stopWorker(slot.worker, slot.number, signal) : true })),
    );
    const unclean = results.filter((result) => !result.clean).map((result) => result.slot);
    if (unclean.length > 0) throw new Error(`worker${unclean.length > 1 ? 's' : ''} ${unclean.join(', ')} did not stop cleanly`);
  }

  private fork(slot: Slot): void {
    const worker = cluster.fork({ ...this.options.env, [this.options.slotVariable]: String(slot.number) });
    slot.worker = worker;
    slot.readyAt = undefined;
    worker.on('message', (message: unknown) => {
      if (!isWorkerReady(message) || slot.worker !== worker) return;
      slot.readyAt = Date.now();
      this.options.log.info({ slot: slot.number, workerPid: worker.process.pid }, 'worker serving');
      if (this.starting && this.slots.every((each) => each.readyAt !== undefined)) {
        this.starting.resolve(message.url);
        this.starting = undefined;
      }
    });
    worker.on('exit', (code, signal) => this.exited(slot, worker, code, signal));
  }

  private exited(slot: Slot, worker: Worker, code: number | null, signal: string | null): void {
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    if (this.stopping) return;
    const pid = worker.process.pid;
    if (this.starting) {
      this.starting.reject(new Error(`worker ${slot.number} (pid ${pid}) exited before serving (${signal ?? `code ${code}`})`));
      this.starting = undefined;
      return;
    }
    const restart = nextRestart(slot.failures, slot.readyAt === undefined ? 0 : Date.now() - slot.readyAt);
    slot.failures = restart.failures;
    const { delayMs } = restart;
    this.options.log.warn(
      { slot: slot.number, workerPid: pid, code, signal, restartInMs: delayMs },
      'a worker exited unexpectedly; starting another in its place',
    );
    slot.restart = setTimeout(() => {
      slot.restart = undefined;
      if (!this.stopping) this.fork(slot);
    }, delayMs);
  }

  /** True when the worker stopped by itself after `sent`: exit 0, or the signal's own default when it had not yet set up its handlers. */
  private stopWorker(worker: Worker, number: number, sent: StopSignal): Promise<boolean> {
    const { drainMs, graceMs } = this.options.shutdown;
    const graceMsInAll = (sent === 'SIGTERM' ? drainMs : 0) + graceMs + STOP_MARGIN_MS;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.options.log.error({ slot: number, workerPid: worker.process.pid, graceMs: graceMsInAll }, 'a worker did not stop in time; killing it');
        worker.process.kill('SIGKILL');
      }, graceMsInAll);
      worker.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve(code === 0 || signal === sent);
      });
      worker.process.kill(sent);
    });
  }
}
