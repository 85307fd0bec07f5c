import { createClient, type Client } from 'graphql-ws';
import { randomUUID } from 'node:crypto';
import {
  AUTHORITIES,
  AUTHORITY,
  CREATE_REPOSITORY,
  DRAW_AUTHORITY,
  MANIFEST,
  MANIFEST_NAMES,
  MANIFEST_VERSIONS,
  PUBLISH_MANIFEST,
  REQUEST_SIGN_OFF,
  SIGN_OFF,
  SIGN_OFF_EVENTS,
  TAKE_SIGN_OFF_SECRET,
  WITHDRAW_SIGN_OFF,
} from './documents.js';
import { CountersignError, isCountersignError, type ApiErrorCode, type CountersignErrorCode } from './errors.js';
import { createHttpTransport, type Answer, type SendOperation } from './http.js';
import { attestManifest, manifestDigest, manifestText, type SignWith } from './manifests.js';
import { DEFAULT_RETRY, retryDelay, sleep, type RetryOptions } from './retry.js';
import {
  isDecided,
  type Amounts,
  type Authority,
  type DrawInput,
  type DrawResult,
  type Manifest,
  type ManifestVersion,
  type PublishManifestResult,
  type PublishVerdict,
  type Receipt,
  type Repository,
  type RequestSignOffInput,
  type SignOff,
  type SignOffRequested,
} from './types.js';

/** How `waitForDecision` spaces its reads when it has to poll: doubling from the first to the last. */
const POLL_FIRST_INTERVAL_MS = 500;
const POLL_MAX_INTERVAL_MS = 10_000;
/** How long a dropped socket waits before its first reconnection; doubled for each further one. */
const RECONNECT_FIRST_DELAY_MS = 1000;
/** Spreads reconnections of many agents after a server restart. */
const RECONNECT_JITTER_MS = 1000;

/** How to reach Countersign and who the agent is. */
export interface CountersignAgentOptions {
  /**
   * The server's origin (`https://countersign.example`) or its GraphQL
   * endpoint (`…/graphql`). HTTP calls go to the endpoint; subscriptions to
   * the same path over `ws:`/`wss:`.
   */
  url: string;
  /** The agent's bearer key, as shown once when the agent was created. */
  key: string;
  /**
   * The WebSocket constructor for subscriptions. Needed on Node.js 20, which
   * has no global `WebSocket`: pass `WebSocket` from the `ws` package. Without
   * one (and without a global), `waitForDecision` polls instead.
   */
  webSocketImpl?: unknown;
  /** A `fetch` to use instead of the global one (to add a proxy, tracing or a test double). */
  fetch?: typeof fetch;
  /** How writes are retried when their outcome is unknown; see {@link RetryOptions} for the defaults. */
  retry?: RetryOptions;
}

/** Options every write method takes. */
export interface WriteOptions {
  /**
   * The `Idempotency-Key` for this call: 1 to 255 printable ASCII
   * characters. Left out, each call gets a fresh random key, reused on that
   * call's own retries. Pin one (derived from the work, or stored before the
   * call) to make a retry safe across process restarts: the API answers a
   * key that already wrote with the first answer (kept 24 h), and never
   * writes twice. A key must not be reused for a different write
   * (`IDEMPOTENCY_KEY_REUSED`).
   */
  idempotencyKey?: string;
}

/** Options of `publishManifest`. */
export interface PublishManifestOptions extends WriteOptions {
  /**
   * Attests the manifest: the client computes its digest as the API will,
   * signs `countersign-manifest-v1\n<digest>` with this Ed25519 key and sends
   * the attestation. The public key must be registered by the owner (in the
   * console's Registry page) for the signature to verify.
   */
  signWith?: SignWith;
}

/** Options of `manifest`. */
export interface ManifestOptions {
  /**
   * Fail unless the version's attestation verifies now: a missing signature,
   * one that does not cover the digest, or one by an unregistered or revoked
   * key throws `BAD_ATTESTATION` saying which.
   */
  verify?: boolean;
}

