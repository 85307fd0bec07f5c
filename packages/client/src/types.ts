import type * as Wire from './gql/graphql.js';

/**
 * The shapes this client answers with: its public API, documented field by
 * field. The wire shapes are the codegen's (`gql/`, from the SDL in
 * `packages/schema/src`); the enums here are those, and every object shape
 * is checked against the fragment that reads it (see the end of this file),
 * so a schema change fails the client's type check instead of drifting.
 */

/**
 * Where a sign-off stands. `PENDING` waits for the owner; `APPROVED` is a
 * built-in operation running; `AWAITING_REDEEM` is an approved `AGENT`
 * operation waiting for the agent to `redeem` it, `REDEEMED` one the agent
 * holds and has not reported on; `DELIVERING` is an approved `WEBHOOK`
 * operation being delivered; every other state is final (see
 * {@link FINAL_STATES}), `LAPSED` being a grant not redeemed within 24 h.
 */
export type SignOffState = Wire.SignOffState;

/** How much harm a mistaken approval can do, as the operation's owner judged it. */
export type Risk = Wire.Risk;

/**
 * Who carries out an approved request: `SERVER` (Countersign, for the
 * built-ins), `AGENT` (the asking agent, after `redeem`), `WEBHOOK`
 * (Countersign, by delivering the input to the owner's endpoint).
 */
export type OperationRunner = Wire.OperationRunner;

/** Whether the secret part of a result exists and whether the asking agent can still take it. */
export type SignOffSecretState = Wire.SignOffSecretState;

/** Whether a repository is served. */
export type RepositoryState = Wire.RepositoryState;

/**
 * The input of each built-in operation, as the API checks it (its JSON
 * Schema is `operations()`'s `inputSchema`): `requestSignOff` types `input`
 * by it when `op` is one of these names. Owner-defined operations are typed
 * by no one here: their input is whatever their schema accepts.
 */
export interface BuiltInOperationInputs {
  /** Deletes the named repository, for good. Takes no fields. */
  'repository.delete': Record<string, never>;
  /** Stops serving the named repository. Takes no fields. */
  'repository.unserve': Record<string, never>;
  /** Serves the named repository again. Takes no fields. */
  'repository.serve': Record<string, never>;
  /** Hands the named repository to another owner of the same tenant. */
  'repository.transfer': {
    /** The receiving owner's email address. */
    to: string;
  };
  /** Mints a token for the named repository; the token itself is the secret (`takeSecret` → `{ token }`). */
  'repository.mintToken': {
    /** `read` and/or `write`, each at most once. */
    scopes: ('read' | 'write')[];
    /** Whole hours the token lives, 1 to 720. */
    ttlHours: number;
  };
  /** Grants the asking agent a standing authority on these terms (see `authorities()`). */
  'authority.grant': AuthorityGrantInput;
}

/** The terms an `authority.grant` request asks for: a name, and at least one ceiling. */
export interface AuthorityGrantInput {
  /** 1 to 100 characters, shown to the owner and on the authority. */
  name: string;
  /** Ceilings, whole numbers: left out means not capped in that dimension. */
  tokens?: number;
  /** Money, in minor units of `currency`. */
  minorUnits?: number;
  /** ISO 4217 code (`EUR`), required with `minorUnits`. */
  currency?: string;
  /** How many draws in all. */
  draws?: number;
  /** The most one draw may take. */
  perDrawTokens?: number;
  perDrawMinorUnits?: number;
  /** The validity window, ISO 8601 date-times; open when left out. */
  notBefore?: string;
  notAfter?: string;
}

/** The built-in operations this client knows by name; any other name (an owner-defined one) is passed through. */
export type KnownOperation = keyof BuiltInOperationInputs;

/** The input `op` takes: the built-in's shape for a known name, anything JSON for the others. */
export type OperationInput<TOp extends string> = TOp extends KnownOperation ? BuiltInOperationInputs[TOp] : unknown;

