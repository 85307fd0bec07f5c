import type { SignWith } from './manifests.js';
import type { RetryOptions } from './retry.js';

/* What `CountersignAgent` and its methods take besides their arguments. */

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
   * The WebSocket constructor for subscriptions. Left out, the client uses
   * the runtime's global `WebSocket` (Node.js 22+), else loads the `ws`
   * package (an optional peer dependency: install it on Node.js 20) when a
   * wait first needs it. Pass `null` to never open a WebSocket. Without one,
   * `waitForDecision` polls instead, and the client warns once (see
   * `onWarning`) unless `null` asked for it.
   */
  webSocketImpl?: unknown;
  /**
   * Where the client's one warning goes: that `waitForDecision` fell back to
   * polling (no WebSocket here, or it could not connect). By default
   * `process.emitWarning`, so Node.js prints it once on stderr.
   */
  onWarning?: (message: string) => void;
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

/**
 * Options of `draw`. No idempotency key: a draw's dispatch key is its
 * idempotency (the API replays the receipt for it), so none is sent.
 */
export interface DrawOptions {
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

/** Options of `operations`. */
export interface OperationsOptions {
  /** Also list retired operations (asking for one is refused `OPERATION_RETIRED`). */
  includeRetired?: boolean;
}

/** Options of `redeem`. */
export interface RedeemOptions {
  /**
   * The input the agent is about to act on, when it holds its own copy: the
   * grant is bound to its hash, and one that differs from the approved input
   * is refused `INPUT_MISMATCH` (and stays redeemable). Left out, the
   * request's stored input, as read from the API, is the one hashed.
   */
  input?: unknown;
}
