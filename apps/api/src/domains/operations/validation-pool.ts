import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '../../generated/graphql.js';
import { graphQLError, retryLaterError } from '../../platform/lib/errors.js';

export interface ValidationPoolOptions {
  /** Worker threads judging inputs, each one input at a time. */
  workers: number;
  /** Inputs waiting for a worker at most; past it an ask is refused RATE_LIMITED. */
  maxWaiting: number;
  /** Of those, at most this many from one tenant, so one tenant cannot fill the queue for all. */
  maxWaitingPerTenant: number;
  /** Longest one input may take to judge; past it the worker is terminated and the ask refused BAD_INPUT. */
  budgetMs: number;
  /** Longest compiling a stored schema may take in a worker that has not compiled it yet (linear in its size, at most 32 KiB); past it, as the budget. */
  compileMs: number;
  /** Heap of one worker, so a schema that costs memory kills its worker, never the server. */
  maxHeapMb: number;
}

/** The bounds docs/operations.md (O4) and SECURITY.md state. */
export const DEFAULT_VALIDATION_OPTIONS: ValidationPoolOptions = {
  workers: 2,
  maxWaiting: 16,
  maxWaitingPerTenant: 4,
  budgetMs: 250,
  compileMs: 2_000,
  maxHeapMb: 128,
};

/** What the refusal of an input over the budget says, whatever the schema. */
export const TOO_COSTLY = 'too costly to check';

type Outcome = { problem: string | null } | { error: { code: ErrorCode; message: string } };
interface Job {
  id: number;
  tenant: string;
  schema: string;
  input: string;
  settle: (outcome: Outcome) => void;
}
interface Slot {
  worker: Worker | undefined;
  /** Whether the worker has loaded the validator and can take an input. */
  ready: boolean;
  running: { job: Job; timer: NodeJS.Timeout } | undefined;
}

/**
 * Judges agents' inputs against stored schemas without stalling the event
 * loop. A stored version may predate the definition limits (schema-limits.ts),
 * and even an allowed schema can cost a second on a large input
 * (`uniqueItems` over thousands of objects): on the event loop that would
 * stall every tenant's requests and /healthz. So inputs are judged in a few
 * worker threads, each within a time budget and a heap of its own; an input
 * over the budget is refused and its worker replaced, as the manifest reader
 * (domains/registry/parse-pool.ts) does for YAML.
 */
