import { HeaderMap, type ApolloServer, type HTTPGraphQLResponse } from '@apollo/server';
import { agentKeyHashOf, authenticateRequest } from '../auth/authenticate.js';
import { poolScope } from '../../platform/db/sql.js';
import { inRequestScope } from '../../platform/log-scope.js';
import type { Database } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import { withRequestLoaders } from '../graphql/loaders.js';
import { LIMITS } from '../graphql/limits.js';
import { IDEMPOTENCY_HEADER } from '../idempotency/plugin.js';
import type { Context, SessionCookieWriter } from '../../platform/lib/context.js';
import { agentKeyBound } from '../../platform/lib/principal.js';
import type { Runtime } from '../../platform/lib/runtime.js';
import type { Logger } from '../../platform/logger.js';
import { limitRefusal, runsDrawOnly, type DocumentFacts, type DocumentFactsCache } from './document-facts.js';
import { JSON_BODY_MESSAGE, jsonRefusal } from './guards.js';
import type { PrincipalConcurrency } from './principal-concurrency.js';

/*
 * The edge every GraphQL request passes on its way to a resolver: the
 * per-principal in-flight bound and authentication (the context below), and,
 * for a request made inside this process (the `/mcp` tools'), the body and
 * document checks that Express middleware makes for `/graphql`. Apollo then
 * runs the plugins (idempotency, retry status, metrics) and masks errors the
 * same way for both.
 */

/** A request as the context reads it, however it arrived. */
export interface EdgeCall {
  method: string;
  /** A request header by its lower-case name. */
  header(name: string): string | undefined;
  /** The parsed JSON body (a POST's). */
  body: unknown;
  requestId: string;
  /** The client's address, as a trusted proxy forwarded it (`req.ip`): the connection's for `/graphql`, the `/mcp` request's for its tools. */
  clientAddress: string | undefined;
  /** The session cookie's writer; none for a call made inside the process (`/mcp` serves agents only). */
  cookies: SessionCookieWriter | undefined;
  /** What the limits check learnt of the document (document-facts.ts). */
  documentFacts: DocumentFacts | undefined;
  /**
   * False for a call counted under another bound instead of the principal's
   * requests in flight: a `/mcp` wait's reads (its waits' own bound, mcp-waits.ts).
   */
  inFlight?: boolean;
  /** The `/mcp` tools' calls only: the resource an OAuth access token must be for (docs/oauth.md, rule OA5). */
  accessTokenResource?: string | undefined;
}

/** Where the context puts the release of the request's in-flight slot, for whoever runs the request to give back. */
export interface Slot {
  release: (() => void) | undefined;
}

/** What building a request's context needs of the server. */
export interface EdgeDeps {
  db: Database;
  bus: EventBus;
  log: Logger;
  runtime: Runtime;
  concurrency: PrincipalConcurrency;
}

/**
 * Builds a request's context: a slot among the principal's requests in
 * flight (refused RATE_LIMITED over the bound), then its principal. The
 * slot's release goes on `slot`: given back when the request's work is done,
 * not when its client hangs up, since a client that leaves does not stop its
 * resolvers.
 */
export function contextBuilder({ db, bus, log, runtime, concurrency }: EdgeDeps) {
  return async (call: EdgeCall, slot: Slot): Promise<Context> => {
    const drawKeyHash = drawOnlyKeyHash(call);
    if (drawKeyHash !== undefined) {
      const release = concurrency.tryAcquireKey(agentKeyBound(drawKeyHash));
      if (!release) throw concurrency.refusal({ kind: 'agent' });
      slot.release = release;
    }
    // A draw-only request skips this round trip: its draw checks the key in its own call.
    const auth =
      drawKeyHash === undefined
        ? await authenticateRequest(db.pool, {
            authorization: call.header('authorization'),
            cookie: call.header('cookie'),
            accessTokenResource: call.accessTokenResource,
          })
        : { principal: undefined, staleSession: false };
    if (auth.staleSession) call.cookies?.clear();
    if (auth.principal && call.inFlight !== false) {
      const release = concurrency.tryAcquire(auth.principal);
      if (!release) throw concurrency.refusal(auth.principal);
      slot.release = release;
    }
    return withRequestLoaders({
      db,
      bus,
      // The process logger: its lines take `requestId` from the request's log scope (platform/log-scope.ts), and a
      // logger kept by work the request only starts (a lazily made announcer) carries no stale id.
      log,
      requestId: call.requestId,
      ...auth,
      cookies: call.cookies,
      scope: poolScope(db.pool),
      clientAddress: call.clientAddress,
      runtime,
      uncheckedAgentKeyHash: drawKeyHash,
    });
  };
}