/** Bounds on one `waitForDecision` call. */
export interface WaitForDecisionOptions {
  /**
   * Give up after this long with a `TIMEOUT` error. The request itself stays
   * pending (until its own expiry); waiting again later is fine.
   */
  timeoutMs?: number;
  /** Stops waiting when aborted; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

type SocketState = 'idle' | 'connecting' | 'open';

/** A domain error inside a result union, as every document selects it. */
interface Refusal {
  __typename: string;
  code: ApiErrorCode;
  message: string;
  signOff?: SignOff | null;
}

/** `publishManifest`'s answer as the wire carries it. */
type PublishAnswer =
  | { __typename: 'ManifestPublished'; verdict: PublishVerdict; manifest: Manifest }
  | { __typename: 'ManifestVersionTaken'; code: 'MANIFEST_VERSION_TAKEN'; message: string; storedDigest: string }
  | { __typename: 'BadAttestation'; code: 'BAD_ATTESTATION'; message: string };

/** `drawAuthority`'s answer as the wire carries it: each union member with the fields `DRAW_AUTHORITY` selects. */
type DrawAnswer =
  | { __typename: 'Drawn'; receipt: Receipt; replayed: boolean; authority: Authority }
  | { __typename: 'Revoked'; code: 'REVOKED'; message: string; reason: string }
  | { __typename: 'Exhausted'; code: 'EXHAUSTED'; message: string; remaining: Amounts }
  | { __typename: 'DispatchKeyReused'; code: 'DISPATCH_KEY_REUSED'; message: string; receipt: Receipt }
  | { __typename: 'Expired' | 'NotYetValid' | 'PerDrawCapExceeded' | 'NotFound'; code: 'EXPIRED' | 'NOT_YET_VALID' | 'PER_DRAW_CAP_EXCEEDED' | 'NOT_FOUND'; message: string };

/** What an idempotency key may be, as the API checks it: 1 to 255 printable ASCII characters. */
const IDEMPOTENCY_KEY = /^[ -~]{1,255}$/;

/**
 * An agent's connection to Countersign: ask the owner to sign off on an
 * operation, wait for the decision, and collect a secret result once; read
 * the standing authorities the owner granted and draw on them; publish
 * (signed) manifests to the registry.
 *
 * Every write (`requestSignOff`, `withdraw`, `createRepository`, `draw`,
 * `publishManifest`) carries an `Idempotency-Key`, fresh per call, and is
 * retried with that same key when its outcome is unknown (no answer, a 5xx,
 * or the same write still in flight), so a retry never writes twice.
 *
 * Queries and mutations go over HTTP with the bearer key; `waitForDecision`
 * listens on the `signOffEvents` subscription over one shared, lazily opened
 * WebSocket (closed again when nothing listens). Every failure is a
 * {@link CountersignError}. Call `close()` when done, so an open socket does
 * not keep the process alive.
 *
 * @example
 * const agent = new CountersignAgent({ url: 'http://127.0.0.1:4000', key, webSocketImpl: WebSocket });
 * const { signOff } = await agent.requestSignOff({ op: 'repository.mintToken', repository: 'docs',
 *   input: { scopes: ['read'], ttlHours: 1 }, summary: 'Read token for the docs build', reason: 'Nightly build' });
 * const decided = await agent.waitForDecision(signOff.id, { timeoutMs: 3_600_000 });
 * const secret = decided.state === 'SUCCEEDED' ? await agent.takeSecret(signOff.id) : null;
 */
export class CountersignAgent {
  private readonly send: SendOperation;
  private readonly retry: Required<RetryOptions>;
  private readonly webSocketUrl: string;
  private readonly webSocketImpl: unknown;
  private readonly key: string;
  private socket: Client | undefined;
  private socketState: SocketState = 'idle';
  /** Rejecters of the waits in progress, so `close()` can end them. */
  private readonly waits = new Set<(error: CountersignError) => void>();
  /** Ends the reconnection delays in progress, so `close()` does not wait them out. */
  private readonly pauses = new Set<() => void>();
  private closed = false;

  constructor(options: CountersignAgentOptions) {
    const endpoint = graphQLEndpoint(options.url);
    this.key = options.key;
    this.send = createHttpTransport({ url: endpoint.toString(), key: options.key, fetchImpl: options.fetch ?? fetch });
    this.retry = { ...DEFAULT_RETRY, ...stripUndefined(options.retry ?? {}) };
    endpoint.protocol = endpoint.protocol === 'https:' ? 'wss:' : 'ws:';
    this.webSocketUrl = endpoint.toString();
    this.webSocketImpl = options.webSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket;
  }

