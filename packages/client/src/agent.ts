import { randomUUID } from 'node:crypto';
import {
  AUTHORITIES,
  AUTHORITY,
  CREATE_REPOSITORY,
  DRAW_AUTHORITY,
  DRAW_AUTHORITY_WITH_AUTHORITY,
  MANIFEST,
  MANIFEST_NAMES,
  MANIFEST_VERSIONS,
  PUBLISH_MANIFEST,
  REQUEST_SIGN_OFF,
  SIGN_OFF,
  TAKE_SIGN_OFF_SECRET,
  WITHDRAW_SIGN_OFF,
} from './documents.js';
import { closedError, drawResult, isSuccess, publishResult, refusalError } from './answers.js';
import { CountersignError } from './errors.js';
import { createHttpTransport, type Answer, type SendOperation, type TypedDocument } from './http.js';
import { attestManifest, manifestDigest, manifestText, type SignWith } from './manifests.js';
import { LiveSocket } from './live-socket.js';
import { DEFAULT_RETRY, retryDelay, sleep, type RetryOptions } from './retry.js';
import { waitForDecision, type WaitForDecisionOptions } from './wait-for-decision.js';
import {
  type Authority,
  type DrawInput,
  type DrawResult,
  type DrawnWithAuthority,
  type Manifest,
  type ManifestVersion,
  type PublishManifestResult,
  type Repository,
  type RequestSignOffInput,
  type SignOff,
  type SignOffRequested,
} from './types.js';

export type { WaitForDecisionOptions };

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

/** Options of `draw`. */
export interface DrawOptions extends WriteOptions {
  /**
   * Also answer the authority as it stands after the draw (`authority` on a
   * landed draw). Left out, the draw selects the receipt alone, and the API
   * skips reading the authority: ask only when the balance is needed now.
   */
  withAuthority?: boolean;
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
  private readonly live: LiveSocket;
  /** Rejecters of the waits in progress, so `close()` can end them. */
  private readonly waits = new Set<(error: CountersignError) => void>();
  private closed = false;

  constructor(options: CountersignAgentOptions) {
    const endpoint = graphQLEndpoint(options.url);
    this.send = createHttpTransport({ url: endpoint.toString(), key: options.key, fetchImpl: options.fetch ?? fetch });
    this.retry = { ...DEFAULT_RETRY, ...stripUndefined(options.retry ?? {}) };
    endpoint.protocol = endpoint.protocol === 'https:' ? 'wss:' : 'ws:';
    this.live = new LiveSocket(endpoint.toString(), options.webSocketImpl ?? (globalThis as { WebSocket?: unknown }).WebSocket, options.key);
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
    const {
      data: { requestSignOff: result },
    } = await this.write(REQUEST_SIGN_OFF, { input: { ...input, repository: input.repository ?? null, reason: input.reason ?? null } }, options);
    if (isSuccess(result, 'SignOffRequested')) return { signOff: result.signOff, existing: result.existing };
    throw refusalError(result);
  }

  /** Reads one of this agent's requests as it stands now; null when it does not exist (or is not this agent's). */
  async signOff(id: string): Promise<SignOff | null> {
    return (await this.execute(SIGN_OFF, { id })).signOff;
  }

  /**
   * Withdraws a request that still waits (the agent no longer needs it), so
   * the owner is not asked about it any more. Resolves with it as `WITHDRAWN`.
   *
   * @throws CountersignError `SIGN_OFF_CLOSED` (with `signOff`) when it was decided or
   *   expired first; `NOT_FOUND` when it is not this agent's.
   */
  async withdraw(id: string, options: WriteOptions = {}): Promise<SignOff> {
    const {
      data: { withdrawSignOff: result },
    } = await this.write(WITHDRAW_SIGN_OFF, { id }, options);
    if (isSuccess(result, 'SignOffWithdrawn')) return result.signOff;
    throw refusalError(result);
  }

