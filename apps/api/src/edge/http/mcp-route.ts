import type { ApolloServer } from '@apollo/server';
import { CountersignAgent, createCountersignMcpServer } from '@countersign/mcp';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { Database } from '../../platform/db/database.js';
import type { EventBus } from '../../platform/events/bus.js';
import { LIMITS } from '../graphql/limits.js';
import type { Context } from '../../platform/lib/context.js';
import type { Logger } from '../../platform/logger.js';
import type { DocumentFactsCache } from './document-facts.js';
import { inProcessFetch, type contextBuilder } from './graphql-edge.js';
import { busWaiter, McpWaits } from './mcp-waits.js';
import { requireRouteCaller, routeCaller } from './route-caller.js';
import { reenterRequestScope } from './request-log.js';
import { mcpResource } from '../../domains/oauth/access-tokens.js';
import { protectedResourceMetadataUrl } from '../oauth/metadata.js';

/*
 * The Countersign MCP server over Streamable HTTP, at `/mcp` on the API's own
 * port. Stateless: every POST authenticates on its own and gets a new server
 * and transport, so any instance answers any request (no sessions, no sticky
 * routing), and a revoked key is refused on its very next request. The tools
 * act through the agent client with the caller's key, its GraphQL executed
 * in this process through the same edge as `/graphql` (graphql-edge.ts):
 * every rule of the API (document limits, input guards, authorisation,
 * idempotency, the per-agent bound on requests in flight, error masking)
 * applies as it does to an agent calling GraphQL itself, charged to the
 * agent and to its client's address. Nothing goes back over a socket, so
 * no agent's calls count against this server's own address.
 */

/** JSON-RPC's code for a malformed body, and the one it leaves to servers for their own refusals. */
const PARSE_ERROR = -32700;
const SERVER_REFUSAL = -32000;

/** Answers a JSON-RPC error before any MCP message was read; `data.code` is the API's error code. */
function refuse(res: Response, status: number, code: string, message: string, rpcCode = SERVER_REFUSAL): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code: rpcCode, message: `${code}: ${message}`, data: { code } }, id: null });
}

/**
 * The challenge of a 401 (RFC 6750 §3, RFC 9728 §5.1): where a host finds
 * how to get a token, and `invalid_token` when the one it sent is dead.
 */
function challenge(req: Request, publicUrl: string): string {
  const presented = req.get('authorization') !== undefined;
  return `Bearer resource_metadata="${protectedResourceMetadataUrl(publicUrl)}"${presented ? ', error="invalid_token"' : ''}`;
}

/** The agent key a request carries, once `authenticate` has accepted it as one. */
function bearerKey(req: Request): string {
  return /^Bearer\s+(\S+)$/i.exec(req.get('authorization')?.trim() ?? '')?.[1] ?? '';
}

/** Where the in-process client's calls claim to go: never fetched, only named in its errors. */
const IN_PROCESS_URL = 'http://countersign.invalid/graphql';

/**
 * Lets only agents through, checked as every route outside GraphQL checks
 * its caller (route-caller.ts), refusals written as JSON-RPC errors: a
 * missing, malformed, unknown or revoked key is 401; an owner (console
 * session or owner token) is 403, since the tools act as an agent; a
 * database that cannot answer is 503. `routeCaller(res, 'agent')` reads the
 * agent, for its waits' bound.
 */
function requireAgent(db: Database, publicUrl: string) {
  return requireRouteCaller({
    db: db.pool,
    serves: 'agent',
    accessTokenResource: mcpResource(publicUrl),
    signIn: 'The MCP endpoint needs the header "Authorization: Bearer <agent key>", or an OAuth access token (see WWW-Authenticate).',
    wrongKind: "The MCP endpoint serves agents: authenticate with the agent's key, not an owner's session or token.",
    refuse: (res, refusal) => {
      res.set(refusal.headers);
      if (refusal.status === 401) res.setHeader('www-authenticate', challenge(res.req, publicUrl));
      refuse(res, refusal.status, refusal.code, refusal.message);
    },
  });
}