  /**
   * Asks the owner to sign off on `op` against the named repository with
   * exactly `input`. Retrying the same request (same op, repository and
   * input, in any key order) while it waits returns the waiting one with
   * `existing: true`, so a retry after a lost answer is safe.
   *
   * @throws CountersignError `TOO_MANY_PENDING` when 20 of this agent's requests already wait,
   *   `NOT_FOUND` when the owner has no live repository of that name, `BAD_INPUT` for an
   *   unknown op or an input its schema refuses.
   */
  async requestSignOff(input: RequestSignOffInput, options: WriteOptions = {}): Promise<SignOffRequested> {
    const { data: { requestSignOff: result } } = await this.write<{
      requestSignOff: ({ __typename: 'SignOffRequested' } & SignOffRequested) | Refusal;
    }>(REQUEST_SIGN_OFF, { input: { ...input, repository: input.repository ?? null, reason: input.reason ?? null } }, options);
    if (isSuccess(result, 'SignOffRequested')) return { signOff: result.signOff, existing: result.existing };
    throw refusalError(result);
  }

  /** Reads one of this agent's requests as it stands now; null when it does not exist (or is not this agent's). */
  async signOff(id: string): Promise<SignOff | null> {
    return (await this.execute<{ signOff: SignOff | null }>(SIGN_OFF, { id })).signOff;
  }

  /**
   * Withdraws a request that still waits (the agent no longer needs it), so
   * the owner is not asked about it any more. Resolves with it as `WITHDRAWN`.
   *
   * @throws CountersignError `SIGN_OFF_CLOSED` (with `signOff`) when it was decided or
   *   expired first; `NOT_FOUND` when it is not this agent's.
   */
  async withdraw(id: string, options: WriteOptions = {}): Promise<SignOff> {
    const { data: { withdrawSignOff: result } } = await this.write<{
      withdrawSignOff: { __typename: 'SignOffWithdrawn'; signOff: SignOff } | Refusal;
    }>(WITHDRAW_SIGN_OFF, { id }, options);
    if (isSuccess(result, 'SignOffWithdrawn')) return result.signOff;
    throw refusalError(result);
  }

