import type { Database } from '../platform/db/database.js';
import type { Logger } from '../platform/logger.js';
import type { Runtime } from '../platform/lib/runtime.js';
import { createApprovalSigner, type ApprovalSigner } from '../domains/signoffs/grants/signer.js';
import { startOutboxWorker } from '../delivery/outbox/worker.js';
import { webhookDeliverer } from '../delivery/webhooks/sign-off-delivery.js';
import { byChannel } from '../delivery/notifications/channels.js';
import { eventFanOut } from '../delivery/notifications/fan-out.js';
import { endpointDeliverer } from '../delivery/notifications/endpoint-delivery.js';
import { createMailer } from '../delivery/notifications/email/mailer.js';
import { emailDeliverer } from '../delivery/notifications/email/email-delivery.js';
import { digestDeliverer } from '../delivery/notifications/email/digest-delivery.js';
import { createVapid, type Vapid } from '../delivery/notifications/push/vapid.js';
import { pushDeliverer } from '../delivery/notifications/push/push-delivery.js';
import type { MailConfig } from '../platform/lib/mail-config.js';
import type { RowLimits } from '../platform/lib/row-limits.js';
import { loadProcessBox } from './sealing-key.js';
import { startAuditHeadSigning } from '../jobs/audit-signer/signer.js';
import { serveHttp, type RunningServer, type ServerDeps } from '../edge/http/server.js';

/** What the runtime reads of the configuration (config.ts's `Config` fits it). */
export interface RuntimeConfig {
  production: boolean;
  databaseUrl: string | undefined;
  secretKey: Buffer | undefined;
  dataDir: string;
  publicUrl: string;
  delivery: { leaseMs: number; retryBaseMs: number; pollMs: number; timeoutMs: number };
  mail: MailConfig | undefined;
  limits: RowLimits;
}

export interface RunningRuntime extends BuiltRuntime {
  signer: ApprovalSigner;
  /** Stops the delivery worker, waiting for deliveries in flight. */
  stop(): Promise<void>;
}

/** What `buildRuntime` makes beside the `Runtime` services read: the parts the server starts work on. */
export interface BuiltRuntime extends Runtime {
  signer: ApprovalSigner;
  vapid: Vapid;
}

/**
 * The one place a process's `Runtime` is made — the server, each cluster
 * worker and the CLI alike — so that every one of them seals, signs and
 * pushes with the same keys. It starts nothing: `startRuntime` adds the
 * server's background work. `wakeDeliveries` does nothing here, since only a
 * serving process has a delivery worker to wake (others find due rows by polling).
 */
export async function buildRuntime(config: RuntimeConfig, db: Pick<Database, 'pool'>, log: Logger): Promise<BuiltRuntime> {
  const box = await loadProcessBox(config, log);
  const signer = createApprovalSigner(db.pool, box, config.publicUrl);
  const vapid = createVapid(db.pool, box, config.publicUrl);
  return {
    production: config.production,
    box,
    signer,
    approvals: signer,
    vapid,
    push: vapid,
    wakeDeliveries: () => undefined,
    emailAvailable: config.mail !== undefined,
    limits: config.limits,
  };
}

/**
 * The serving process's machinery beyond request handling: the runtime of
 * `buildRuntime`, its keys prepared at first start (shared by every instance
 * through the database), the outbox worker delivering on every channel and
 * the audit head signer.
 */
export async function startRuntime(config: RuntimeConfig, db: Database, log: Logger): Promise<RunningRuntime> {
  const runtime = await buildRuntime(config, db, log);
  const { box, signer, vapid } = runtime;
  // The key is made at first start; a database that is away now only delays it to the first redeem.
  signer.prepare().catch((error: unknown) => log.warn({ err: (error as Error).message }, 'could not prepare the approval signing key yet'));
  // The key pair is made at first start; a database that is away now only delays it to the first push.
  vapid.publicKey().catch((error: unknown) => log.warn({ err: (error as Error).message }, 'could not prepare the push (VAPID) key yet'));
  const mailer = createMailer(config.mail);
  const timings = { production: config.production, box, retryBaseMs: config.delivery.retryBaseMs, timeoutMs: config.delivery.timeoutMs };
  const mailOptions = { retryBaseMs: config.delivery.retryBaseMs, messageIdDomain: new URL(config.publicUrl).hostname };
  let wake = () => {};
  const deliver = byChannel(db.pool, log, {
    webhook: webhookDeliverer(db.pool, log, timings),
    event: eventFanOut(db.pool, log, { publicUrl: config.publicUrl, emailAvailable: mailer !== null, wake: () => wake() }),
    endpoint: endpointDeliverer(db.pool, log, timings),
    email: emailDeliverer(db.pool, log, mailer, mailOptions),
    digest: digestDeliverer(db.pool, log, mailer, mailOptions),
    push: pushDeliverer(db.pool, log, vapid, { retryBaseMs: config.delivery.retryBaseMs, production: config.production }),
  });
  const worker = startOutboxWorker(db.pool, deliver, log, { pollMs: config.delivery.pollMs, leaseMs: config.delivery.leaseMs, concurrency: 8 });
  wake = () => worker.wake();
  // Hourly signatures of every moving audit chain head (docs/audit.md, L4), on every instance: one signature per head.
  const auditSigning = startAuditHeadSigning(db.pool, box, log);
  return {
    ...runtime,
    wakeDeliveries: () => worker.wake(),
    stop: async () => {
      await auditSigning.stop();
      await worker.stop();
      mailer?.close();
    },
  };
}

/** What `startServer` takes: the server's dependencies but the runtime, which it starts from the same configuration. */
export type StartServerDeps = Omit<ServerDeps, 'runtime' | 'config'> & { config: ServerDeps['config'] & RuntimeConfig };

/** Starts the runtime, then HTTP (GraphQL, health, the built console) and WebSocket on one port on it (edge/http/server.ts). */
export async function startServer({ config, db, bus, log }: StartServerDeps): Promise<RunningServer> {
  const runtime = await startRuntime(config, db, log);
  return serveHttp({ config, db, bus, log, runtime });
}