/**
 * The agent key's hash when the request is one draw and nothing else, with
 * no idempotency key (which needs the agent's id before anything runs): the
 * draw checks the key in its own database call (rule A6, step 0), so the
 * request needs no separate authentication.
 */
function drawOnlyKeyHash(call: EdgeCall): string | undefined {
  if (call.method !== 'POST' || call.header(IDEMPOTENCY_HEADER) !== undefined) return undefined;
  if (!runsDrawOnly(call.documentFacts, (call.body as { operationName?: unknown } | undefined)?.operationName)) return undefined;
  return agentKeyHashOf(call.header('authorization'));
}

/** Who an in-process call is made for: the request it serves. */
export interface InProcessOrigin {
  requestId: string;
  /** The address of the client the calls are made for (`req.ip` of its request). */
  clientAddress: string | undefined;
  /** False when the calls are bounded otherwise than among the principal's requests in flight (see `EdgeCall.inFlight`). */
  inFlight?: boolean;
  /** Set by `/mcp`: its caller may be an OAuth access token for this resource. */
  accessTokenResource?: string | undefined;
}

/**
 * A `fetch` that runs each GraphQL POST in this process, through the same
 * edge as `/graphql`: the JSON content type, the body size, JSON depth and
 * NUL guards, the document limits, then Apollo with a context built as above
 * (charged to the caller's key and to `origin`'s address). No socket is
 * opened, so nothing is counted against this server's own address; the URL
 * is ignored. Hand it to a `CountersignAgent` as its `fetch`.
 */
export function inProcessFetch(
  { apollo, documents, buildContext }: { apollo: ApolloServer<Context>; documents: DocumentFactsCache; buildContext: ReturnType<typeof contextBuilder> },
  origin: InProcessOrigin,
): typeof fetch {
  // The tools' calls come from the MCP transport's callbacks: each is put back in its request's log scope.
  return (input, init) => inRequestScope(origin.requestId, () => executeInProcess(input, init));
  async function executeInProcess(_input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): Promise<Response> {
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : '';
    if (!/^application\/json\b/i.test(headers.get('content-type') ?? '')) return refusal(400, JSON_BODY_MESSAGE);
    if (Buffer.byteLength(text) > LIMITS.maxBodyBytes) return refusal(413, 'The request body is larger than the limit.');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return refusal(400, 'The request body is not valid JSON.');
    }
    const refused = jsonRefusal(body);
    if (refused !== undefined) return refusal(400, refused);
    const query = (body as { query?: unknown } | null)?.query;
    const facts = typeof query === 'string' ? documents.factsOf(query) : undefined;
    if (facts && facts.limitErrors.length > 0) {
      return Response.json(limitRefusal(facts), { status: 400 });
    }
    const call: EdgeCall = {
      method: 'POST',
      header: (name) => headers.get(name) ?? undefined,
      body,
      requestId: origin.requestId,
      clientAddress: origin.clientAddress,
      cookies: undefined,
      documentFacts: facts,
      inFlight: origin.inFlight,
      accessTokenResource: origin.accessTokenResource,
    };
    const slot: Slot = { release: undefined };
    try {
      const answer = await apollo.executeHTTPGraphQLRequest({
        httpGraphQLRequest: { method: 'POST', headers: new HeaderMap(headers), search: '', body },
        context: () => buildContext(call, slot),
      });
      return await asResponse(answer);
    } finally {
      slot.release?.();
    }
  }
}

/** An edge refusal before GraphQL runs, shaped as `/graphql`'s guards answer it. */
function refusal(status: number, message: string): Response {
  return Response.json({ errors: [{ message, extensions: { code: 'BAD_INPUT' } }] }, { status });
}

/** Apollo's answer as a fetch Response, read whole (nothing here asks for incremental delivery). */
async function asResponse(answer: HTTPGraphQLResponse): Promise<Response> {
  let text = '';
  if (answer.body.kind === 'complete') text = answer.body.string;
  else for await (const chunk of answer.body.asyncIterator) text += chunk;
  return new Response(text, { status: answer.status ?? 200, headers: [...answer.headers] });
}
