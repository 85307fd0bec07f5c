import { HeaderMap, type ApolloServer, type HTTPGraphQLResponse } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import proxyaddr from 'proxy-addr';
import type { Context } from '../../platform/lib/context.js';
import { inRequestScope } from '../../platform/log-scope.js';
import type { Logger } from '../../platform/logger.js';
import { clientRefusal, INTERNAL_MESSAGE, refusalBody, refusalOf, type JsonRefusal } from '../../platform/lib/json-error.js';
import { countRequest } from '../../platform/metrics/http.js';
import type { ServerMetrics } from '../../platform/metrics/server-metrics.js';
import { inOperationSpan } from '../../platform/telemetry/http.js';
import { LIMITS } from '../graphql/limits.js';
import { sessionCookieWriter } from './cookies.js';
import { limitRefusal, runsDrawOnly, type DocumentFacts, type DocumentFactsCache } from './document-facts.js';
import { acceptsPlainJson, type drawFastPath } from './draw-fast-path.js';
import { IDEMPOTENCY_HEADER } from '../idempotency/plugin.js';
import { tracingOn } from '../../platform/telemetry/spans.js';
import type { Drain } from './drain.js';
import type { contextBuilder, EdgeCall, Slot } from './graphql-edge.js';
import { jsonRefusal } from './guards.js';
import { startRequestLog } from './request-log.js';
import { setSecurityHeaders } from './security-headers.js';

/*
 * POST /graphql served on `node:http`, without Express. Express re-parents
 * every request and response onto its own prototypes, which leaves V8's
 * property caches megamorphic all through Node's HTTP code: measured, that
 * and the middleware chain cost a draw about four times what the draw's own
 * HTTP and database work does (issue 30). The checks stay the same and in
 * the same order — the drain's `Connection: close`, the security headers,
 * the request's id, log line, span and metrics, the CSRF content type, the
 * body bound, the JSON guards, the document limits — then Apollo runs the
 * request with the context every other path builds (graphql-edge.ts).
 *
 * A request is taken here only when its headers alone show it is a plain
 * one: `application/json` in UTF-8, not compressed, with a Content-Length
 * inside the bound. Anything else (a GET, another content type or charset,
 * a compressed or chunked body, an oversized one) goes to Express's route
 * (graphql-route.ts) untouched, which answers it as it always has.
 */

export interface GraphQLPostDeps {
  apollo: ApolloServer<Context>;
  documents: DocumentFactsCache;
  buildContext: ReturnType<typeof contextBuilder>;
  /** The server's public URL, which decides the session cookie's attributes. */
  publicUrl: string;
  log: Logger;
  metrics: ServerMetrics | undefined;
  drain: Drain;
  /** Which peers may name the client in X-Forwarded-For (Express's compiled `trust proxy`, trusted-proxies.ts). */
  trust: (address: string, hop: number) => boolean;
  /** The draw's fast path (draw-fast-path.ts). */
  draw: ReturnType<typeof drawFastPath>;
}

/** A plain response with the `locals` Express would give it: what the request log and span keep on it. */
type EdgeResponse = ServerResponse & { locals: Record<string, unknown> };

/** Media type `application/json`, with no parameter but a UTF-8 charset (what body-parser would decode the same way). */
const PLAIN_JSON = /^application\/json[ \t]*(?:;[ \t]*charset[ \t]*=[ \t]*(?:utf-8|"utf-8")[ \t]*)?$/i;

/**
 * The handler for the server's `request` event: true when it took the
 * request, false to leave it to Express.
 */
export function graphqlPost(deps: GraphQLPostDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const length = plainLength(req);
    if (length === undefined) return false;
    const locals: Record<string, unknown> = {};
    const response = Object.assign(res, { locals });
    serve(deps, req, response, length).catch((error: unknown) => fail(deps.log, req, response, error));
    return true;
  };
}

/** The body's length when the request is one this path takes (see above); undefined otherwise. */
function plainLength(req: IncomingMessage): number | undefined {
  if (req.method !== 'POST') return undefined;
  if (req.url !== '/graphql' && !req.url?.startsWith('/graphql?')) return undefined;
  const { headers } = req;
  if (headers['transfer-encoding'] !== undefined) return undefined;
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity') return undefined;
  if (!PLAIN_JSON.test(headers['content-type'] ?? '')) return undefined;
  const text = headers['content-length'];
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  const length = Number(text);
  return length > 0 && length <= LIMITS.maxBodyBytes ? length : undefined;
}

async function serve(deps: GraphQLPostDeps, req: IncomingMessage, res: EdgeResponse, length: number): Promise<void> {
  const header = (name: string) => headerOf(req, name);
  if (deps.drain.active) res.setHeader('Connection', 'close');
  const secure = protocolOf(req, deps.trust) === 'https';
  setSecurityHeaders(res, secure);
  const requestId = startRequestLog(deps.log, 'POST', req.url!, header('x-request-id'), res);
  if (deps.metrics) countRequest(deps.metrics, req.url!, res);
  const raw = await readBody(req, length);
  // The client left before sending its body: nothing ran, and nothing can be answered.
  if (raw === undefined) return;
  await inRequestScope(requestId, async () => {
    const body = parseBody(raw);
    if (body === INVALID) return writeRefusal(res, refusalOf('BAD_INPUT', 'The request body is not valid JSON.', 400));
    const refused = jsonRefusal(body);
    if (refused !== undefined) return writeRefusal(res, refusalOf('BAD_INPUT', refused));
    const query = (body as { query?: unknown } | null)?.query;
    const facts = typeof query === 'string' ? deps.documents.factsOf(query) : undefined;
    if (facts && facts.limitErrors.length > 0) {
      return writeJson(res, 400, limitRefusal(facts));
    }
    const call: EdgeCall = {
      method: 'POST',
      header,
      body,
      requestId,
      clientAddress: proxyaddr(req, deps.trust),
      cookies: sessionCookieWriter({ secure, get: header }, { append: (field, value) => appendHeader(res, field, value) }, deps.publicUrl),
      documentFacts: facts,
    };
    // Given back once the answer is written, not when the client hangs up (graphql-edge.ts).
    const slot: Slot = { release: undefined };
    try {
      let context = () => deps.buildContext(call, slot);
      const draw = fastDrawOf(facts, body, header);
      if (draw) {
        const answer = await deps.draw(draw, context);
        if (answer.kind === 'answered') return writeDrawAnswer(res, answer);
        // The context is built once: what the fast path built (or the refusal it met) is Apollo's.
        const built = answer.context;
        context = async () => {
          if ('contextError' in answer) throw answer.contextError;
          return built!;
        };
      }
      const answer = await inOperationSpan(res.locals, () =>
        deps.apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: 'POST', headers: headerMapOf(req), search: searchOf(req.url!), body },
          context,
        }),
      );
      await writeAnswer(res, answer);
    } finally {
      slot.release?.();
    }
  });
}