/** Body-parser failures (too large, not JSON) as JSON-RPC errors. */
function bodyErrors(error: { type?: string; status?: number; message?: string }, _req: Request, res: Response, next: NextFunction): void {
  if (error.type === 'entity.too.large') return refuse(res, 413, 'BAD_INPUT', `The request body is larger than ${LIMITS.maxBodyBytes} bytes.`);
  if (error.type === 'entity.parse.failed') return refuse(res, 400, 'BAD_INPUT', 'The request body is not valid JSON.', PARSE_ERROR);
  if (error.status && error.status >= 400 && error.status < 500) return refuse(res, error.status, 'BAD_INPUT', error.message ?? 'Bad request.');
  next(error);
}

/** Refuses a POST that is not JSON before reading it (the same CSRF guard as /graphql's). */
function requireJson(req: Request, res: Response, next: NextFunction): void {
  if (req.is('application/json')) return next();
  refuse(res, 415, 'BAD_INPUT', 'A POST to /mcp must have Content-Type: application/json.');
}

/** Serves one MCP message (or batch) with a server and transport of its own, acting as the caller's agent. */
function serveOne({
  log,
  bus,
  waits,
  execute,
  resource,
}: {
  log: Logger;
  bus: EventBus;
  waits: McpWaits;
  execute: Parameters<typeof inProcessFetch>[0];
  resource: string;
}) {
  return async (req: Request, res: Response): Promise<void> => {
    const requestId = String(res.locals.requestId);
    const principal = routeCaller(res, 'agent');
    const agent = new CountersignAgent({
      url: IN_PROCESS_URL,
      key: bearerKey(req),
      // The tools' GraphQL calls carry this request's id (so the log ties them to it) and its client's address.
      fetch: inProcessFetch(execute, { requestId, clientAddress: req.ip, accessTokenResource: resource }),
      // Waits listen on this process's bus (busWaiter), never on a socket.
      webSocketImpl: null,
    });
    // A wait's reads are bounded by the waits' own bound, not among the agent's requests in flight: waiting must
    // not take the slots of the agent's other calls (nor be refused by them).
    const waitReads = new CountersignAgent({
      url: IN_PROCESS_URL,
      key: bearerKey(req),
      fetch: inProcessFetch(execute, { requestId, clientAddress: req.ip, inFlight: false, accessTokenResource: resource }),
      webSocketImpl: null,
    });
    const server = createCountersignMcpServer(agent, {
      waits: { admit: () => waits.admit(principal), refusal: waits.refusal, waitForDecision: busWaiter(bus, principal, waitReads) },
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    transport.onerror = (error) => log.warn({ requestId, err: error }, 'mcp transport error');
    // The answer (or its event stream) is over when the response closes, also when the client leaves mid-wait;
    // closing is best effort and nothing waits for it.
    res.on('close', () => {
      void Promise.allSettled([transport.close(), server.close(), agent.close(), waitReads.close()]);
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
}

/** Stateless: no session to resume (GET) or end (DELETE). */
function onlyPost(_req: Request, res: Response): void {
  res.setHeader('allow', 'POST');
  refuse(res, 405, 'BAD_INPUT', 'This MCP endpoint is stateless: send each message as a POST.');
}

/** What `/mcp` needs of the server: the database (to check keys), the bus (for waits) and the GraphQL edge. */
export interface McpRouteDeps {
  db: Database;
  bus: EventBus;
  log: Logger;
  apollo: ApolloServer<Context>;
  /** The document facts `/graphql` checks too (one cache for both). */
  documents: DocumentFactsCache;
  /** The context `/graphql` builds (graphql-edge.ts): the same bound on requests in flight. */
  buildContext: ReturnType<typeof contextBuilder>;
  /** `wait_for_decision` calls one agent may have open at once on this process; unset: 20. */
  maxWaitsPerAgent?: number | undefined;
  /** COUNTERSIGN_PUBLIC_URL: the resource OAuth access tokens are for, and where hosts find how to get one. */
  publicUrl: string;
}

/** The `/mcp` endpoint (mount it with `app.use('/mcp', …)`). */
export function mcpRoute({ db, bus, log, apollo, documents, buildContext, maxWaitsPerAgent, publicUrl }: McpRouteDeps): express.Router {
  const router = express.Router();
  const waits = new McpWaits(maxWaitsPerAgent);
  const serve = serveOne({ log, bus, waits, execute: { apollo, documents, buildContext }, resource: mcpResource(publicUrl) });
  router.post('/', requireAgent(db, publicUrl), requireJson, express.json({ limit: LIMITS.maxBodyBytes }), reenterRequestScope, bodyErrors, serve);
  router.all('/', onlyPost);
  return router;
}
