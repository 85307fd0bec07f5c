import { Worker } from 'node:worker_threads';
import { graphQLError, retryLaterError } from '../../platform/lib/errors.js';
import type { ErrorCode } from '../../generated/graphql.js';
import { parseManifest, type ParsedManifest } from './content.js';

export interface ManifestReaderOptions {
  /** Longest one YAML manifest may take to read before it is refused and its worker replaced. */
  timeoutMs: number;
  /** YAML manifests waiting for the worker at most; past it a publish is refused RATE_LIMITED. */
  maxWaiting: number;
  /** Of those, at most this many from one tenant, so one tenant cannot fill the queue for all. */
  maxWaitingPerTenant: number;
}

export const DEFAULT_READER_OPTIONS: ManifestReaderOptions = { timeoutMs: 5_000, maxWaiting: 16, maxWaitingPerTenant: 4 };

type Outcome = { manifest: ParsedManifest } | { error: { code: ErrorCode; message: string } };
interface Job {
  id: number;
  text: string;
  tenant: string;
  settle: (outcome: Outcome) => void;
}

/**
 * Reads manifests without stalling the event loop. JSON is read where it
 * arrives (about a millisecond for 32 KiB). YAML can cost a second of CPU for
 * the same size, which on the event loop would stall every tenant's
 * requests and /healthz, so it is read in one worker thread, one document at
 * a time, each within a time budget: a document over it is refused and the
 * worker replaced.
 */
export class ManifestReader {
  private worker: Worker | undefined;
  private readonly queue: Job[] = [];
  private running: { job: Job; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;
  /** Whether the current worker has loaded the reader and can take a document. */
  private ready = false;

  constructor(private readonly options: ManifestReaderOptions = DEFAULT_READER_OPTIONS) {}

  /** The manifest `text` means; `tenant` is whose publish it is (each tenant has a share of the queue). */
  async read(text: string, tenant = ''): Promise<ParsedManifest> {
    if (text.trimStart().startsWith('{')) return parseManifest(text);
    const waitingForTenant = this.queue.filter((job) => job.tenant === tenant).length;
    if (this.queue.length >= this.options.maxWaiting || waitingForTenant >= this.options.maxWaitingPerTenant) {
      throw retryLaterError('RATE_LIMITED', 'Too many YAML manifests are being read right now; retry in a moment, or send JSON.', 1);
    }
    const outcome = await new Promise<Outcome>((settle) => {
      this.queue.push({ id: this.nextId++, text, tenant, settle });
      this.pump();
    });
    if ('error' in outcome) throw graphQLError(outcome.error.code, outcome.error.message);
    return outcome.manifest;
  }

  /** Ends the worker (the server's shutdown; tests). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private pump(): void {
    if (this.running || this.queue.length === 0) return;
    const worker = this.ensureWorker();
    // A starting worker calls pump again once it has loaded the reader.
    if (!this.ready) return;
    const job = this.queue.shift()!;
    const timer = setTimeout(() => {
      // The worker may be stuck in that document: the next one gets a fresh worker.
      void this.close();
      this.finish({
        error: { code: 'BAD_INPUT', message: `The manifest took longer than ${this.options.timeoutMs} ms to read; simplify its YAML or send it as JSON.` },
      });
    }, this.options.timeoutMs);
    this.running = { job, timer };
    worker.postMessage({ id: job.id, text: job.text });
  }

  private finish(outcome: Outcome): void {
    const running = this.running;
    if (!running) return;
    clearTimeout(running.timer);
    this.running = undefined;
    running.job.settle(outcome);
    this.pump();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./parse-worker.mjs', import.meta.url));
    worker.unref();
    this.ready = false;
    worker.on('message', (message: ({ id: number } & Outcome) | { ready: true }) => {
      if (this.worker !== worker) return;
      if ('ready' in message) {
        this.ready = true;
        this.pump();
      } else if (this.running?.job.id === message.id) {
        this.finish(message);
      }
    });
    const lost = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const failure: Outcome = { error: { code: 'INTERNAL', message: `Reading the manifest failed: ${why}` } };
      if (this.running) this.finish(failure);
      // A worker that died while loading fails what waited for it, rather than leaving it waiting.
      else for (const job of this.queue.splice(0)) job.settle(failure);
    };
    worker.on('error', (error) => lost(error.message));
    worker.on('exit', (code) => lost(`the reader exited (${code})`));
    this.worker = worker;
    return worker;
  }
}
