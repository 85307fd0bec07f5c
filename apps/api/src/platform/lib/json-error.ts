import type { Response } from 'express';
import { GraphQLError } from 'graphql';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import type { ErrorCode } from '../../generated/graphql.js';
import { HTTP_STATUS, isErrorCode } from './errors.js';

/*
 * The one way a non-GraphQL route answers a failure in JSON: a code from the
 * closed enum, its status from HTTP_STATUS, and Retry-After on UNAVAILABLE
 * as GraphQL answers it. Two wire shapes exist and both are contract:
 * the GraphQL-shaped `{ errors: [{ message, extensions: { code } }] }` of
 * every route a client calls (`/audit/export`, the guards before GraphQL,
 * a path nothing serves, a masked fault), and the bare `{ error: message }`
 * the public key sets under `/.well-known/` have always answered
 * (domains/signoffs/grants/jwks-route.test.ts pins it). `/mcp` (JSON-RPC) and `/metrics`
 * (Prometheus text) answer in their own protocols.
 */

/** What a refusal says, once its code is known to be the enum's. */
export interface JsonRefusal {
  code: ErrorCode;
  message: string;
  status: number;
  /** Headers the refusal carries (Retry-After). */
  headers: Record<string, string>;
}

/** The refusal for `code`: its status from HTTP_STATUS, Retry-After when it is UNAVAILABLE. */
export function refusalOf(code: ErrorCode, message: string, status = HTTP_STATUS[code]): JsonRefusal {
  const headers: Record<string, string> = code === 'UNAVAILABLE' ? { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } : {};
  return { code, message, status, headers };
}

/**
 * The refusal a thrown error stands for, when it is one a client may read:
 * a GraphQL error whose `extensions.code` is the enum's and not INTERNAL,
 * with its status and headers (Retry-After). Anything else (a bug, a
 * database error's text, a GraphQL error without a code) is undefined, for
 * the caller to mask: its message may hold internals.
 */
export function clientRefusal(error: unknown): JsonRefusal | undefined {
  if (!(error instanceof GraphQLError)) return undefined;
  const code = error.extensions.code;
  if (!isErrorCode(code) || code === 'INTERNAL') return undefined;
  const http = error.extensions.http as { status?: unknown; headers?: Iterable<[string, string]> } | undefined;
  const refusal = refusalOf(code, error.message, typeof http?.status === 'number' ? http.status : HTTP_STATUS[code]);
  for (const [name, value] of http?.headers ?? []) refusal.headers[name.toLowerCase()] = value;
  return refusal;
}

/** What a fault of ours is told: nothing of its cause, which is logged, not sent. */
export const INTERNAL_MESSAGE = 'Internal error: the failure has been logged.';

/** Writes `refusal` in the GraphQL-shaped body every client-facing JSON route answers. */
export function writeJsonRefusal(res: Response, refusal: JsonRefusal): void {
  res.status(refusal.status).set(refusal.headers).json(refusalBody(refusal));
}

/** The GraphQL-shaped body of a refusal: what `writeJsonRefusal` sends, for a route answering without Express (edge/http/graphql-post.ts). */
export function refusalBody(refusal: JsonRefusal) {
  return { errors: [{ message: refusal.message, extensions: { code: refusal.code } }] };
}

/** Answers `code` with `message` in the GraphQL-shaped body, for failures before (or outside) GraphQL. */
export function sendJsonError(res: Response, code: ErrorCode, message: string, status?: number): void {
  writeJsonRefusal(res, refusalOf(code, message, status));
}

/**
 * Answers a thrown error: a client's refusal as itself, anything else as
 * INTERNAL with a message that says nothing of the cause (log it first).
 */
export function sendThrownError(res: Response, error: unknown): void {
  writeJsonRefusal(res, clientRefusal(error) ?? refusalOf('INTERNAL', INTERNAL_MESSAGE));
}

/** Answers a `/.well-known/` key set's failure in the bare `{ error: message }` body its fetchers are answered. */
export function sendKeySetError(res: Response, code: ErrorCode, message: string): void {
  const refusal = refusalOf(code, message);
  res.status(refusal.status).set(refusal.headers).json({ error: refusal.message });
}
