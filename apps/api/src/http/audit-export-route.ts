import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { GraphQLError } from 'graphql';
import { authenticate } from '../auth/authenticate.js';
import { exportChain } from '../audit/cli.js';
import { listAuditPublicKeys } from '../audit/store.js';
import type { Database } from '../db/database.js';
import { HTTP_STATUS, isErrorCode, refusalBeforeRunning } from '../lib/errors.js';
import type { Logger } from '../logger.js';

function refuse(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/** Writes a line, waiting while the client's socket is full: the log is streamed, never held whole. */
function writeLine(res: Response, line: string): Promise<void> | void {
  if (!res.write(line)) return new Promise((resolve) => res.once('drain', () => resolve()));
}

/**
 * `GET /audit/export` (exportAuditLog): the owner's tenant's decision log as
 * JSONL (`application/x-ndjson`), oldest first, one chain record a line
 * (docs/audit.md, L3) — what `pnpm countersign audit verify --from FILE`
 * reads. An owner's session cookie or owner token (any scope); an agent is
 * 403, no credentials 401. A failure mid-stream cuts the response, so a
 * partial file never looks whole (and verify names its truncation against a signed head).
 */
export function auditExportHandler(db: Database, log: Logger): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    let principal;
    try {
      ({ principal } = await authenticate(db.pool, { authorization: req.get('authorization'), cookie: req.get('cookie') }));
    } catch (error) {
      const refusal = refusalBeforeRunning(error);
      const code = refusal instanceof GraphQLError ? refusal.extensions.code : undefined;
      if (!isErrorCode(code) || !(refusal instanceof GraphQLError)) return next(error);
      if (code === 'UNAVAILABLE') res.setHeader('retry-after', '1');
      return refuse(res, HTTP_STATUS[code], code, refusal.message);
    }
    if (!principal) return refuse(res, 401, 'UNAUTHENTICATED', 'Sign in, or send "Authorization: Bearer <owner token>".');
    if (principal.kind !== 'owner') return refuse(res, 403, 'FORBIDDEN', 'Only an owner may export the decision log, not an agent.');
    res.status(200).type('application/x-ndjson').setHeader('content-disposition', `attachment; filename="audit-${principal.tenantId}.jsonl"`);
    res.setHeader('cache-control', 'no-store');
    try {
      await exportChain(db.pool, principal.tenantId, (line) => writeLine(res, line));
      res.end();
    } catch (error) {
      log.warn({ err: (error as Error).message }, 'audit export failed mid-stream');
      res.destroy(error as Error);
    }
  };
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
      () => res.status(503).json({ error: 'The audit keys cannot be read right now; try again.' }),
    );
  };
}
