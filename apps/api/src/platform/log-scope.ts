import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

/**
 * Whose work a log line belongs to: one request (HTTP, MCP or one WebSocket
 * operation), or one run of a background job. Carried by AsyncLocalStorage,
 * so a line written anywhere inside (a resolver, the error formatter, a
 * service given the process logger) names it without each call site passing
 * it, and work a request only sets going names itself instead.
 */
export type LogScope = { requestId: string } | { job: string; jobRun: string };

const scopes = new AsyncLocalStorage<LogScope>();

/** Runs `work` as part of request `requestId`: every line it writes, and every promise it awaits, carries `requestId`. */
export function inRequestScope<T>(requestId: string, work: () => T): T {
  return scopes.run({ requestId }, work);
}

/**
 * Runs `work` as one run of background job `job` (`sweeper`, `outbox`, …):
 * its lines carry `job` and a fresh `jobRun` (8 hex digits) instead of any
 * request id the caller had, since a timer armed inside a request would
 * otherwise carry that request's id for as long as it keeps firing.
 */
export function asJob<T>(job: string, work: () => T): T {
  return scopes.run({ job, jobRun: randomBytes(4).toString('hex') }, work);
}

/**
 * Runs `work` outside any scope: for what a request starts but does not own
 * (a pool or timer created lazily by the first request to need it).
 */
export function outsideScope<T>(work: () => T): T {
  return scopes.exit(work);
}

/** The scope's fields for a line (pino's mixin), unless the line names them itself. */
export function logScopeFields(line: object): Partial<LogScope> {
  const scope = scopes.getStore();
  if (!scope) return {};
  if ('requestId' in scope) return 'requestId' in line ? {} : scope;
  return 'job' in line ? {} : scope;
}