/** An owner's resource that sign-offs act on. */
export interface Repository {
  id: string;
  name: string;
  /** New every time a repository is created: a sign-off runs only if it still matches. */
  code: string;
  state: RepositoryState;
  createdAt: string;
}

/** An agent's request as the API stores it: what the owner approves is exactly what runs. */
export interface SignOff {
  id: string;
  op: string;
  /** The version of the operation the request was asked under, and is judged and run by (1 for the built-ins). */
  opVersion: number;
  description: string;
  irreversible: boolean;
  risk: Risk;
  agent: { id: string; name: string };
  /** The repository the deed acts on; null for operations that act on none (`authority.grant`). */
  repository: { id: string; name: string; code: string } | null;
  /** The input as it will run, canonical (sorted keys). */
  input: unknown;
  inputCanonical: string;
  /** SHA-256 of `inputCanonical`, hex: what the console shows the owner. */
  inputHash: string;
  summary: string;
  reason: string | null;
  state: SignOffState;
  requestedAt: string;
  expiresAt: string;
  decidedAt: string | null;
  /** The owner's note with the decision (e.g. why it was denied). */
  note: string | null;
  finishedAt: string | null;
  /** The non-secret fields of what the operation answered. */
  result: unknown;
  /** Why an approved request did not run. */
  failure: string | null;
  secretState: SignOffSecretState;
  secretExpiresAt: string | null;
  /** `AGENT` operations: until when the approval may be redeemed (24 h after it). */
  redeemBy: string | null;
  /** `AGENT` operations: when the agent redeemed its grant. */
  redeemedAt: string | null;
}

/** The states after which nothing more happens to a sign-off. */
export const FINAL_STATES: ReadonlySet<SignOffState> = new Set(['SUCCEEDED', 'FAILED', 'DENIED', 'EXPIRED', 'WITHDRAWN', 'LAPSED']);

/**
 * The states `waitForDecision` resolves on: the final ones, and an approval
 * whose running is now up to someone else than the API's own request —
 * the agent (`AWAITING_REDEEM`: redeem it; `REDEEMED`: report on it), or the
 * owner's endpoint (`DELIVERING`, retried for up to 24 h; read it again with
 * `signOff(id)` for its outcome). `APPROVED` is not among them: a built-in
 * operation runs within moments of its approval, so waiting on gives its outcome.
 */
export const DECIDED_STATES: ReadonlySet<SignOffState> = new Set([...FINAL_STATES, 'AWAITING_REDEEM', 'REDEEMED', 'DELIVERING']);

/** True once the owner's decision is in and the wait is over (see {@link DECIDED_STATES}). */
export function isDecided(signOff: Pick<SignOff, 'state'>): boolean {
  return DECIDED_STATES.has(signOff.state);
}

/** True once nothing more will happen to the request (see {@link FINAL_STATES}). */
export function isFinal(signOff: Pick<SignOff, 'state'>): boolean {
  return FINAL_STATES.has(signOff.state);
}

/**
 * What an agent sends to ask for a sign-off. With `op` a built-in's name (a
 * literal), `input` is typed by {@link BuiltInOperationInputs}; any other
 * name is accepted, with any input.
 */
export interface RequestSignOffInput<TOp extends KnownOperation | (string & {}) = KnownOperation | (string & {})> {
  /** An operation of the catalogue (see `operations()`), e.g. `repository.mintToken` or an owner-defined `email.send`. */
  op: TOp;
  /** The name of one of the owner's live repositories, for operations with `needsRepository`; omitted for the others. */
  repository?: string | null;
  /** The operation's input; it is canonicalised, hashed and shown to the owner as is. */
  input: OperationInput<TOp>;
  /** One line the owner reads first. */
  summary: string;
  /** Why the agent asks. */
  reason?: string | null;
}

