import { drawAuthority, readAuthorities, readAuthority, readAuthorityPage } from './authority-calls.js';
import { takeSecret } from './secret-calls.js';
import { publishManifest, readManifest, readManifestNames, readManifestVersions } from './manifest-calls.js';
import { readAllPages } from '@countersign/manifest';
import {
  CREATE_REPOSITORY,
  OPERATION,
  OPERATIONS,
  REDEEM_SIGN_OFF,
  REPORT_SIGN_OFF_OUTCOME,
  REPOSITORIES,
  REQUEST_SIGN_OFF,
  SIGN_OFF,
  SIGN_OFFS,
  WITHDRAW_SIGN_OFF,
} from './documents.js';
import { closedError, isSuccess, refusalError } from './answers.js';
import { CountersignError } from './errors.js';
import { AgentTransport } from './agent-transport.js';
import { createHttpTransport } from './http.js';
import { LiveSocket } from './live-socket.js';
import { DEFAULT_RETRY } from './retry.js';
import { pollingWarning, waitForDecision, type PollingCause, type WaitForDecisionOptions } from './wait-for-decision.js';
import { findWebSocket } from './websocket-impl.js';
import type {
  CountersignAgentOptions,
  WriteOptions,
  PublishManifestOptions,
  DrawOptions,
  ManifestOptions,
  OperationsOptions,
  RedeemOptions,
} from './agent-options.js';
import { canonicalHash, graphQLEndpoint, signOffsVariables, stripUndefined } from './agent-helpers.js';
import {
  type Authority,
  type AuthorityPage,
  type DrawInput,
  type DrawResult,
  type DrawnWithAuthority,
  type KnownOperation,
  type Manifest,
  type ManifestVersion,
  type Operation,
  type Outcome,
  type PublishManifestResult,
  type Redeemed,
  type Repository,
  type RequestSignOffInput,
  type SignOff,
  type SignOffPage,
  type SignOffRequested,
  type SignOffsFilter,
  type TakeSecretResult,
  type Written,
} from './types.js';

/**
 * An agent's connection to Countersign: ask the owner to sign off on an
 * operation, wait for the decision, and collect a secret result once; read
 * the standing authorities the owner granted and draw on them; publish
 * (signed) manifests to the registry.
 *
 * Every write (`requestSignOff`, `withdraw`, `reportOutcome`,
 * `createRepository`, `publishManifest`) carries an `Idempotency-Key`, fresh per call, and is
 * retried with that same key when its outcome is unknown (no answer, a 5xx,
 * or the same write still in flight), so a retry never writes twice. Each
 * answers `replayed: true` when the API answered from its idempotency record
 * (the write had landed before, under that key) rather than writing now.
 * `draw` carries its own idempotency, the dispatch key: it is sent without an
 * `Idempotency-Key` (so the API takes its one-round-trip path) and retried
 * with the same dispatch key, which answers the original receipt.
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
 * const taken = decided.state === 'SUCCEEDED' ? await agent.takeSecret<{ token: string }>(signOff.id) : null;
 */
export class CountersignAgent {
  private readonly api: AgentTransport;
  private readonly live: LiveSocket;
  /** Rejecters of the waits in progress, so `close()` can end them. */
  private readonly waits = new Set<(error: CountersignError) => void>();
  private closed = false;
  /** Set once the polling warning was given (or need not be: the caller chose polling). */
  private warnedOfPolling: boolean;
  private readonly warn: (message: string) => void;
  private readonly socketUrl: string;

  constructor(options: CountersignAgentOptions) {
    const endpoint = graphQLEndpoint(options.url);
    this.api = new AgentTransport(createHttpTransport({ url: endpoint.toString(), key: options.key, fetchImpl: options.fetch ?? fetch }), {
      ...DEFAULT_RETRY,
      ...stripUndefined(options.retry ?? {}),
    });
    endpoint.protocol = endpoint.protocol === 'https:' ? 'wss:' : 'ws:';
    this.socketUrl = endpoint.toString();
    const given = options.webSocketImpl;
    this.live = new LiveSocket(this.socketUrl, options.key, given === undefined ? findWebSocket : () => Promise.resolve(given ?? undefined));
    this.warnedOfPolling = given === null;
    this.warn = options.onWarning ?? ((message) => process.emitWarning(message, { code: 'COUNTERSIGN_POLLING' }));
  }

