import { buildSchema, graphql, GraphQLError, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import type { Amounts, Authority, Receipt, SignOff, SignOffState } from '../src/types.js';

const SCHEMA_DIR = path.resolve(import.meta.dirname, '../../schema/src');

/** The real SDL, so every document the client sends is validated against the contract it targets. */
function loadSchema(): GraphQLSchema {
  const files = readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.graphql')).sort();
  return buildSchema(files.map((file) => readFileSync(path.join(SCHEMA_DIR, file), 'utf8')).join('\n'));
}

export interface FakeApiOptions {
  /** When false, WebSocket upgrades are refused, as behind a proxy that does not pass them. */
  webSockets?: boolean;
}

type Listener = (signOff: SignOff) => void;

/**
 * A stand-in for the Countersign API with the real schema and canned
 * resolvers: enough to watch what the client sends and when, and to decide
 * requests at chosen moments, which the real API (with its database) cannot
 * be made to do deterministically in a unit test.
 */
export class FakeApi {
  static readonly KEY = 'csk_test_agent_key';

  readonly signOffs = new Map<string, SignOff>();
  /** How many times `signOff(id)` was read over HTTP. */
  reads = 0;
  /** Answers `requestSignOff` with this refusal instead of creating a request. */
  refuseRequests: { __typename: string; code: string; message: string } | undefined;
  /** What `takeSignOffSecret` hands out, once. */
  secrets = new Map<string, Record<string, unknown>>();
  /** The agent's authorities, by id, as `authorities` and `authority(id)` answer them. */
  readonly authorities = new Map<string, Authority>();
  /** Each authority's receipts, oldest first. */
  readonly receipts = new Map<string, Receipt[]>();
  /** Every `drawAuthority` input as received, to check what the client sent. */
  readonly drawInputs: Record<string, unknown>[] = [];

  private readonly listeners = new Set<Listener>();
  private readonly subscribedWaiters = new Set<() => void>();
  private readonly server: Server;
  private readonly sockets: WebSocketServer | undefined;
  private readonly schema = loadSchema();
  private nextId = 1;

  private constructor(server: Server, sockets: WebSocketServer | undefined) {
    this.server = server;
    this.sockets = sockets;
  }

  static async start({ webSockets = true }: FakeApiOptions = {}): Promise<FakeApi> {
    const server = createServer();
    const sockets = webSockets ? new WebSocketServer({ server, path: '/graphql' }) : undefined;
    const api = new FakeApi(server, sockets);
    server.on('request', (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => void api.answerHttp(req.headers.authorization, body).then(({ status, payload }) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      }));
    });
    if (!webSockets) server.on('upgrade', (_req, socket) => socket.destroy());
    if (sockets) {
      useServer(
        {
          schema: api.schema,
          roots: { subscription: { signOffEvents: (args: { id?: string }) => api.events(args.id) } } as never,
          onConnect: (ctx) => ctx.connectionParams?.authorization === `Bearer ${FakeApi.KEY}`,
        },
        sockets,
      );
    }
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** How many `signOffEvents` subscriptions are open now. */
  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** Resolves once a `signOffEvents` subscription is registered (immediately if one is). */
  subscribed(): Promise<void> {
    if (this.listeners.size > 0) return Promise.resolve();
    return new Promise((resolve) => this.subscribedWaiters.add(resolve));
  }

  /** Adds a pending request as an agent's `requestSignOff` would. */
  addPending(overrides: Partial<SignOff> = {}): SignOff {
    const id = String(this.nextId++);
    const signOff: SignOff = {
      id,
      op: 'repository.serve',
      description: 'Serve the repository again',
      irreversible: false,
      agent: { id: 'agent-1', name: 'deploy-bot' },
      repository: { id: 'repo-1', name: 'docs', code: 'code-1' },
      input: {},
      inputCanonical: '{}',
      inputHash: '44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
      summary: 'Serve docs',
      reason: null,
      state: 'PENDING',
      requestedAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      decidedAt: null,
      note: null,
      finishedAt: null,
      result: null,
      failure: null,
      secretState: 'NONE',
      secretExpiresAt: null,
      ...overrides,
    };
    this.signOffs.set(id, signOff);
    return signOff;
  }

  /** Changes a request's state and tells subscribers, as a decision would. */
  setState(id: string, state: SignOffState, changes: Partial<SignOff> = {}, { publish = true } = {}): void {
    const signOff = { ...this.signOffs.get(id)!, state, decidedAt: new Date().toISOString(), ...changes };
    this.signOffs.set(id, signOff);
    if (publish) for (const listener of this.listeners) listener(signOff);
  }

  /** Grants the agent an authority: 1,000 tokens and no other ceiling unless `overrides` say otherwise. */
  addAuthority(overrides: Partial<Authority> = {}): Authority {
    const id = `authority-${this.nextId++}`;
    const ceiling: Amounts = overrides.ceiling ?? { tokens: 1000, minorUnits: null, draws: null };
    const authority: Authority = {
      id,
      name: 'Compute budget',
      agent: { id: 'agent-1', name: 'deploy-bot' },
      ceiling,
      currency: null,
      perDrawTokens: null,
      perDrawMinorUnits: null,
      notBefore: null,
      notAfter: null,
      createdAt: new Date().toISOString(),
      drawn: { tokens: 0, minorUnits: 0, draws: 0 },
      remaining: { ...ceiling },
      state: 'ACTIVE',
      revokedAt: null,
      revokeReason: null,
      ...overrides,
    };
    this.authorities.set(id, authority);
    this.receipts.set(id, []);
    return authority;
  }

  /** Revokes as the owner would: the first reason stays. */
  revokeAuthority(id: string, reason: string): void {
    const authority = this.authorities.get(id)!;
    if (authority.state === 'REVOKED') return;
    this.authorities.set(id, { ...authority, state: 'REVOKED', revokedAt: new Date().toISOString(), revokeReason: reason });
  }

  /** Drops every open WebSocket abruptly, as a network failure or a restarting instance would. */
  dropSockets(): void {
    for (const client of this.sockets?.clients ?? []) client.terminate();
  }

  async stop(): Promise<void> {
    for (const client of this.sockets?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => this.sockets ? this.sockets.close(() => resolve()) : resolve());
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A hand-written iterator rather than a generator: `return()` must unsubscribe even while it waits. */
  private events(id: string | undefined): AsyncIterableIterator<{ signOffEvents: { signOff: SignOff } }> {
    const queue: SignOff[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    const listener: Listener = (signOff) => {
      if (id !== undefined && signOff.id !== id) return;
      queue.push(signOff);
      wake?.();
    };
    this.listeners.add(listener);
    for (const resolve of this.subscribedWaiters) resolve();
    this.subscribedWaiters.clear();
    const iterator: AsyncIterableIterator<{ signOffEvents: { signOff: SignOff } }> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        while (queue.length === 0 && !done) await new Promise<void>((resolve) => (wake = resolve));
        const signOff = queue.shift();
        return signOff && !done ? { value: { signOffEvents: { signOff } }, done: false } : { value: undefined, done: true };
      },
      return: async () => {
        done = true;
        this.listeners.delete(listener);
        wake?.();
        return { value: undefined, done: true };
      },
    };
    return iterator;
  }

  private async answerHttp(authorization: string | undefined, body: string): Promise<{ status: number; payload: unknown }> {
    if (authorization !== `Bearer ${FakeApi.KEY}`) {
      return { status: 401, payload: { errors: [{ message: 'This agent key is unknown or has been revoked.', extensions: { code: 'UNAUTHENTICATED' } }] } };
    }
    const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
    const result = await graphql({ schema: this.schema, source: query, variableValues: variables, rootValue: this.rootValue() });
    return { status: 200, payload: result };
  }

  private rootValue() {
    return {
      signOff: ({ id }: { id: string }) => {
        this.reads++;
        return this.signOffs.get(id) ?? null;
      },
      requestSignOff: ({ input }: { input: { op: string; repository: string; input: unknown; summary: string; reason: string | null } }) => {
        if (this.refuseRequests) return this.refuseRequests;
        const signOff = this.addPending({ op: input.op, input: input.input, summary: input.summary, reason: input.reason });
        return { __typename: 'SignOffRequested', existing: false, signOff };
      },
      takeSignOffSecret: ({ id }: { id: string }) => {
        if (!this.signOffs.has(id)) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No such sign-off.' };
        const secret = this.secrets.get(id);
        this.secrets.delete(id);
        return secret
          ? { __typename: 'SignOffSecret', secret }
          : { __typename: 'SecretUnavailable', code: 'SECRET_UNAVAILABLE', message: 'The secret was taken or has lapsed.' };
      },
      withdrawSignOff: ({ id }: { id: string }) => {
        const signOff = this.signOffs.get(id);
        if (!signOff) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No such sign-off.' };
        if (signOff.state !== 'PENDING') return { __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', message: 'Already decided.', signOff };
        this.setState(id, 'WITHDRAWN');
        return { __typename: 'SignOffWithdrawn', signOff: this.signOffs.get(id) };
      },
      authorities: () => [...this.authorities.values()].reverse(),
      authority: ({ id }: { id: string }) => this.authorities.get(id) ?? null,
      drawAuthority: ({ input }: { input: { authority: string; dispatchKey: string; tokens: number | null; minorUnits: number | null } }) => {
        this.drawInputs.push(input);
        return this.draw(input.authority, input.dispatchKey, input.tokens ?? 0, input.minorUnits ?? 0);
      },
      createRepository: ({ input }: { input: { name: string } }) => ({
        __typename: 'RepositoryCreated',
        repository: { id: 'repo-2', name: input.name, code: 'code-2', state: 'SERVING', createdAt: new Date().toISOString() },
      }),
    };
  }

  /** The API's draw rule, simplified: replay by dispatch key first, then revoked, window, per-draw caps, ceilings. */
  private draw(id: string, dispatchKey: string, tokens: number, minorUnits: number) {
    if (tokens === 0 && minorUnits === 0) throw new GraphQLError('A draw takes some tokens or minor units.', { extensions: { code: 'BAD_INPUT' } });
    const authority = this.authorities.get(id);
    if (!authority) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No authority of yours has that id.' };
    const receipts = this.receipts.get(id)!;
    const prior = receipts.find((receipt) => receipt.dispatchKey === dispatchKey);
    if (prior) {
      return prior.tokens === tokens && prior.minorUnits === minorUnits
        ? { __typename: 'Drawn', receipt: prior, replayed: true, authority }
        : { __typename: 'DispatchKeyReused', code: 'DISPATCH_KEY_REUSED', message: 'This dispatch key already drew a different amount; nothing was drawn.', receipt: prior };
    }
    if (authority.state === 'REVOKED') {
      return { __typename: 'Revoked', code: 'REVOKED', message: `The authority was revoked: ${authority.revokeReason}`, reason: authority.revokeReason };
    }
    if (authority.state === 'EXPIRED') return { __typename: 'Expired', code: 'EXPIRED', message: 'The authority has expired.' };
    if (authority.perDrawTokens !== null && tokens > authority.perDrawTokens) {
      return { __typename: 'PerDrawCapExceeded', code: 'PER_DRAW_CAP_EXCEEDED', message: `One draw may take at most ${authority.perDrawTokens} tokens.` };
    }
    const { remaining } = authority;
    const short = (left: number | null, wanted: number) => left !== null && left < wanted;
    if (short(remaining.tokens, tokens) || short(remaining.minorUnits, minorUnits) || short(remaining.draws, 1)) {
      return { __typename: 'Exhausted', code: 'EXHAUSTED', message: 'Not enough is left under the authority for this draw.', remaining };
    }
    const less = (left: number | null, taken: number) => (left === null ? null : left - taken);
    const after: Amounts = { tokens: less(remaining.tokens, tokens), minorUnits: less(remaining.minorUnits, minorUnits), draws: less(remaining.draws, 1) };
    const drawn = authority.drawn as { tokens: number; minorUnits: number; draws: number };
    const updated: Authority = {
      ...authority,
      drawn: { tokens: drawn.tokens + tokens, minorUnits: drawn.minorUnits + minorUnits, draws: drawn.draws + 1 },
      remaining: after,
    };
    this.authorities.set(id, updated);
    const receipt: Receipt = { dispatchKey, tokens, minorUnits, remaining: after, ordinal: receipts.length + 1, drawnAt: new Date().toISOString() };
    receipts.push(receipt);
    return { __typename: 'Drawn', receipt, replayed: false, authority: updated };
  }
}
