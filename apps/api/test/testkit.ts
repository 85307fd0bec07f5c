import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { createAgent } from '../src/domains/agents/service.js';
import type { Database } from '../src/platform/db/database.js';
import type { EventBus } from '../src/platform/events/bus.js';
import { createOwner, prepareOwner } from '../src/domains/owners/service.js';
import { serviceDeps } from '../src/platform/lib/deps.js';
import { createLogger } from '../src/platform/logger.js';

/** What a GraphQL call over HTTP came back with, transport and body apart. */
/**
 * A GraphQL result as the tests read it: JSON off the wire, navigated by field
 * name. Every step may be absent (hence `?.`); a leaf used as a value goes
 * through `text`, `int`, `bool` or `list`, which check its runtime type, while
 * matchers (`toBe`, `toEqual`, `toMatchObject`) take a `Wire` as it is.
 */
export interface Wire {
  readonly [field: string]: Wire;
}

/** The parsed JSON as a `Wire`: the one place a wire value's shape is taken on trust. */
function asWire(value: unknown): Wire {
  return value as Wire;
}

/** A JSON text (a raw response body) read as a `Wire`. */
export function fromJson(json: string): Wire {
  return asWire(JSON.parse(json));
}

function misfit(expected: string, value: unknown): Error {
  return new Error(`expected ${expected} on the wire, got ${JSON.stringify(value) ?? 'undefined'}`);
}

/** Whether a field holds exactly this leaf (`===`); absent or any other value is false. */
export function is(value: Wire | undefined, leaf: string | number | boolean | null): boolean {
  const held: unknown = value;
  return held === leaf;
}

/** A string leaf; throws if the field holds anything else. */
export function text(value: Wire | undefined): string {
  const leaf: unknown = value;
  if (typeof leaf !== 'string') throw misfit('a string', leaf);
  return leaf;
}

/** A number leaf; throws if the field holds anything else. */
export function int(value: Wire | undefined): number {
  const leaf: unknown = value;
  if (typeof leaf !== 'number') throw misfit('a number', leaf);
  return leaf;
}

/** A boolean leaf; throws if the field holds anything else. */
export function bool(value: Wire | undefined): boolean {
  const leaf: unknown = value;
  if (typeof leaf !== 'boolean') throw misfit('a boolean', leaf);
  return leaf;
}

/** A list; throws if the field holds anything else. */
export function list(value: Wire | undefined): Wire[] {
  const leaf: unknown = value;
  if (!Array.isArray(leaf)) throw misfit('a list', leaf);
  const items: unknown[] = leaf;
  return items.map(asWire);
}

export interface GraphQLResponse<T = Wire> {
  status: number;
  headers: Headers;
  data: T | null | undefined;
  errors: { message: string; extensions?: { code?: string } }[] | undefined;
}

export interface CallOptions {
  /** The session cookie's value (as `countersign_session=…`). */
  cookie?: string;
  /** An agent key, sent as `Authorization: Bearer <key>`. */
  key?: string;
  headers?: Record<string, string>;
}

export interface SignedInOwner {
  email: string;
  password: string;
  cookie: string;
  tenantName: string;
}

let counter = 0;
/** A name no other test in the run uses. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

/**
 * The API as its clients see it: GraphQL over HTTP and WebSocket, plus seed
 * builders that go through the services (not around them).
 */
export class TestApi {
  constructor(
    readonly url: string,
    readonly db: Database,
    readonly bus: EventBus,
  ) {}