/** One operation of the catalogue, at one version, as an agent reads it. */
export interface Operation {
  op: string;
  /** Versions count from 1; a built-in is always 1. A request is judged and run by the version it was asked under. */
  version: number;
  summary: string;
  description: string | null;
  irreversible: boolean;
  risk: Risk;
  runner: OperationRunner;
  /** No new requests are taken; open ones still decide and run. */
  retired: boolean;
  /** JSON Schema of the input: a request whose input it refuses is `BAD_INPUT` naming the pointer and the rule. */
  inputSchema: unknown;
  /** Result fields only the asking agent can read, once (`takeSecret`). */
  secretFields: string[];
  /** Whether a request names one of the owner's repositories. */
  needsRepository: boolean;
  /** When this version was defined; null for the built-ins. */
  definedAt: string | null;
  /** Open requests (pending or awaiting redeem) for this operation, any version, that this agent can see. */
  openCount: number;
}

/** An approved request of an `AGENT` operation, redeemed: the grant to act on it. */
export interface Redeemed {
  /** The request, now `REDEEMED`. */
  signOff: SignOff;
  /**
   * A compact JWS (EdDSA, 15 minutes) proving the approval of exactly this
   * input: hand it to the service that acts, which checks it with
   * `verifyApproval` against the server's `/.well-known/jwks.json`.
   */
  approval: string;
}

/** How the redeemed action went, as `reportOutcome` tells the owner. */
export interface Outcome {
  succeeded: boolean;
  /** What the action produced: a JSON object, at most 64 KiB. */
  result?: Record<string, unknown> | null;
  /** Why it failed, at most 2000 characters. */
  failure?: string | null;
}

/**
 * What every keyed write answers besides its result. A write the API
 * answered from its idempotency record (`Idempotent-Replayed: true`) had
 * landed before, under the same key: this call wrote nothing, and the
 * answer is that first one, as it was then.
 */
export interface Written {
  /** True when this answer is a replay of the key's first answer, not a new write. */
  replayed: boolean;
}

/** A request as the API accepted it. */
export interface SignOffRequested extends Written {
  signOff: SignOff;
  /** True when the same request was already waiting and was returned instead of a second one. */
  existing: boolean;
}

/** Which of the agent's own requests `signOffs` lists, and which page. */
export interface SignOffsFilter {
  /** Only requests in this state (e.g. `PENDING`, or `AWAITING_REDEEM` to find approvals to act on). */
  state?: SignOffState;
  /** `true`: only requests no longer pending; `false`: only pending ones. */
  decided?: boolean;
  /** Page size, 20 when left out. */
  first?: number;
  /** The previous page's `pageInfo.endCursor`, to read the next page. */
  after?: string | null;
}

/** One page of the agent's own requests: pending first (oldest at the top), then the most recently decided. */
export interface SignOffPage {
  nodes: SignOff[];
  pageInfo: {
    hasNextPage: boolean;
    /** Pass as `after` to read the next page; null when this page is empty. */
    endCursor: string | null;
  };
}

/** `takeSecret` handed the secret over: it is the agent's now, and the API no longer holds it. */
export interface SecretTaken<TSecret> {
  secret: TSecret;
}

/**
 * Why `takeSecret` had no secret to hand over: `PENDING` (not decided and
 * run yet: wait first), `NONE` (the operation produces none, or it did not
 * run), `TAKEN` (already handed over, once), `LAPSED` (not taken within 24 h
 * of the decision, or the agent was revoked; what it minted was revoked).
 */
export type NoSecretReason = 'PENDING' | 'NONE' | 'TAKEN' | 'LAPSED';

/** `takeSecret` had nothing to hand over, and says why, with the request's states as they are now. */
export interface SecretNotTaken {
  secret: null;
  reason: NoSecretReason;
  secretState: SignOffSecretState;
  state: SignOffState;
}

/** What `takeSecret` answers: the secret, or why there is none. */
export type TakeSecretResult<TSecret = Record<string, unknown>> = SecretTaken<TSecret> | SecretNotTaken;

