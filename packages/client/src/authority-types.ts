import type * as Wire from './gql/graphql.js';

/* The shapes of standing authorities and draws (types.ts checks them against the wire). */

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
   * True when this dispatch key had already drawn (an earlier call, or this
   * call's own retry after a lost answer): the receipt is the original one
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
