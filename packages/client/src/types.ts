/**
 * The shapes this client reads from the API, written by hand from
 * `packages/schema/src/signoffs.graphql` and `repositories.graphql`: the
 * client stays a small dependency-light package an agent can embed, so it
 * does not pull in the schema's codegen.
 */

/**
 * Where a sign-off stands. `PENDING` waits for the owner and `APPROVED` is
 * running; every other state is final (see {@link DECIDED_STATES}).
 */
export type SignOffState = 'PENDING' | 'APPROVED' | 'SUCCEEDED' | 'FAILED' | 'DENIED' | 'EXPIRED' | 'WITHDRAWN';

/** Whether the secret part of a result exists and whether the asking agent can still take it. */
export type SignOffSecretState = 'NONE' | 'WAITING' | 'TAKEN' | 'LAPSED';

/** Whether a repository is served. */
export type RepositoryState = 'SERVING' | 'UNSERVED';

/** The operations of the API's closed catalogue this client knows by name; any other name is passed through. */
export type KnownOperation =
  | 'repository.delete'
  | 'repository.unserve'
  | 'repository.serve'
  | 'repository.transfer'
  | 'repository.mintToken'
  | 'authority.grant';

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
  description: string;
  irreversible: boolean;
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
}

/** The states after which nothing more happens to a sign-off. */
export const DECIDED_STATES: ReadonlySet<SignOffState> = new Set(['SUCCEEDED', 'FAILED', 'DENIED', 'EXPIRED', 'WITHDRAWN']);

/** True once the request is final: neither waiting for the owner nor still running. */
export function isDecided(signOff: Pick<SignOff, 'state'>): boolean {
  return DECIDED_STATES.has(signOff.state);
}

/** What an agent sends to ask for a sign-off. */
export interface RequestSignOffInput {
  /** An operation of the catalogue, e.g. `repository.mintToken`. */
  op: KnownOperation | (string & {});
  /** The name of one of the owner's live repositories; omitted for operations that act on none (`authority.grant`). */
  repository?: string | null;
  /** The operation's input; it is canonicalised, hashed and shown to the owner as is. */
  input: unknown;
  /** One line the owner reads first. */
  summary: string;
  /** Why the agent asks. */
  reason?: string | null;
}

/** A request as the API accepted it. */
export interface SignOffRequested {
  signOff: SignOff;
  /** True when the same request was already waiting and was returned instead of a second one. */
  existing: boolean;
}
