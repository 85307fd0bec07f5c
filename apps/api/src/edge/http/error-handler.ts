import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../../platform/logger.js';
import { clientRefusal, sendJsonError, sendThrownError, writeJsonRefusal } from '../../platform/lib/json-error.js';

/**
 * The last handlers in the chain, so Express's own never answers: its
 * defaults reply in HTML, and in development with the stack trace. Every
 * reply here is a GraphQL-shaped JSON body with a code from the enum.
 */

/** A path nothing else served. */
export function answerNotFound(req: Request, res: Response): void {
  sendJsonError(res, 'NOT_FOUND', `Nothing is served at ${req.method} ${req.path}.`);
}

/**
 * Any error a middleware passed on: a client's (Express marks those with a
 * 4xx status, e.g. a malformed URL) is BAD_INPUT with that status; a GraphQL
 * error with a code from the enum is answered as itself; anything else is a
 * fault of ours, logged in full and masked (platform/lib/json-error.ts).
 */
export function createErrorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, next: NextFunction): void => {
    // The reply has begun: only Express can end it (by closing the connection).
    if (res.headersSent) return next(error);
    const { status, statusCode, expose, message } = (error ?? {}) as { status?: unknown; statusCode?: unknown; expose?: unknown; message?: unknown };
    const clientStatus = status ?? statusCode;
    if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) {
      // http-errors marks messages written for the client as `expose`.
      sendJsonError(res, 'BAD_INPUT', expose === true && typeof message === 'string' ? message : 'The request is malformed.', clientStatus);
      return;
    }
    // A refusal from the enum a route passed on (UNAVAILABLE, …) is the client's to read, as GraphQL would answer it.
    const refusal = clientRefusal(error);
    if (refusal) return writeJsonRefusal(res, refusal);
    log.error(
      { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), requestId: res.locals.requestId, path: req.path },
      'internal error',
    );
    // Its message stays in the log: a client is told only that it failed.
    sendThrownError(res, error);
  };
}