  /**
   * Resolves with the request once it is final (`SUCCEEDED`, `FAILED`,
   * `DENIED`, `EXPIRED` or `WITHDRAWN`), at once when it already is: listens
   * on its subscription and re-reads after every reconnection, polling only
   * when no WebSocket can connect (see wait-for-decision.ts).
   *
   * @throws CountersignError `TIMEOUT` after `timeoutMs`, `NOT_FOUND` for an id that is not
   *   this agent's, `CLOSED` when `close()` is called meanwhile; rejects with the signal's
   *   reason when `signal` aborts.
   */
  waitForDecision(id: string, options: WaitForDecisionOptions = {}): Promise<SignOff> {
    if (this.closed) return Promise.reject(closedError());
    return waitForDecision({ live: this.live, readSignOff: (signOffId) => this.signOff(signOffId), waits: this.waits }, id, options);
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
    const { takeSignOffSecret: result } = await this.execute(TAKE_SIGN_OFF_SECRET, { id });
    // The secret's shape depends on the operation, which the SDL types as JSON: the caller names it.
    if (isSuccess(result, 'SignOffSecret')) return result.secret as TSecret;
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
    const {
      data: { createRepository: result },
    } = await this.write(CREATE_REPOSITORY, { input: { name } }, options);
    if (isSuccess(result, 'RepositoryCreated')) return result.repository;
    throw refusalError(result);
  }

  /** The standing authorities the owner granted this agent, newest first, with their balances. */
  async authorities(): Promise<Authority[]> {
    return (await this.execute(AUTHORITIES, {})).authorities;
  }

  /** One of this agent's authorities as it stands now; null when it does not exist (or is not this agent's). */
  async authority(id: string): Promise<Authority | null> {
    return (await this.execute(AUTHORITY, { id })).authority;
  }

  /**
   * Draws `tokens` and/or `minorUnits` on an authority, atomically: the
   * whole amount lands with a receipt, or nothing does. A retry with the same
   * `dispatchKey` and amount answers the original receipt with
   * `replayed: true`, whatever happened since (a revocation included), so
   * retrying after a lost answer never draws twice.
   *
   * A landed draw answers the receipt; with `withAuthority: true` also the
   * authority as it stands after the draw (which costs the API a read).
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
  draw(input: DrawInput, options: DrawOptions & { withAuthority: true }): Promise<DrawResult<DrawnWithAuthority>>;
  draw(input: DrawInput, options?: DrawOptions): Promise<DrawResult>;
  async draw({ authority, dispatchKey, tokens, minorUnits }: DrawInput, { withAuthority = false, ...options }: DrawOptions = {}): Promise<DrawResult> {
    const variables = { input: { authority, dispatchKey, tokens: tokens ?? null, minorUnits: minorUnits ?? null } };
    const { data } = withAuthority ? await this.write(DRAW_AUTHORITY_WITH_AUTHORITY, variables, options) : await this.write(DRAW_AUTHORITY, variables, options);
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
    const { data, replayed } = await this.write(PUBLISH_MANIFEST, { input: { content: text, attestation } }, options);
    return publishResult(data.publishManifest, replayed);
  }

  /**
   * One manifest version; null when the name@version was never published.
   *
   * @throws CountersignError `BAD_ATTESTATION` with `verify: true` when its attestation does
   *   not verify now (the message says why: none, wrong signature, unknown or revoked key).
   */
  async manifest(name: string, version: string, { verify = false }: ManifestOptions = {}): Promise<Manifest | null> {
    return (await this.execute(MANIFEST, { name, version, verify })).manifest;
  }

  /** Every manifest name in the owner's registry. */
  async manifestNames(): Promise<string[]> {
    return (await this.execute(MANIFEST_NAMES, {})).manifestNames;
  }

  /** The versions of one name, in semantic-version order (those that do not parse last, in text order). */
  async manifestVersions(name: string): Promise<ManifestVersion[]> {
    return (await this.execute(MANIFEST_VERSIONS, { name })).manifestVersions;
  }

  /**
   * Ends every wait in progress (with `CLOSED`) and closes the WebSocket.
   * HTTP calls keep working; `waitForDecision` does not.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const fail of [...this.waits]) fail(closedError());
    await this.live.close();
  }

  /** A query (or a write that must not be keyed, such as taking a secret), sent once. */
  private async execute<TData, TVariables>(document: TypedDocument<TData, TVariables>, variables: TVariables): Promise<TData> {
    return (await this.send(document, variables)).data;
  }

  /**
   * A write: sent with the call's one idempotency key, and sent again with
   * it while its outcome is unknown (see `retryDelay`), within the retry
   * bounds. The last failure is thrown with the key on it.
   */
  private async write<TData, TVariables>(
    document: TypedDocument<TData, TVariables>,
    variables: TVariables,
    { idempotencyKey }: WriteOptions,
  ): Promise<Answer<TData>> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw new CountersignError('BAD_INPUT', 'An idempotency key is 1 to 255 printable ASCII characters.');
    }
    const key = idempotencyKey ?? randomUUID();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.send(document, variables, { idempotencyKey: key });
      } catch (error) {
        const delay = retryDelay(error, attempt, this.retry);
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
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