export class ValidationPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly readyWaiters: (() => void)[] = [];

  constructor(private readonly options: ValidationPoolOptions = DEFAULT_VALIDATION_OPTIONS) {
    this.slots = Array.from({ length: options.workers }, () => ({ worker: undefined, ready: false, running: undefined }));
  }

  /**
   * Null when `input` (canonical JSON) fits `schema` (a stored schema's
   * text); otherwise the message naming the pointer and rule. `tenant` is
   * whose ask it is (each tenant has a share of the queue). Throws
   * RATE_LIMITED when the queue or the tenant's share is full, BAD_INPUT
   * when the input is too costly to check.
   */
  async check(tenant: string, schema: string, input: string): Promise<string | null> {
    const waitingForTenant = this.queue.filter((job) => job.tenant === tenant).length;
    if (this.queue.length >= this.options.maxWaiting || waitingForTenant >= this.options.maxWaitingPerTenant) {
      throw retryLaterError('RATE_LIMITED', 'Too many inputs are waiting to be checked right now; retry in a moment.', 1);
    }
    const outcome = await new Promise<Outcome>((settle) => {
      this.queue.push({ id: this.nextId++, tenant, schema, input, settle });
      this.pump();
    });
    if ('error' in outcome) throw graphQLError(outcome.error.code, outcome.error.message);
    return outcome.problem;
  }

  /** Starts every worker and resolves once all can take an input (tests; a server may call it at start). */
  warm(): Promise<void> {
    for (const slot of this.slots) this.ensureWorker(slot);
    if (this.slots.every((slot) => slot.ready)) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** How many inputs wait for a worker (tests). */
  get waiting(): number {
    return this.queue.length;
  }

  /** Ends the workers (the server's shutdown; tests); what is waiting is answered as refused. */
  async close(): Promise<void> {
    const workers = this.slots.map((slot) => this.stop(slot));
    for (const job of this.queue.splice(0)) job.settle({ error: { code: 'UNAVAILABLE', message: 'The input checker is shutting down.' } });
    await Promise.all(workers);
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) return;
      if (slot.running) continue;
      this.ensureWorker(slot);
      // A starting worker calls pump again once it has loaded the validator.
      if (!slot.ready) continue;
      const job = this.queue.shift()!;
      slot.running = { job, timer: this.deadline(slot, job, this.options.compileMs) };
      slot.worker!.postMessage({ id: job.id, schema: job.schema, input: job.input });
    }
  }

  /** Ends the job `ms` from now unless it is answered first. */
  private deadline(slot: Slot, job: Job, ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      // The worker may be stuck in that input for minutes: it is ended, and the next input gets a fresh one.
      void this.stop(slot);
      this.finish(slot, job, { error: { code: 'BAD_INPUT', message: this.tooCostly() } });
    }, ms);
  }

  private tooCostly(): string {
    return `The input is ${TOO_COSTLY} against the operation's schema (over ${this.options.budgetMs} ms): send a smaller input, or ask the owner to simplify the schema.`;
  }

  private finish(slot: Slot, job: Job, outcome: Outcome): void {
    if (slot.running?.job !== job) return;
    clearTimeout(slot.running.timer);
    slot.running = undefined;
    job.settle(outcome);
    this.pump();
  }

  private stop(slot: Slot): Promise<unknown> {
    const worker = slot.worker;
    slot.worker = undefined;
    slot.ready = false;
    return worker ? worker.terminate() : Promise.resolve();
  }

  private ensureWorker(slot: Slot): void {
    if (slot.worker) return;
    const worker = new Worker(new URL('./validation-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb },
    });
    worker.unref();
    slot.worker = worker;
    slot.ready = false;
    worker.on('message', (message: ({ id: number } & Outcome) | { id: number; compiled: true } | { ready: true }) => {
      if (slot.worker !== worker) return;
      if ('compiled' in message) {
        // The schema is compiled: the input's own budget starts now.
        const running = slot.running;
        if (running?.job.id !== message.id) return;
        clearTimeout(running.timer);
        running.timer = this.deadline(slot, running.job, this.options.budgetMs);
      } else if ('ready' in message) {
        slot.ready = true;
        if (this.slots.every((each) => each.ready)) for (const resolve of this.readyWaiters.splice(0)) resolve();
        this.pump();
      } else if (slot.running?.job.id === message.id) {
        this.finish(slot, slot.running.job, message);
      }
    });
    const lost = (why: string, outOfMemory: boolean) => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      slot.ready = false;
      if (slot.running) {
        // Out of its own heap judging one input: that input is what costs too much.
        const failure: Outcome = outOfMemory
          ? { error: { code: 'BAD_INPUT', message: this.tooCostly() } }
          : { error: { code: 'INTERNAL', message: `Checking the input failed: ${why}` } };
        this.finish(slot, slot.running.job, failure);
        return;
      }
      // A worker that died while loading fails what waited for it, rather than leaving it waiting.
      for (const job of this.queue.splice(0)) job.settle({ error: { code: 'INTERNAL', message: `Checking the input failed: ${why}` } });
    };
    worker.on('error', (error: Error & { code?: string }) => lost(error.message, error.code === 'ERR_WORKER_OUT_OF_MEMORY'));
    worker.on('exit', (code) => lost(`the checker exited (${code})`, false));
  }
}

/** One per process: every tenant's asks share its workers, each tenant within its share of the queue. */
export const inputValidationPool = new ValidationPool();