/**
 * What the draw's fast path (draw-fast-path.ts) runs, when the request is
 * one it takes: a draw-only document kept by the limits check, no
 * idempotency key, plain JSON accepted, tracing off (its spans are Apollo
 * plugins'), and a body Apollo would take as it is.
 */
function fastDrawOf(
  facts: DocumentFacts | undefined,
  body: unknown,
  header: (name: string) => string | undefined,
): { document: DocumentNode; variables: unknown; operationName: unknown } | undefined {
  if (!facts?.fastDraw || tracingOn()) return undefined;
  if (header(IDEMPOTENCY_HEADER) !== undefined || !acceptsPlainJson(header('accept'))) return undefined;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { variables, operationName, extensions } = body as Record<string, unknown>;
  if (extensions !== undefined) return undefined;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  if (!runsDrawOnly(facts, operationName)) return undefined;
  return { document: facts.fastDraw, variables, operationName };
}

function writeDrawAnswer(res: ServerResponse, answer: { status: number; headers: Map<string, string>; body: string }): void {
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  endWith(res, answer.body);
}

/**
 * Ends the response with `text` as Express's `res.send` does: its length,
 * and the weak ETag Express puts on every answer it sends, so an answer
 * reads the same whichever path made it.
 */
function endWith(res: ServerResponse, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  res.setHeader('content-length', bytes.length);
  res.setHeader('etag', `W/"${bytes.length.toString(16)}-${createHash('sha1').update(bytes).digest('base64').slice(0, 27)}"`);
  res.end(bytes);
}

/** The whole body, once `length` bytes have come; undefined if the client went first. */
function readBody(req: IncomingMessage, length: number): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)));
    // Before 'end' these mean the body will never be whole; after it, the promise has settled.
    req.on('error', () => resolve(undefined));
    req.on('close', () => resolve(undefined));
  });
}

const INVALID = Symbol('invalid JSON');

/** The body as body-parser's strict JSON reads it: an object or an array, a UTF-8 byte order mark ignored. */
function parseBody(raw: Buffer): unknown {
  let text = raw.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = /^[ \t\n\r]*(.)/s.exec(text)?.[1];
  if (first !== '{' && first !== '[') return INVALID;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

/** A request header as Express's `req.get` reads it. */
function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Express's `req.protocol`: the connection's, or a trusted proxy's X-Forwarded-Proto. */
function protocolOf(req: IncomingMessage, trust: GraphQLPostDeps['trust']): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const forwarded = headerOf(req, 'x-forwarded-proto') || own;
  const comma = forwarded.indexOf(',');
  return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim();
}

/** The request's headers as Apollo takes them (as its Express integration builds them). */
function headerMapOf(req: IncomingMessage): HeaderMap {
  const headers = new HeaderMap();
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return headers;
}

function searchOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark);
}

function appendHeader(res: ServerResponse, field: string, value: string): void {
  const previous = res.getHeader(field);
  res.setHeader(field, previous === undefined ? [value] : [...(Array.isArray(previous) ? previous : [String(previous)]), value]);
}

/** Apollo's answer, written as one piece when whole (one write with its headers), chunk by chunk otherwise. */
async function writeAnswer(res: ServerResponse, answer: HTTPGraphQLResponse): Promise<void> {
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.statusCode = answer.status ?? 200;
  if (answer.body.kind === 'complete') return endWith(res, answer.body.string);
  for await (const chunk of answer.body.asyncIterator) res.write(chunk);
  res.end();
}

/** JSON as Express's `res.json` writes it. */
function writeJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.statusCode = status;
  for (const [name, header] of Object.entries(headers)) res.setHeader(name, header);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  endWith(res, text);
}

/** The GraphQL-shaped refusal body every client-facing JSON route answers (platform/lib/json-error.ts). */
function writeRefusal(res: ServerResponse, refusal: JsonRefusal): void {
  writeJson(res, refusal.status, refusalBody(refusal), refusal.headers);
}

/** What error-handler.ts does for Express's routes: a client's refusal as itself, a fault of ours logged and masked. */
function fail(log: Logger, req: IncomingMessage, res: EdgeResponse, error: unknown): void {
  const refusal = clientRefusal(error);
  if (!refusal) {
    log.error(
      { err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error), requestId: res.locals.requestId, path: '/graphql' },
      'internal error',
    );
  }
  // The answer has begun: only closing the connection can end it.
  if (res.headersSent) return void req.socket.destroy();
  writeRefusal(res, refusal ?? refusalOf('INTERNAL', INTERNAL_MESSAGE));
}
