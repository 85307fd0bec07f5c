import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import type { Runtime } from './lib/runtime.js';
import { loadSecretBox } from './lib/sealed.js';
import { createApprovalSigner, type ApprovalSigner } from './approvals/signer.js';
import { startOutboxWorker } from './outbox/worker.js';
import { webhookDeliverer } from './signoffs/webhook-delivery.js';

/** What the runtime reads of the configuration (config.ts's `Config` fits it). */
export interface RuntimeConfig {
  production: boolean;
  databaseUrl: string | undefined;
  secretKey: Buffer | undefined;
  dataDir: string;
  publicUrl: string;
  delivery: { leaseMs: number; retryBaseMs: number; pollMs: number };
}

export interface RunningRuntime extends Runtime {
  signer: ApprovalSigner;
  /** Stops the delivery worker, waiting for deliveries in flight. */
  stop(): Promise<void>;
}

/** How long one webhook attempt may take, connect to last byte. */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The process's machinery beyond request handling: the sealing key, the
 * approval signer (its key created at first start, shared by every instance
 * through the database) and the outbox worker delivering WEBHOOK requests.
 */
export async function startRuntime(config: RuntimeConfig, db: Database, log: Logger): Promise<RunningRuntime> {
  // Production on the embedded database may keep its key in the data folder, beside the database (see config.ts).
  const box = await loadSecretBox({ ...config, production: config.production && config.databaseUrl !== undefined }, log);
  const signer = createApprovalSigner(db.pool, box, config.publicUrl);
  // The key is made at first start; a database that is away now only delays it to the first redeem.
  signer.prepare().catch((error: unknown) => log.warn({ err: (error as Error).message }, 'could not prepare the approval signing key yet'));
  const deliver = webhookDeliverer(db.pool, log, {
    production: config.production,
    box,
    retryBaseMs: config.delivery.retryBaseMs,
    timeoutMs: DELIVERY_TIMEOUT_MS,
  });
  const worker = startOutboxWorker(db.pool, deliver, log, { pollMs: config.delivery.pollMs, leaseMs: config.delivery.leaseMs, concurrency: 8 });
  return {
    production: config.production,
    box,
    signer,
    approvals: signer,
    wakeDeliveries: () => worker.wake(),
    stop: () => worker.stop(),
  };
}
