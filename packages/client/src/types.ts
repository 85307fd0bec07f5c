import type * as Wire from './gql/graphql.js';
import type { Amounts, Authority, Receipt } from './authority-types.js';
import type { Manifest, ManifestVersion } from './manifest-types.js';

// The authority and manifest shapes live beside these; importers read them all from here.
export type * from './authority-types.js';
export type * from './manifest-types.js';

/**
 * The shapes this client answers with: its public API, documented field by
 * field. The wire shapes are the codegen's (`gql/`, from the SDL in
 * `packages/schema/src`); the enums here are those, and every object shape
 * is checked against the fragment that reads it (see the end of this file),
 * so a schema change fails the client's type check instead of drifting.
 */

/**
 * Where a sign-off stands. `PENDING` waits for the owner;
 * `PARTIALLY_APPROVED` has one of the two owners' approvals it needs and
 * waits for the second; `APPROVED` is a
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
  /** The asking agent: always set on an agent's own requests (the only ones it reads); null only on an owner-to-owner request (`tenant.*`). */
  agent: { id: string; name: string } | null;
  /** The repository the deed acts on; null for operations that act on none (`authority.grant`). */
  repository: { id: string; name: string; code: string } | null;
  /** The input as it will run, canonical (sorted keys). */
  input: unknown;
  inputCanonical: string;
  /** SHA-256 of `inputCanonical`, hex: what the console shows the owner. */
  inputHash: string;
  /** The input as the agent asked it; differs from `input` only when the owner approved with changes. */
  requestedInput: unknown;
  /** SHA-256 of the requested input's canonical JSON, hex: the request's content key (asking it again finds this request). */
  requestedInputHash: string;
  /** The owner approved with changes: act on `input`, not on what was asked. */
  changedByOwner: boolean;
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
  /** Only requests for this operation. */
  op?: string;
  /**
   * Only requests asked with exactly this input (compared by the hash of its
   * canonical JSON, as asked): with `op`, how an agent that restarts finds a
   * request it made, also one already decided, instead of asking again.
   */
  input?: unknown;
  /** Page size, 20 when left out. */
  first?: number;
  /** The previous page's `pageInfo.endCursor`, to read the next page. */
  after?: string | null;
}

/** One page of the agent's own requests: pending first (oldest at the top), then the most recently decided. */
/** One page of the agent's standing authorities, newest first (`authorityPage`). */
export interface AuthorityPage {
  nodes: Authority[];
  pageInfo: {
    /** True when another page follows: pass `endCursor` as `after` to read it. */
    hasNextPage: boolean;
    /** Pass as `after` to read the next page; null when this page is empty. */
    endCursor: string | null;
  };
}

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
  Interchangeable<ManifestVersion, Wire.ManifestVersionsQuery['manifestVersions']['nodes'][number]>,
  Interchangeable<Repository, Wire.RepositoriesQuery['repositories']['nodes'][number]>,
  Interchangeable<SignOffPage, Wire.SignOffsQuery['signOffs']>,
  Interchangeable<AuthorityPage, Wire.AuthoritiesQuery['authorities']>,
] extends true[]
  ? true
  : never;

/** Compiles only while every check of {@link WireContract} holds. */
export const WIRE_CONTRACT_HOLDS: WireContract = true;
