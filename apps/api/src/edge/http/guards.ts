import type { NextFunction, Request, Response } from 'express';
import { sendJsonError } from '../../platform/lib/json-error.js';
import { containsNul, NUL_MESSAGE, containsIllFormed, ILL_FORMED_MESSAGE } from '../graphql/limits.js';

/**
 * CSRF prevention for POST: only `application/json` bodies are accepted. A
 * browser sends that content type cross-origin only after a CORS preflight,
 * which this server never grants, so a forged form or `fetch` from another
 * site cannot reach a resolver with the owner's cookie. (Apollo's own CSRF
 * prevention stays on as well, covering GET.)
 */
export function requireJsonBody(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'POST' && !req.is('application/json')) {
    sendJsonError(res, 'BAD_INPUT', JSON_BODY_MESSAGE);
    return;
  }
  next();
}

/** What a POST that is not JSON is told. */
export const JSON_BODY_MESSAGE = 'A POST to /graphql must have Content-Type: application/json (this also blocks cross-site request forgery).';

/** Turns body-parser failures (too large, malformed JSON) into clear GraphQL errors. */
export function bodyErrors(error: { type?: string; status?: number; message?: string }, _req: Request, res: Response, next: NextFunction): void {
  if (error.type === 'entity.too.large') return sendJsonError(res, 'BAD_INPUT', 'The request body is larger than the limit.', 413);
  if (error.type === 'entity.parse.failed') return sendJsonError(res, 'BAD_INPUT', 'The request body is not valid JSON.', 400);
  if (error.status && error.status >= 400 && error.status < 500) return sendJsonError(res, 'BAD_INPUT', error.message ?? 'Bad request.', error.status);
  next(error);
}

/**
 * The JSON a request carries: a POST's body, or a GET's `variables` and
 * `extensions` parameters, which Apollo parses itself (malformed ones are
 * left for it to refuse). The guards below must see both, or a GET slips
 * past them.
 */
function carriedJson(req: Request): unknown[] {
  if (req.method !== 'GET') return [req.body];
  return ['variables', 'extensions'].flatMap((name) => {
    const text = req.query[name];
    if (typeof text !== 'string') return [];
    try {
      return [JSON.parse(text) as unknown];
    } catch {
      return [];
    }
  });
}

/** Refuses a request whose variables (or any other field) hold a NUL character: PostgreSQL text cannot store one. */
export function rejectNul(req: Request, res: Response, next: NextFunction): void {
  const carried = carriedJson(req);
  if (carried.some(containsNul)) {
    sendJsonError(res, 'BAD_INPUT', NUL_MESSAGE);
    return;
  }
  if (carried.some(containsIllFormed)) {
    sendJsonError(res, 'BAD_INPUT', ILL_FORMED_MESSAGE);
    return;
  }
  next();
}

/**
 * How deep a request body's JSON may nest. Real inputs (a sign-off's input,
 * variables) stay within a handful of levels; the bound keeps every
 * recursive walk further in (canonical JSON, storage, serialisation) far
 * from the call stack's end, however the body is shaped.
 */
export const MAX_JSON_DEPTH = 64;

/** True when `value` nests arrays or objects more than `limit` levels deep; walks without recursion. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const pending: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }];
  while (pending.length > 0) {
    const { item, depth } = pending.pop()!;
    if (!item || typeof item !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const inner of Array.isArray(item) ? item : Object.values(item)) pending.push({ item: inner, depth: depth + 1 });
  }
  return false;
}

/**
 * What `rejectDeepJson` and then `rejectNul` would answer a body, for a
 * request that reaches GraphQL without Express (the in-process edge,
 * graphql-edge.ts); undefined when both let it through.
 */
export function jsonRefusal(body: unknown): string | undefined {
  if (jsonDepthExceeds(body, MAX_JSON_DEPTH)) return DEEP_JSON_MESSAGE;
  if (containsNul(body)) return NUL_MESSAGE;
  if (containsIllFormed(body)) return ILL_FORMED_MESSAGE;
  return undefined;
}

const DEEP_JSON_MESSAGE = `The request body nests JSON more than ${MAX_JSON_DEPTH} levels deep.`;

/** Refuses a request whose JSON nests deeper than MAX_JSON_DEPTH, before anything walks it. */
export function rejectDeepJson(req: Request, res: Response, next: NextFunction): void {
  if (carriedJson(req).some((value) => jsonDepthExceeds(value, MAX_JSON_DEPTH))) {
    sendJsonError(res, 'BAD_INPUT', DEEP_JSON_MESSAGE);
    return;
  }
  next();
}