/**
 * Where an authority stands. Only `ACTIVE` takes draws; `EXHAUSTED` means a
 * ceiling is used up, `REVOKED` that the owner withdrew it (see
 * `revokeReason`), `EXPIRED` / `NOT_YET_VALID` that now is outside its
 * validity window.
 */
export type AuthorityState = Wire.AuthorityState;

/**
 * Amounts in the dimensions an authority can cap: whole numbers up to
 * 2^53 − 1 (safe JavaScript integers), null where the dimension has no ceiling.
 */
export interface Amounts {
  tokens: number | null;
  /** Money, in minor units of the authority's `currency` (cents for EUR). */
  minorUnits: number | null;
  draws: number | null;
}

/** A standing authority the agent's owner granted it: terms that never change, and the balance drawn against them. */
export interface Authority {
  id: string;
  name: string;
  agent: { id: string; name: string };
  /** The ceilings; a dimension left null is not capped. */
  ceiling: Amounts;
  /** ISO 4217 code of `minorUnits`; null when money is not capped. */
  currency: string | null;
  /** The most one draw may take, where capped. */
  perDrawTokens: number | null;
  perDrawMinorUnits: number | null;
  /** The validity window [notBefore, notAfter); null ends are open. */
  notBefore: string | null;
  notAfter: string | null;
  createdAt: string;
  /** What has been drawn in every dimension (never null). */
  drawn: Amounts;
  /** What is left under each ceiling; null where there is none. */
  remaining: Amounts;
  state: AuthorityState;
  revokedAt: string | null;
  /** The owner's reason, as given with the first revocation. */
  revokeReason: string | null;
}

/** One landed draw: what it took and what was left right after. */
export interface Receipt {
  dispatchKey: string;
  tokens: number;
  minorUnits: number;
  remaining: Amounts;
  /** 1 for the authority's first draw, 2 for the next… */
  ordinal: number;
  drawnAt: string;
}

/** One draw on an authority. */
export interface DrawInput {
  /** The authority's id. */
  authority: string;
  /**
   * Names this draw, 1 to 255 characters: a retry with the same key and
   * amount answers the original receipt (`replayed: true`) instead of drawing
   * twice, even after the authority was revoked or exhausted. Derive it from
   * the work the draw pays for, not from the attempt.
   */
  dispatchKey: string;
  /** Omitted means 0; a draw takes some tokens or minor units. */
  tokens?: number;
  minorUnits?: number;
}

/** The draw landed (or had landed before, when `replayed`). */
export interface Drawn {
  kind: 'drawn';
  receipt: Receipt;
  /**
   * True when this dispatch key had already drawn, or the API answered this
   * call's idempotency key from its record: the receipt is the original one
   * and nothing more was drawn.
   */
  replayed: boolean;
}

/** A landed draw asked for `withAuthority`: the receipt, and the authority as it stands after the draw. */
export interface DrawnWithAuthority extends Drawn {
  authority: Authority;
}

/**
 * Every reason the API gives for not drawing. Refusals are answers, not
 * failures: nothing was drawn, and the agent decides what to do next.
 */
export type DrawRefusal =
  /** The owner revoked the authority; `reason` is theirs. */
  | { kind: 'refused'; code: 'REVOKED'; message: string; reason: string }
  /** Not enough is left under a ceiling for this draw; `remaining` says what is. */
  | { kind: 'refused'; code: 'EXHAUSTED'; message: string; remaining: Amounts }
  /** The dispatch key already drew a different amount; `receipt` is that earlier draw. */
  | { kind: 'refused'; code: 'DISPATCH_KEY_REUSED'; message: string; receipt: Receipt }
  /**
   * `EXPIRED` / `NOT_YET_VALID`: now is outside the validity window;
   * `PER_DRAW_CAP_EXCEEDED`: one draw may not take this much;
   * `NOT_FOUND`: no authority of this agent's has that id.
   */
  | { kind: 'refused'; code: 'EXPIRED' | 'NOT_YET_VALID' | 'PER_DRAW_CAP_EXCEEDED' | 'NOT_FOUND'; message: string };

