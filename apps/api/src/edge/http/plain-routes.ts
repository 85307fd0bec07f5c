import type express from 'express';
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { ServerMetrics } from '../../platform/metrics/server-metrics.js';
import { metricsRoute } from '../../platform/metrics/http.js';
import { METRICS_OFF, type MetricsSettings } from '../../platform/metrics/settings.js';
import { jwksHandler } from '../../domains/signoffs/grants/jwks-route.js';
import type { ApprovalSigner } from '../../domains/signoffs/grants/signer.js';
import { auditExportHandler, auditKeysHandler } from './audit-export-route.js';
import { answerNotFound } from './error-handler.js';
import type { Drain } from './drain.js';

export interface PlainRouteDeps {
  db: Database;
  log: Logger;
  signer: ApprovalSigner;
  /** Whether /metrics is served and to whom; unset: off. */
  settings: MetricsSettings | undefined;
  /** This server's metrics, or undefined while /metrics is off. */
  metrics: ServerMetrics | undefined;
  /** While it is active, /readyz answers 503 `draining` whatever the database says. */
  drain: Pick<Drain, 'active'>;
}

/** The routes beside GraphQL: health and readiness probes, public keys, /metrics, the audit export. */
export function mountPlainRoutes(app: express.Express, { db, log, signer, settings, metrics, drain }: PlainRouteDeps): void {
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  // Approval tokens' public keys, for any service verifying a grant offline.
  app.get('/.well-known/jwks.json', jwksHandler(signer));
  app.get('/readyz', async (_req, res) => {
    if (drain.active) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    try {
      // Bounded: a database that stops answering (no error, no reset) must read as not ready.
      await withTimeout(db.pool.query('/* readiness */ SELECT 1'), READINESS_TIMEOUT_MS, 'database readiness probe timed out');
      res.json({ status: 'ready' });
    } catch {
      res.status(503).json({ status: 'database unavailable' });
    }
  });
  // Prometheus text, off unless configured (docs/metrics.md); off, it answers 404 like any absent path.
  app.get('/metrics', metricsRoute(settings ?? METRICS_OFF, metrics, answerNotFound));
  // The decision log as JSONL for its owner, and the audit keys its heads verify with (docs/audit.md).
  app.get('/audit/export', auditExportHandler(db, log));
  app.get('/.well-known/audit-keys.json', auditKeysHandler(db));
}

const READINESS_TIMEOUT_MS = 2_000;

/** `work`, or a rejection after `ms` (the work itself is left to finish or fail on its own). */
function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
