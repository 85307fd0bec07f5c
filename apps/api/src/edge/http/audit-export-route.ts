import type { Request, RequestHandler, Response } from 'express';
import { exportChain } from '../../domains/audit/cli.js';
import { listAuditPublicKeys } from '../../domains/audit/store.js';
import type { Database } from '../../platform/db/database.js';
import { sendKeySetError } from '../../platform/lib/json-error.js';
import type { Logger } from '../../platform/logger.js';
import { requireRouteCaller, routeCaller } from './route-caller.js';

/** Writes a line, waiting while the client's socket is full: the log is streamed, never held whole. */
function writeLine(res: Response, line: string): Promise<void> | void {
  if (!res.write(line)) return new Promise((resolve) => res.once('drain', () => resolve()));
}

/**
 * `GET /audit/export` (exportAuditLog): the owner's tenant's decision log as
 * JSONL (`application/x-ndjson`), oldest first, one chain record a line
 * (docs/audit.md, L3) — what `pnpm countersign audit verify --from FILE`
 * reads. An owner's session cookie or owner token (any scope), checked by
 * `requireRouteCaller` as GraphQL checks it; an agent is 403, no
 * credentials 401. A failure mid-stream cuts the response, so a
 * partial file never looks whole (and verify names its truncation against a signed head).
 */
export function auditExportHandler(db: Database, log: Logger): RequestHandler[] {
  const ownerOnly = requireRouteCaller({
    db: db.pool,
    serves: 'owner',
    signIn: 'Sign in, or send "Authorization: Bearer <owner token>".',
    wrongKind: 'Only an owner may export the decision log, not an agent.',
  });
  const stream = async (_req: Request, res: Response): Promise<void> => {
    const principal = routeCaller(res, 'owner');
    res.status(200).type('application/x-ndjson').setHeader('content-disposition', `attachment; filename="audit-${principal.tenantId}.jsonl"`);
    res.setHeader('cache-control', 'no-store');
    try {
      await exportChain({ db }, principal.tenantId, (line) => writeLine(res, line));
      res.end();
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'audit export failed mid-stream');
      res.destroy(error as Error);
    }
  };
  return [ownerOnly, stream];
}

/**
 * `GET /.well-known/audit-keys.json`: every audit public key this server has
 * had (rotation retires a key, never removes it), so an auditor can hold a
 * signed head's key to the server's published set.
 */
export function auditKeysHandler(db: Database): RequestHandler {
  return (_req, res) => {
    listAuditPublicKeys(db.pool).then(
      (keys) =>
        res.set('cache-control', 'public, max-age=60').json({
          keys: keys.map((key) => ({ kid: key.kid, kty: 'OKP', crv: 'Ed25519', x: key.publicKey, createdAt: key.createdAt, retiredAt: key.retiredAt })),
        }),
      () => sendKeySetError(res, 'UNAVAILABLE', 'The audit keys cannot be read right now; try again.'),
    );
  };
}