  /**
   * Resolves with the request once it is final (`SUCCEEDED`, `FAILED`,
   * `DENIED`, `EXPIRED` or `WITHDRAWN`), at once when it already is.
   *
   * It listens on `signOffEvents(id)` and reads the request once the
   * subscription is sent, and again after every reconnection, so a decision
   * that landed before (or while the socket was down) is not missed. Only if
   * the WebSocket cannot connect (or no implementation is available) does it
   * poll instead, backing off from 0.5 s to 10 s between reads.
   *
   * @throws CountersignError `TIMEOUT` after `timeoutMs`, `NOT_FOUND` for an id that is not
   *   this agent's, `CLOSED` when `close()` is called meanwhile; rejects with the signal's
   *   reason when `signal` aborts.
   */
  waitForDecision(id: string, { timeoutMs, signal }: WaitForDecisionOptions = {}): Promise<SignOff> {
    return new Promise<SignOff>((resolve, reject) => {
      if (this.closed) return reject(closedError());
      if (signal?.aborted) return reject(signal.reason);

      const cleanups: (() => void)[] = [];
      let settled = false;
      let polling = false;
      let stopListening = (): void => undefined;

      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        for (const cleanup of cleanups.splice(0)) cleanup();
        outcome();
      };
      const fail = (error: unknown) => settle(() => reject(error));
      const consider = (signOff: SignOff | null) => {
        if (!signOff) fail(new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`));
        else if (isDecided(signOff)) settle(() => resolve(signOff));
      };
      const later = (run: () => void, ms: number) => {
        if (settled) return;
        const timer = setTimeout(run, ms);
        cleanups.push(() => clearTimeout(timer));
      };

      this.waits.add(fail);
      cleanups.push(() => this.waits.delete(fail));
      if (signal) {
        const onAbort = () => fail(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        cleanups.push(() => signal.removeEventListener('abort', onAbort));
      }
      if (timeoutMs !== undefined) {
        later(() => fail(new CountersignError('TIMEOUT', `Sign-off ${id} was not decided within ${timeoutMs} ms; it may still be.`)), timeoutMs);
      }

      const pollUntilDecided = () => {
        if (settled || polling) return;
        polling = true;
        stopListening();
        let interval = POLL_FIRST_INTERVAL_MS;
        const poll = async () => {
          try {
            consider(await this.signOff(id));
          } catch (error) {
            // An unreachable server may come back; a refusal (revoked key, unknown id) will not.
            if (!isCountersignError(error, 'TRANSPORT')) return fail(error);
          }
          later(() => void poll(), interval);
          interval = Math.min(interval * 2, POLL_MAX_INTERVAL_MS);
        };
        void poll();
      };

      const read = async () => {
        try {
          consider(await this.signOff(id));
        } catch (error) {
          if (isCountersignError(error, 'TRANSPORT')) pollUntilDecided();
          else fail(error);
        }
      };
      // A zero timeout runs after graphql-ws has sent the subscribe message (it does so in
      // microtasks after connecting), so the read cannot overtake the subscription.
      const readAfterSubscribing = () => later(() => void read(), 0);

      const client = this.socketClient();
      if (!client) return pollUntilDecided();

      // Whether a connection attempt made while this wait listens has not succeeded yet:
      // only then does a closed socket mean "cannot connect" rather than "reconnecting".
      let attempting = this.socketState === 'connecting';
      cleanups.push(
        client.on('connecting', () => {
          attempting = true;
        }),
        client.on('connected', () => {
          attempting = false;
          readAfterSubscribing();
        }),
        client.on('closed', () => {
          if (attempting) pollUntilDecided();
        }),
      );
      stopListening = client.subscribe<{ signOffEvents: { signOff: SignOff } }>(
        { query: SIGN_OFF_EVENTS, variables: { id } },
        {
          next: (result) => {
            if (result.errors?.length) fail(graphQLErrorsError(result.errors));
            else if (result.data) consider(result.data.signOffEvents.signOff);
          },
          // GraphQL errors (an unknown id, a refused key) are final; a socket that gave up is not.
          error: (error) => (Array.isArray(error) ? fail(graphQLErrorsError(error)) : pollUntilDecided()),
          complete: () => pollUntilDecided(),
        },
      );
      cleanups.push(stopListening);
      if (this.socketState === 'open') readAfterSubscribing();
    });
  }

  /**
   * Takes the secret part of an approved request's result (e.g. `{ token }`
   * for `repository.mintToken`), once: the API empties it as it hands it
   * over. Resolves null when there is none to take: none was produced,
   * it was already taken, or it lapsed 24 h after the decision (and what it
   * minted was revoked).
   *
   * Sent once, without an idempotency key and without retries: the API
   * never stores a secret for replay, so a lost answer cannot be fetched
   * again, and a blind retry would only answer null.
   *
   * @throws CountersignError `NOT_FOUND` when the request is not this agent's.
   */
  async takeSecret<TSecret = Record<string, unknown>>(id: string): Promise<TSecret | null> {
    const { takeSignOffSecret: result } = await this.execute<{
      takeSignOffSecret: { __typename: 'SignOffSecret'; secret: TSecret } | Refusal;
    }>(TAKE_SIGN_OFF_SECRET, { id });
    if (isSuccess(result, 'SignOffSecret')) return result.secret;
    if (result.__typename === 'SecretUnavailable') return null;
    throw refusalError(result);
  }

  /**
   * Creates a repository for the agent's owner (the agent owns nothing
   * itself); sign-offs then name it.
   *
   * @throws CountersignError `NAME_TAKEN` when the owner has a live repository of that name.
   */
  async createRepository(name: string, options: WriteOptions = {}): Promise<Repository> {
    const { data: { createRepository: result } } = await this.write<{
      createRepository: { __typename: 'RepositoryCreated'; repository: Repository } | Refusal;
    }>(CREATE_REPOSITORY, { input: { name } }, options);
    if (isSuccess(result, 'RepositoryCreated')) return result.repository;
    throw refusalError(result);
  }

  /** The standing authorities the owner granted this agent, newest first, with their balances. */
  async authorities(): Promise<Authority[]> {
    return (await this.execute<{ authorities: Authority[] }>(AUTHORITIES)).authorities;
  }

  /** One of this agent's authorities as it stands now; null when it does not exist (or is not this agent's). */
  async authority(id: string): Promise<Authority | null> {
    return (await this.execute<{ authority: Authority | null }>(AUTHORITY, { id })).authority;
  }

  /**
   * Draws `tokens` and/or `minorUnits` on an authority, atomically: the
   * whole amount lands with a receipt, or nothing does. A retry with the same
   * `dispatchKey` and amount answers the original receipt with
   * `replayed: true`, whatever happened since (a revocation included), so
   * retrying after a lost answer never draws twice.
   *
   * Refusals are answers, not exceptions: `{ kind: 'refused', code, message }`
   * with `reason` for `REVOKED`, `remaining` for `EXHAUSTED` and the earlier
   * `receipt` for `DISPATCH_KEY_REUSED` (the key drew a different amount).
   *
   * @throws CountersignError only when the draw could not be asked at all:
   *   `BAD_INPUT` (no amount, a negative or fractional one, minor units on an
   *   authority without a currency, a dispatch key outside 1–255 characters),
   *   `UNAUTHENTICATED`, `TRANSPORT`, …
   */
  async draw({ authority, dispatchKey, tokens, minorUnits }: DrawInput, options: WriteOptions = {}): Promise<DrawResult> {
    const { data } = await this.write<{ drawAuthority: DrawAnswer }>(DRAW_AUTHORITY, {
      input: { authority, dispatchKey, tokens: tokens ?? null, minorUnits: minorUnits ?? null },
    }, options);
    return drawResult(data.drawAuthority);
  }

  /**
   * Publishes a manifest version, once and for all. `content` is YAML or
   * JSON text (read as JSON when it starts with `{`), or an object (sent as
   * JSON), with at least `name` and `version`. With `signWith`, the client
   * computes the digest as the API does and sends an Ed25519 attestation.
   *
   * Publishing identical content again is `UNCHANGED`; identical content
   * with a first signature is `ATTESTATION_ADOPTED`. Refusals are answers:
   * `MANIFEST_VERSION_TAKEN` (other content holds that version; with its
   * `storedDigest`) and `BAD_ATTESTATION` (with the reason in `message`).
   *
   * @throws CountersignError `BAD_INPUT` when the content does not parse, lacks `name` or
   *   `version`, exceeds 32 KiB, or `signWith` is not an Ed25519 private key;
   *   `UNAUTHENTICATED`, `TRANSPORT`, …
   */
  async publishManifest(content: string | object, { signWith, ...options }: PublishManifestOptions = {}): Promise<PublishManifestResult> {
    const text = manifestText(content);
    const attestation = signWith ? attestManifest(manifestDigest(text).digest, signWith) : null;
    const { data, replayed } = await this.write<{ publishManifest: PublishAnswer }>(PUBLISH_MANIFEST, { input: { content: text, attestation } }, options);
    const result = data.publishManifest;
    switch (result.__typename) {
      case 'ManifestPublished': return { kind: 'published', verdict: result.verdict, manifest: result.manifest, replayed };
      case 'ManifestVersionTaken': return { kind: 'refused', code: result.code, message: result.message, storedDigest: result.storedDigest };
      default: return { kind: 'refused', code: result.code, message: result.message };
    }
  }

  /**
   * One manifest version; null when the name@version was never published.
   *
   * @throws CountersignError `BAD_ATTESTATION` with `verify: true` when its attestation does
   *   not verify now (the message says why: none, wrong signature, unknown or revoked key).
   */
  async manifest(name: string, version: string, { verify = false }: ManifestOptions = {}): Promise<Manifest | null> {
    return (await this.execute<{ manifest: Manifest | null }>(MANIFEST, { name, version, verify })).manifest;
  }

  /** Every manifest name in the owner's registry. */
  async manifestNames(): Promise<string[]> {
    return (await this.execute<{ manifestNames: string[] }>(MANIFEST_NAMES)).manifestNames;
  }

  /** The versions of one name, in semantic-version order (those that do not parse last, in text order). */
  async manifestVersions(name: string): Promise<ManifestVersion[]> {
    return (await this.execute<{ manifestVersions: ManifestVersion[] }>(MANIFEST_VERSIONS, { name })).manifestVersions;
  }

  /**
   * Ends every wait in progress (with `CLOSED`) and closes the WebSocket.
   * HTTP calls keep working; `waitForDecision` does not.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const fail of [...this.waits]) fail(closedError());
    for (const end of [...this.pauses]) end();
    const socket = this.socket;
    this.socket = undefined;
    // A reconnection cut short rejects the pending connection: that is the point, not a failure.
    await Promise.resolve(socket?.dispose()).catch(() => undefined);
  }

  /** A query (or a write that must not be keyed, such as taking a secret), sent once. */
  private async execute<TData>(query: string, variables?: Record<string, unknown>): Promise<TData> {
    return (await this.send<TData>(query, variables)).data;
  }

  /**
   * A write: sent with the call's one idempotency key, and sent again with
   * it while its outcome is unknown (see `retryDelay`), within the retry
   * bounds. The last failure is thrown with the key on it.
   */
  private async write<TData>(query: string, variables: Record<string, unknown>, { idempotencyKey }: WriteOptions): Promise<Answer<TData>> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new CountersignError('BAD_INPUT', 'An idempotency key is 1 to 255 printable ASCII characters.');
    }
    const key = idempotencyKey ?? randomUUID();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send<TData>(query, variables, { idempotencyKey: key });
      } catch (error) {
        const delay = retryDelay(error, attempt, this.retry);
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  /** The shared graphql-ws client, created on first use; undefined when no WebSocket exists here. */
  private socketClient(): Client | undefined {
    if (this.socket) return this.socket;
    if (!this.webSocketImpl) return undefined;
    this.socket = createClient({
      url: this.webSocketUrl,
      webSocketImpl: this.webSocketImpl,
      connectionParams: { authorization: `Bearer ${this.key}` },
      lazy: true,
      retryAttempts: 5,
      retryWait: (retries) => this.pause(RECONNECT_FIRST_DELAY_MS * 2 ** retries + Math.random() * RECONNECT_JITTER_MS),
      on: {
        connecting: () => {
          this.socketState = 'connecting';
        },
        connected: () => {
          this.socketState = 'open';
        },
        closed: () => {
          this.socketState = 'idle';
        },
      },
    });
    return this.socket;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const end = () => {
        clearTimeout(timer);
        this.pauses.delete(end);
        resolve();
      };
      const timer = setTimeout(end, ms);
      this.pauses.add(end);
    });
  }
}

/** Drops options set to undefined, so they do not override the defaults they mean to keep. */
function stripUndefined<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** Accepts an origin or the endpoint itself; answers the endpoint. */
function graphQLEndpoint(url: string): URL {
  const endpoint = new URL(url);
  if (!endpoint.pathname.endsWith('/graphql')) endpoint.pathname = `${endpoint.pathname.replace(/\/$/, '')}/graphql`;
  return endpoint;
}

function isSuccess<TName extends string, TSuccess extends { __typename: TName }>(
  result: TSuccess | Refusal,
  typename: TName,
): result is TSuccess {
  return result.__typename === typename;
}

/** Keeps the fields each answer carries, and only those, so the result narrows on `kind` and then `code`. */
function drawResult(answer: DrawAnswer): DrawResult {
  switch (answer.__typename) {
    case 'Drawn': return { kind: 'drawn', receipt: answer.receipt, replayed: answer.replayed, authority: answer.authority };
    case 'Revoked': return { kind: 'refused', code: answer.code, message: answer.message, reason: answer.reason };
    case 'Exhausted': return { kind: 'refused', code: answer.code, message: answer.message, remaining: answer.remaining };
    case 'DispatchKeyReused': return { kind: 'refused', code: answer.code, message: answer.message, receipt: answer.receipt };
    default: return { kind: 'refused', code: answer.code, message: answer.message };
  }
}

function refusalError(result: Refusal): CountersignError {
  return new CountersignError(result.code, result.message, { status: 200, signOff: result.signOff ?? undefined });
}

function graphQLErrorsError(errors: readonly { message: string; extensions?: { code?: unknown } }[]): CountersignError {
  const first = errors[0];
  const code = typeof first?.extensions?.code === 'string' ? (first.extensions.code as CountersignErrorCode) : 'INTERNAL';
  return new CountersignError(code, first?.message ?? 'The subscription failed.');
}

function closedError(): CountersignError {
  return new CountersignError('CLOSED', 'The Countersign client was closed.');
}