  /**
   * The operations this agent may ask for: the built-ins and its tenant's
   * defined ones, each at its latest version (retired ones only with
   * `includeRetired`). Each names its input's JSON Schema and its runner.
   */
  async operations({ includeRetired = false }: OperationsOptions = {}): Promise<Operation[]> {
    return (await this.api.execute(OPERATIONS, { includeRetired })).operations;
  }

  /** One operation at `version`, or at its latest when left out; null when there is no such operation (or version). */
  async operation(op: string, version?: number): Promise<Operation | null> {
    return (await this.api.execute(OPERATION, { op, version: version ?? null })).operation;
  }

  /**
   * Asks the owner to sign off on `op` (a built-in or an owner-defined
   * operation, see `operations()`) with exactly `input`, against the named
   * repository when the operation `needsRepository`. The request pins the
   * operation's latest version (`signOff.opVersion`). Retrying the same
   * request (same op, repository and input, in any key order) while it is
   * open — pending, or approved and awaiting redeem — returns that one with
   * `existing: true`, so a retry after a lost answer is safe.
   *
   * @throws CountersignError `TOO_MANY_PENDING` when 20 of this agent's requests are open,
   *   `OPERATION_RETIRED` for a retired operation, `NOT_FOUND` when the owner has no live
   *   repository of that name, `BAD_INPUT` for an unknown op, a missing repository, or an
   *   input the schema refuses (the message names the JSON pointer and the rule).
   */
  async requestSignOff<TOp extends KnownOperation | (string & {})>(input: RequestSignOffInput<TOp>, options: WriteOptions = {}): Promise<SignOffRequested> {
    const { op, repository = null, input: opInput, summary, reason = null } = input;
    const {
      data: { requestSignOff: result },
      replayed,
    } = await this.api.write(REQUEST_SIGN_OFF, { input: { op, repository, input: opInput, summary, reason } }, options);
    if (isSuccess(result, 'SignOffRequested')) return { signOff: result.signOff, existing: result.existing, replayed };
    throw refusalError(result);
  }

  /** Reads one of this agent's requests as it stands now; null when it does not exist (or is not this agent's). */
  async signOff(id: string): Promise<SignOff | null> {
    return (await this.api.execute(SIGN_OFF, { id })).signOff;
  }

  /**
   * This agent's own requests, a page at a time (20 unless `first` says
   * otherwise): pending first, oldest at the top, then the most recently
   * decided. How an agent that restarted finds what it asked before: list
   * `{ state: 'PENDING' }` and `waitForDecision` each again, or
   * `{ state: 'AWAITING_REDEEM' }` for approvals still to act on, or
   * `{ op, input }` for the requests made for exactly that (decided ones too),
   * before asking for it again. Pass the page's `pageInfo.endCursor` as
   * `after` for the next one.
   */
  async signOffs(filter: SignOffsFilter = {}): Promise<SignOffPage> {
    return (await this.api.execute(SIGN_OFFS, signOffsVariables(filter))).signOffs;
  }

  /**
   * Withdraws a request that still waits (the agent no longer needs it), so
   * the owner is not asked about it any more. Resolves with it as `WITHDRAWN`.
   *
   * @throws CountersignError `SIGN_OFF_CLOSED` (with `signOff`) when it was decided or
   *   expired first; `NOT_FOUND` when it is not this agent's.
   */
  async withdraw(id: string, options: WriteOptions = {}): Promise<SignOff & Written> {
    const {
      data: { withdrawSignOff: result },
      replayed,
    } = await this.api.write(WITHDRAW_SIGN_OFF, { id }, options);
    if (isSuccess(result, 'SignOffWithdrawn')) return { ...result.signOff, replayed };
    throw refusalError(result);
  }