  async graphql<T = Wire>(query: string, variables?: Record<string, unknown>, options: CallOptions = {}, url = this.url): Promise<GraphQLResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.key) headers.authorization = `Bearer ${options.key}`;
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const body = (await response.json()) as { data?: T | null; errors?: GraphQLResponse['errors'] };
    return { status: response.status, headers: response.headers, data: body.data, errors: body.errors };
  }

  /** Creates an owner (and its tenant) and signs in through GraphQL. */
  async owner(tenantName = unique('Tenant')): Promise<SignedInOwner> {
    const input = { email: `${unique('owner')}@example.com`, password: 'correct horse battery', tenantName };
    const passwordHash = await prepareOwner(input);
    await this.db.prisma.$transaction((tx) => createOwner(tx, input, passwordHash));
    return { ...input, cookie: await this.signIn(input.email, input.password), tenantName };
  }

  /** Signs in and returns the `Cookie` header value for the new session. */
  async signIn(email: string, password: string): Promise<string> {
    const response = await this.graphql(`mutation($input: SignInInput!) { signIn(input: $input) { __typename } }`, { input: { email, password } });
    const setCookie = response.headers.get('set-cookie');
    const typename: unknown = response.data?.signIn?.__typename;
    if (typename !== 'SignedIn' || !setCookie) throw new Error(`sign-in failed: ${JSON.stringify(response)}`);
    return setCookie.split(';')[0]!;
  }

  /** Creates an agent for the owner through GraphQL; returns its id and key. */
  async agent(owner: SignedInOwner, name = unique('agent')): Promise<{ id: string; key: string }> {
    const response = await this.graphql(
      `mutation($input: CreateAgentInput!) { createAgent(input: $input) { __typename ... on AgentCreated { key agent { id } } } }`,
      { input: { name } },
      { cookie: owner.cookie },
    );
    const created = response.data?.createAgent;
    const typename: unknown = created?.__typename;
    if (typename !== 'AgentCreated') throw new Error(`createAgent failed: ${JSON.stringify(response)}`);
    return { id: text(created?.agent?.id), key: text(created?.key) };
  }

  /** Creates a repository for the owner through GraphQL; returns its id and code. */
  async repository(owner: SignedInOwner, name = unique('repo')): Promise<{ id: string; code: string; name: string }> {
    const response = await this.graphql(
      `mutation($input: CreateRepositoryInput!) { createRepository(input: $input) { __typename ... on RepositoryCreated { repository { id code name } } } }`,
      { input: { name } },
      { cookie: owner.cookie },
    );
    const created = response.data?.createRepository?.repository;
    const typename: unknown = response.data?.createRepository?.__typename;
    if (typename !== 'RepositoryCreated') throw new Error(`createRepository failed: ${JSON.stringify(response)}`);
    return { id: text(created?.id), code: text(created?.code), name: text(created?.name) };
  }

  /** An agent asks for a sign-off; returns the whole response. */
  request(key: string, input: { op: string; repository?: string; input: unknown; summary?: string; reason?: string }) {
    return this.graphql(
      `mutation($input: RequestSignOffInput!) {
      requestSignOff(input: $input) {
        __typename
        ... on SignOffRequested { existing signOff { id state inputHash inputCanonical } }
        ... on DomainError { code message }
      }
    }`,
      { input: { summary: 'please', ...input } },
      { key },
    );
  }

  /** An agent asks, expecting success; returns the request's id. */
  async requestId(key: string, input: { op: string; repository?: string; input: unknown }): Promise<string> {
    const response = await this.request(key, input);
    const id: unknown = response.data?.requestSignOff?.signOff?.id;
    if (typeof id !== 'string' || !id) throw new Error(`requestSignOff failed: ${JSON.stringify(response)}`);
    return id;
  }

  /** A fresh owner's agent asks to mint a token for a fresh repository and is approved: its secret waits. */
  async approvedMint(): Promise<{
    owner: SignedInOwner;
    agent: { id: string; key: string };
    repo: { id: string; code: string; name: string };
    id: string;
    tokenId: string;
  }> {
    const owner = await this.owner();
    const agent = await this.agent(owner);
    const repo = await this.repository(owner);
    const id = await this.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['write'], ttlHours: 3 } });
    const decided = await this.decide(owner.cookie, id, true);
    return { owner, agent, repo, id, tokenId: text(decided.signOff?.result?.tokenId) };
  }

  /** The owner decides; returns the result union as data. */
  async decide(cookie: string, id: string, approve: boolean, note?: string, url = this.url): Promise<Wire> {
    const response = await this.graphql(
      `mutation($input: DecideSignOffInput!) {
      decideSignOff(input: $input) {
        __typename
        ... on SignOffDecided { signOff { state result failure note secretState } }
        ... on SignOffClosed { code signOff { state } }
        ... on NotFound { code }
      }
    }`,
      { input: { id, approve, note } },
      { cookie },
      url,
    );
    return response.data?.decideSignOff ?? failed(response);
  }

  /** The agent tries to take its secret; returns the result union as data. */
  async take(key: string, id: string): Promise<Wire> {
    const response = await this.graphql(
      `mutation($id: ID!) {
      takeSignOffSecret(id: $id) { __typename ... on SignOffSecret { secret } ... on DomainError { code } }
    }`,
      { id },
      { key },
    );
    return response.data?.takeSignOffSecret ?? failed(response);
  }

  /** The owner issues an authority; returns its id (fails loudly otherwise). */
  async authority(owner: SignedInOwner, agentId: string, terms: Record<string, unknown>): Promise<string> {
    const response = await this.graphql(
      `mutation($input: IssueAuthorityInput!) {
      issueAuthority(input: $input) { __typename ... on AuthorityIssued { authority { id } } ... on DomainError { code message } }
    }`,
      { input: { name: unique('authority'), agent: agentId, ...terms } },
      { cookie: owner.cookie },
    );
    const issued = response.data?.issueAuthority;
    const typename: unknown = issued?.__typename;
    if (typename !== 'AuthorityIssued') throw new Error(`issueAuthority failed: ${JSON.stringify(response)}`);
    return text(issued?.authority?.id);
  }

  /** An agent draws; returns the result union as data. */
  async draw(key: string, input: { authority: string; dispatchKey: string; tokens?: number; minorUnits?: number }, url = this.url): Promise<Wire> {
    const response = await this.graphql(
      `mutation($input: DrawAuthorityInput!) {
      drawAuthority(input: $input) {
        __typename
        ... on Drawn { replayed receipt { dispatchKey tokens minorUnits ordinal remaining { tokens minorUnits draws } } }
        ... on Revoked { reason }
        ... on DispatchKeyReused { receipt { tokens } }
        ... on DomainError { code }
      }
    }`,
      { input },
      { key },
      url,
    );
    return response.data?.drawAuthority ?? failed(response);
  }

  /** A graphql-ws client authenticated like the console (cookie) or an agent (key). */
  subscriber(auth: CallOptions, url = this.url, lazy = true): Client {
    const cookie = auth.cookie;
    class CookieWebSocket extends WebSocket {
      constructor(address: string, protocols?: string | string[]) {
        super(address, protocols, cookie ? { headers: { cookie } } : {});
      }
    }
    return createClient({
      url: `${url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: CookieWebSocket,
      connectionParams: auth.key ? { authorization: `Bearer ${auth.key}` } : undefined,
      retryAttempts: 0,
      lazy,
      // Tests that keep a socket open observe its closing themselves.
      onNonLazyError: () => undefined,
    });
  }
}

/** A call that returned no data, as a `Wire` whose matcher failure shows the status and errors. */
export function failed(response: GraphQLResponse): Wire {
  return asWire({ status: response.status, errors: response.errors });
}

/** Collects a subscription's results; `until(n)` resolves once n have arrived, and rejects with the subscription's errors. */
export function collect<T>(client: Client, query: string): { values: T[]; until(count: number): Promise<T[]>; ready: Promise<void>; stop(): void } {
  const values: T[] = [];
  const waiters: { count: number; resolve: (values: T[]) => void; reject: (error: unknown) => void }[] = [];
  let failure: unknown;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (failure) waiter.reject(failure);
      else if (values.length >= waiter.count) waiter.resolve(values);
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };
  client.on('connected', () => markReady());
  const stop = client.subscribe<T>(
    { query },
    {
      next: (result) => {
        if (result.errors) failure = result.errors;
        else values.push(result.data as T);
        settle();
      },
      error: (error) => {
        failure = error;
        settle();
      },
      complete: () => undefined,
    },
  );
  return {
    values,
    ready,
    stop,
    until: (count) =>
      new Promise<T[]>((resolve, reject) => {
        waiters.push({ count, resolve, reject });
        settle();
      }),
  };
}

/** Seeds an agent straight through the service, for tests that need many. */
export function seedAgent(db: Database, owner: { tenantId: string; ownerId: string }, name: string) {
  return createAgent(serviceDeps(db, createLogger('silent')), owner, name);
}

/** Resolves once `condition` holds, checking every few milliseconds; fails after `timeoutMs`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves with the code and reason a graphql-ws client's socket closed with. */
export function closeOf(client: Client): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    client.on('closed', (event) => {
      const { code, reason } = event as { code: number; reason: string };
      resolve({ code, reason });
    }),
  );
}

/** Resolves once a graphql-ws client's socket is acknowledged. */
export function connected(client: Client): Promise<void> {
  return new Promise((resolve) => client.on('connected', () => resolve()));
}

/** Backends of the API's database waiting on a lock (pg_locks alone would count other databases' waits). */
export async function lockWaiters(api: TestApi): Promise<number> {
  const { rows } = await api.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return rows[0]!.n;
}