/** What `draw` answers: a receipt (with the authority, when asked for), or why nothing was drawn. */
export type DrawResult<TDrawn extends Drawn = Drawn> = TDrawn | DrawRefusal;

/** How the API read a manifest's text. */
export type ManifestFormat = Wire.ManifestFormat;

/**
 * What publishing did: `INSERTED` a new version; `UNCHANGED` when identical
 * content was there already; `ATTESTATION_ADOPTED` when identical unsigned
 * content was there and this call's attestation was added to it.
 */
export type PublishVerdict = Wire.PublishVerdict;

/** One immutable `name@version` of an agent manifest. */
export interface Manifest {
  name: string;
  version: string;
  /** SHA-256 (hex) of `canonical`. */
  digest: string;
  /** The exact text published. */
  content: string;
  /** The canonical JSON of the document (keys sorted, no whitespace). */
  canonical: string;
  format: ManifestFormat;
  /** The signature it carries, if any, and the registered key it claims. */
  attestation: { keyId: string; signature: string } | null;
  /** True when the attestation verifies now: its key is registered and not revoked, and it signs this digest. */
  verified: boolean;
  publishedAt: string;
}

/** One version of a name, as `manifestVersions` lists it. */
export interface ManifestVersion {
  version: string;
  digest: string;
  signed: boolean;
  publishedAt: string;
}

/** The version is in the registry (now, or already). */
export interface ManifestPublished {
  kind: 'published';
  verdict: PublishVerdict;
  manifest: Manifest;
  /**
   * True when the API answered from its idempotency record: this call's key
   * (pinned with `idempotencyKey`) had published before, and this is that
   * first answer again.
   */
  replayed: boolean;
}

/**
 * Why a version was not published. Refusals are answers: nothing was written.
 * - `MANIFEST_VERSION_TAKEN`: the name@version holds other content, whose
 *   digest is `storedDigest`; versions never change, so publish a new one.
 * - `BAD_ATTESTATION`: the signature's key is not registered (or revoked),
 *   the signature does not cover this digest, or the version already carries
 *   a different attestation; `message` says which.
 */
export type ManifestRefusal =
  { kind: 'refused'; code: 'MANIFEST_VERSION_TAKEN'; message: string; storedDigest: string } | { kind: 'refused'; code: 'BAD_ATTESTATION'; message: string };

/** What `publishManifest` answers. */
export type PublishManifestResult = ManifestPublished | ManifestRefusal;

/** True when each of A and B can stand for the other: same fields, same types, none missing on either side. */
type Interchangeable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * The public shapes checked against the codegen's wire shapes: a field the
 * SDL adds to a fragment, drops, renames or retypes makes one of these false,
 * and the type check fails here. Not for use: it exists to be checked.
 */
export type WireContract = [
  Interchangeable<SignOff, Wire.SignOffFieldsFragment>,
  Interchangeable<Operation, Wire.OperationFieldsFragment>,
  Interchangeable<Amounts, Wire.AmountFieldsFragment>,
  Interchangeable<Authority, Wire.AuthorityFieldsFragment>,
  Interchangeable<Receipt, Wire.ReceiptFieldsFragment>,
  Interchangeable<Manifest, Wire.ManifestFieldsFragment>,
  Interchangeable<Repository, Extract<Wire.CreateRepositoryMutation['createRepository'], { __typename: 'RepositoryCreated' }>['repository']>,
  Interchangeable<ManifestVersion, Wire.ManifestVersionsQuery['manifestVersions'][number]>,
  Interchangeable<Repository, Wire.RepositoriesQuery['repositories'][number]>,
  Interchangeable<SignOffPage, Wire.SignOffsQuery['signOffs']>,
] extends true[]
  ? true
  : never;

/** Compiles only while every check of {@link WireContract} holds. */
export const WIRE_CONTRACT_HOLDS: WireContract = true;