  /**
   * Exchanges an approved request of an `AGENT` operation
   * (`AWAITING_REDEEM`) for its grant, once, within 24 h of the approval:
   * reads the request, hashes the canonical JSON of its input (or of
   * `options.input`) as the server does, and sends that hash, which must be
   * the approved one. Answers the request, now `REDEEMED`, and the `approval`
   * token to hand to the service that acts (`verifyApproval` checks it).
   * Then act, and `reportOutcome`.
   *
   * Sent once, without an idempotency key and without retries, like
   * `takeSecret`: the grant is handed over once, so a lost answer cannot be
   * fetched again, and a retry would only answer `ALREADY_REDEEMED`.
   *
   * @throws CountersignError `INPUT_MISMATCH` when the hash is not the approved input's
   *   (nothing changes; the grant stays redeemable), `ALREADY_REDEEMED` (with `signOff`),
   *   `GRANT_LAPSED` (with `signOff`, now `LAPSED`: nothing may run), `SIGN_OFF_CLOSED`
   *   (with `signOff`) when it is not approved or not an `AGENT` operation, `NOT_FOUND`
   *   when it is not this agent's, `BAD_INPUT` when `options.input` has no JSON form.
   */
  async redeem(id: string, options: RedeemOptions = {}): Promise<Redeemed> {
    const signOff = await this.signOff(id);
    if (!signOff) throw new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`);
    const inputHash = canonicalHash(options.input === undefined ? signOff.input : options.input);
    const { redeemSignOff: result } = await this.api.execute(REDEEM_SIGN_OFF, { input: { id, inputHash } });
    if (isSuccess(result, 'SignOffRedeemed')) return { signOff: result.signOff, approval: result.approval };
    throw refusalError(result);
  }

  /**
   * Tells the owner how the redeemed action went, once: the request becomes
   * `SUCCEEDED` (with `result`) or `FAILED` (with `failure`), shown in the
   * owner's History. A write: retried with its idempotency key when the
   * answer is lost, so it is never reported twice.
   *
   * @throws CountersignError `SIGN_OFF_CLOSED` (with `signOff`) when it is not `REDEEMED`
   *   (not redeemed yet, or already reported); `NOT_FOUND` when it is not this agent's;
   *   `BAD_INPUT` for a result over 64 KiB or a failure over 2000 characters.
   */
  async reportOutcome(id: string, { succeeded, result = null, failure = null }: Outcome, options: WriteOptions = {}): Promise<SignOff & Written> {
    const {
      data: { reportSignOffOutcome: answer },
      replayed,
    } = await this.api.write(REPORT_SIGN_OFF_OUTCOME, { input: { id, succeeded, result, failure } }, options);
    if (isSuccess(answer, 'SignOffOutcomeReported')) return { ...answer.signOff, replayed };
    throw refusalError(answer);
  }

  /**
   * Resolves with the request once the owner's decision is in (see
   * `DECIDED_STATES`): a final state (`SUCCEEDED`, `FAILED`, `DENIED`,
   * `EXPIRED`, `WITHDRAWN`, `LAPSED`), or an approval that is now the agent's
   * to act on (`AWAITING_REDEEM`, `REDEEMED`) or being delivered to the
   * owner's endpoint (`DELIVERING`); it waits through `APPROVED`, a built-in
   * operation running. At once when it already is: listens
   * on its subscription and re-reads after every reconnection, polling only
   * when no WebSocket can connect (see wait-for-decision.ts).
   *
   * @throws CountersignError `TIMEOUT` after `timeoutMs`, `NOT_FOUND` for an id that is not
   *   this agent's, `CLOSED` when `close()` is called meanwhile; rejects with the signal's
   *   reason when `signal` aborts.
   */
  waitForDecision(id: string, options: WaitForDecisionOptions = {}): Promise<SignOff> {
    if (this.closed) return Promise.reject(closedError());
    const context = {
      live: this.live,
      readSignOff: (signOffId: string) => this.signOff(signOffId),
      waits: this.waits,
      onPolling: (cause: PollingCause) => this.warnOfPolling(cause),
    };
    return waitForDecision(context, id, options);
  }

  /**
   * Takes the secret part of an approved request's result (e.g. `{ token }`
   * for `repository.mintToken`), once: the API empties it as it hands it
   * over. Answers `{ secret }`, or, when there is none to take,
   * `{ secret: null, reason, secretState, state }` saying why: `PENDING`
   * (not decided and run yet: `waitForDecision` first), `NONE` (the
   * operation produces none, or it did not run), `TAKEN` (already taken),
   * `LAPSED` (not taken within 24 h of the decision; what it minted was revoked).
   *
   * Sent once, without an idempotency key and without retries: the API
   * never stores a secret for replay, so a lost answer cannot be fetched
   * again, and a blind retry would only answer `TAKEN`.
   *
   * @throws CountersignError `NOT_FOUND` when the request is not this agent's.
   */
  takeSecret<TSecret = Record<string, unknown>>(id: string): Promise<TakeSecretResult<TSecret>> {
    return takeSecret<TSecret>(this.api, id, (signOffId) => this.signOff(signOffId));
  }

  /**
   * Creates a repository for the agent's owner (the agent owns nothing
   * itself); sign-offs then name it.
   *
   * @throws CountersignError `NAME_TAKEN` when the owner has a live repository of that name; `LIMIT_REACHED`
   *   when the owner has as many live repositories as the server allows (1,000 by default).
   */
  async createRepository(name: string, options: WriteOptions = {}): Promise<Repository & Written> {
    const {
      data: { createRepository: result },
      replayed,
    } = await this.api.write(CREATE_REPOSITORY, { input: { name } }, options);
    if (isSuccess(result, 'RepositoryCreated')) return { ...result.repository, replayed };
    throw refusalError(result);
  }

  /** The owner's live repositories, by name: what a request's `repository` may name. Read a page of 100 at a time, every page. */
  repositories(): Promise<Repository[]> {
    return readAllPages(async (first, after) => (await this.api.execute(REPOSITORIES, { first, after })).repositories);
  }

  /** The standing authorities the owner granted this agent, newest first, with their balances. Read a page of 100 at a time, every page. */
  authorities(): Promise<Authority[]> {
    return readAuthorities(this.api);
  }

  /**
   * One page of the standing authorities the owner granted this agent,
   * newest first: `first` (1 to 100, default 20) after `after`, the
   * `pageInfo.endCursor` of the page before.
   */
  authorityPage(page: { first?: number; after?: string | null } = {}): Promise<AuthorityPage> {
    return readAuthorityPage(this.api, page);
  }

  /** One of this agent's authorities as it stands now; null when it does not exist (or is not this agent's). */
  authority(id: string): Promise<Authority | null> {
    return readAuthority(this.api, id);
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
   * No `Idempotency-Key` is sent: the dispatch key is the draw's own, and a
   * draw whose answer is lost is sent again under it, within the retry bounds.
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
  draw(input: DrawInput, options: DrawOptions = {}): Promise<DrawResult> {
    return drawAuthority(this.api, input, options);
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
   *   `RATE_LIMITED` (with `retryAfterMs`) past the agent's new versions per hour
   *   (600 by default); `UNAUTHENTICATED`, `TRANSPORT`, …
   */
  publishManifest(content: string | object, options: PublishManifestOptions = {}): Promise<PublishManifestResult> {
    return publishManifest(this.api, content, options);
  }

  /**
   * One manifest version; null when the name@version was never published.
   *
   * @throws CountersignError `BAD_ATTESTATION` with `verify: true` when its attestation does
   *   not verify now (the message says why: none, wrong signature, unknown or revoked key).
   */
  manifest(name: string, version: string, options: ManifestOptions = {}): Promise<Manifest | null> {
    return readManifest(this.api, name, version, options);
  }

  /** Every manifest name in the owner's registry, by name. Read a page of 100 at a time, every page. */
  manifestNames(): Promise<string[]> {
    return readManifestNames(this.api);
  }

  /** The versions of one name, newest published first. Read a page of 100 at a time, every page. */
  manifestVersions(name: string): Promise<ManifestVersion[]> {
    return readManifestVersions(this.api, name);
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

  /** Warns once per agent that waits poll, saying why and what would let them listen. */
  private warnOfPolling(cause: PollingCause): void {
    if (this.warnedOfPolling) return;
    this.warnedOfPolling = true;
    this.warn(pollingWarning(cause, this.socketUrl));
  }
}
