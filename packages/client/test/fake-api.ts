import { graphql, parse } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { Authority, Manifest, Receipt, Repository, SignOff, SignOffState } from '../src/types.js';
import { draw } from './fake-draw.js';
import { pageOfList, pageOfSignOffs, type PageArgs, type SignOffsArgs } from './fake-lists.js';
import { activeAuthority, pendingSignOff } from './fake-seeds.js';
import { FakeEvents } from './fake-events.js';
import { FakeGrants } from './fake-grants.js';
import { FakeRegistry } from './fake-registry.js';
import { loadSchema, rootField, selectedPaths, type Fault, type ReceivedRequest } from './fake-requests.js';

export type { Fault, ReceivedRequest } from './fake-requests.js';

export interface FakeApiOptions {
  /** When false, WebSocket upgrades are refused, as behind a proxy that does not pass them. */
  webSockets?: boolean;
}

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
  /** The owner's live repositories, by name, as `repositories` answers them. */
  readonly repositories = new Map<string, Repository>();
  /** The agent's authorities, by id, as `authorities` and `authority(id)` answer them. */
  readonly authorities = new Map<string, Authority>();
  /** Each authority's receipts, oldest first. */
  readonly receipts = new Map<string, Receipt[]>();
  /** Every `drawAuthority` input as received, to check what the client sent. */
  readonly drawInputs: Record<string, unknown>[] = [];
  /** Every HTTP request, in order. */
  readonly requests: ReceivedRequest[] = [];
  /** How many times each write actually ran (replays and faults before running not counted). */
  readonly writes = new Map<string, number>();
  /** Every `publishManifest` input as received. */
  readonly publishInputs: { content: string; attestation: { keyId: string; signature: string } | null }[] = [];

  /** Idempotency records: key → the request it answered and that first answer. */
  private readonly idempotency = new Map<string, { request: string; answer: string }>();
  private readonly faults = new Map<string, Fault[]>();
  /** The manifest registry's part of the stand-in (see fake-registry.ts). */
  private readonly registry = new FakeRegistry();
  /** The catalogue, and the grants of `AGENT` operations (see fake-grants.ts). */
  readonly grants = new FakeGrants(this);

  private readonly events = new FakeEvents();
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
      req.on('end', () => void api.answerHttp(req, res, body));
    });
    if (!webSockets) server.on('upgrade', (_req, socket) => socket.destroy());
    if (sockets) {
      useServer(
        {
          schema: api.schema,
          roots: { subscription: { signOffEvents: (args: { id?: string }) => api.events.stream(args.id) } },
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
    return this.events.count;
  }

  /** Resolves once a `signOffEvents` subscription is registered (immediately if one is). */
  subscribed(): Promise<void> {
    return this.events.subscribed();
  }

  /** Adds a pending request as an agent's `requestSignOff` would. */
  addPending(overrides: Partial<SignOff> = {}): SignOff {
    const id = String(this.nextId++);
    const signOff = pendingSignOff(id, overrides);
    this.signOffs.set(id, signOff);
    return signOff;
  }

  /** Changes a request's state and tells subscribers, as a decision would. */
  setState(id: string, state: SignOffState, changes: Partial<SignOff> = {}, { publish = true } = {}): void {
    const signOff = { ...this.signOffs.get(id)!, state, decidedAt: new Date().toISOString(), ...changes };
    this.signOffs.set(id, signOff);
    if (publish) this.events.publish(signOff);
  }

  /** Grants the agent an authority: 1,000 tokens and no other ceiling unless `overrides` say otherwise. */
  addAuthority(overrides: Partial<Authority> = {}): Authority {
    const id = `authority-${this.nextId++}`;
    const authority = activeAuthority(id, overrides);
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

  /** Answers the next `count` requests of `field` with `fault`. */
  failNext(field: string, fault: Fault, count = 1): void {
    const queue = this.faults.get(field) ?? [];
    for (let i = 0; i < count; i++) queue.push(fault);
    this.faults.set(field, queue);
  }

  /** The requests of one field, in order. */
  requestsOf(field: string): ReceivedRequest[] {
    return this.requests.filter((request) => request.field === field);
  }

  /** Registers an Ed25519 public key as an owner would; answers its id (hex SHA-256 of the raw key). */
  registerSigningKey(publicKey: KeyObject): string {
    return this.registry.registerSigningKey(publicKey);
  }

  revokeSigningKey(keyId: string): void {
    this.registry.revokeSigningKey(keyId);
  }

  /** A stored version as the registry holds it. */
  storedManifest(name: string, version: string): Omit<Manifest, 'verified'> | undefined {
    return this.registry.storedManifest(name, version);
  }

  /** Drops every open WebSocket abruptly, as a network failure or a restarting instance would. */
  dropSockets(): void {
    for (const client of this.sockets?.clients ?? []) client.terminate();
  }

  async stop(): Promise<void> {
    for (const client of this.sockets?.clients ?? []) client.terminate();
    await new Promise<void>((resolve) => (this.sockets ? this.sockets.close(() => resolve()) : resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /**
   * The API's HTTP behaviour, idempotency keys included: a key that already
   * answered a write replays that answer (with `Idempotent-Replayed: true`)
   * for the same request and refuses another (422); a domain refusal or an
   * error stores nothing; `takeSignOffSecret` refuses a key.
   */
  private async answerHttp(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}): void =>
      void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    const error = (status: number, code: string, message: string, headers: Record<string, string> = {}): void =>
      send(status, { errors: [{ message, extensions: { code } }] }, headers);
    if (req.headers.authorization !== `Bearer ${FakeApi.KEY}`) return error(401, 'UNAUTHENTICATED', 'This agent key is unknown or has been revoked.');

    const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
    const document = parse(query);
    const field = rootField(document);
    const key = req.headers['idempotency-key'] as string | undefined;
    this.requests.push({ field, selects: selectedPaths(document), idempotencyKey: key, variables, at: Date.now() });
    if (key !== undefined && field === 'takeSignOffSecret') {
      return error(400, 'BAD_INPUT', 'takeSignOffSecret does not take an Idempotency-Key: its answer holds a secret, which is never stored for replay.');
    }

    const fault = this.faults.get(field)?.shift();
    const applyFault = (chosen: Fault): void => {
      if (chosen.kind === 'drop') return void res.socket?.destroy();
      if (chosen.kind === 'in-flight') {
        return error(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry after it finishes.', {
          'retry-after': String(chosen.retryAfterSeconds),
        });
      }
      const headers: Record<string, string> = { 'content-type': 'text/plain' };
      if (chosen.retryAfterSeconds !== undefined) headers['retry-after'] = String(chosen.retryAfterSeconds);
      return send(chosen.status, 'Service Unavailable', headers);
    };
    if (fault && (fault.kind === 'in-flight' || !fault.after)) return applyFault(fault);

    const request = JSON.stringify({ field, variables });
    const record = key === undefined ? undefined : this.idempotency.get(key);
    if (record && record.request !== request) {
      return error(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request; use a new key for a new request.');
    }
    let answer: string;
    if (record) {
      answer = record.answer;
    } else {
      const result = await graphql({ schema: this.schema, source: query, variableValues: variables, rootValue: this.rootValue() });
      answer = JSON.stringify(result);
      const value = (result.data as Record<string, { code?: unknown } | null> | null | undefined)?.[field];
      const refused = (result.errors?.length ?? 0) > 0 || typeof value?.code === 'string';
      if (!refused && key !== undefined) this.idempotency.set(key, { request, answer });
    }
    if (fault) return applyFault(fault);
    return send(200, answer, record ? { 'idempotent-replayed': 'true' } : {});
  }

  private counted<TArgs, TResult>(field: string, resolve: (args: TArgs) => TResult): (args: TArgs) => TResult {
    return (args) => {
      this.writes.set(field, (this.writes.get(field) ?? 0) + 1);
      return resolve(args);
    };
  }

  private rootValue() {
    return {
      signOff: ({ id }: { id: string }) => {
        this.reads++;
        return this.signOffs.get(id) ?? null;
      },
      requestSignOff: this.counted(
        'requestSignOff',
        ({ input }: { input: { op: string; repository: string | null; input: unknown; summary: string; reason: string | null } }) => {
          if (this.refuseRequests) return this.refuseRequests;
          const { op, summary, reason } = input;
          const repository = input.repository === null ? null : { id: 'repo-1', name: input.repository, code: 'code-1' };
          const signOff = this.addPending({ op, opVersion: this.grants.latestVersion(op), repository, input: input.input, summary, reason });
          return { __typename: 'SignOffRequested', existing: false, signOff };
        },
      ),
      takeSignOffSecret: ({ id }: { id: string }) => {
        if (!this.signOffs.has(id)) return { __typename: 'NotFound', code: 'NOT_FOUND', message: 'No such sign-off.' };
        const secret = this.secrets.get(id);
        this.secrets.delete(id);
        if (secret) this.signOffs.set(id, { ...this.signOffs.get(id)!, secretState: 'TAKEN' });
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
      authorities: (args: PageArgs) => pageOfList([...this.authorities.values()].reverse(), args, (authority) => authority.id),
      authority: ({ id }: { id: string }) => this.authorities.get(id) ?? null,
      drawAuthority: this.counted(
        'drawAuthority',
        ({ input }: { input: { authority: string; dispatchKey: string; tokens: number | null; minorUnits: number | null } }) => {
          this.drawInputs.push(input);
          return draw(this.authorities, this.receipts, {
            authority: input.authority,
            dispatchKey: input.dispatchKey,
            tokens: input.tokens ?? 0,
            minorUnits: input.minorUnits ?? 0,
          });
        },
      ),
      signOffs: (args: SignOffsArgs) => pageOfSignOffs(this.signOffs.values(), args),
      repositories: (args: PageArgs) =>
        pageOfList(
          [...this.repositories.values()].sort((a, b) => a.name.localeCompare(b.name)),
          args,
          (repository) => repository.name,
        ),
      createRepository: this.counted('createRepository', ({ input }: { input: { name: string } }) => {
        const repository: Repository = {
          id: `repo-${this.nextId++}`,
          name: input.name,
          code: `code-${this.nextId++}`,
          state: 'SERVING',
          createdAt: new Date().toISOString(),
        };
        this.repositories.set(input.name, repository);
        return { __typename: 'RepositoryCreated', repository };
      }),
      publishManifest: this.counted(
        'publishManifest',
        ({ input }: { input: { content: string; attestation: { keyId: string; signature: string } | null } }) => {
          this.publishInputs.push(input);
          return this.registry.publish(input.content, input.attestation);
        },
      ),
      ...this.registry.resolvers(),
      ...this.grants.resolvers(),
    };
  }
}
