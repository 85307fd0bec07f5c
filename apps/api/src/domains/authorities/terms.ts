import { readInstant } from '../../platform/lib/instant.js';
import { graphQLError } from '../../platform/lib/errors.js';
import { canonicalJson } from '@countersign/manifest';

/** The terms of a standing authority as issued: never changed afterwards. */
export interface AuthorityTerms {
  agentId: string;
  ownerId: string;
  name: string;
  tokens: number | null;
  minorUnits: number | null;
  currency: string | null;
  draws: number | null;
  perDrawTokens: number | null;
  perDrawMinorUnits: number | null;
  notBefore: Date | null;
  notAfter: Date | null;
}

/** The fields an owner (or an agent's authority.grant request) supplies. */
export interface TermsInput {
  name: string;
  tokens?: number | null;
  minorUnits?: number | null;
  currency?: string | null;
  draws?: number | null;
  perDrawTokens?: number | null;
  perDrawMinorUnits?: number | null;
  notBefore?: Date | string | null;
  notAfter?: Date | string | null;
}

const amount = (label: string, value: unknown, positive = false): number | null => {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < (positive ? 1 : 0)) {
    throw graphQLError('BAD_INPUT', `${label} must be a whole number from ${positive ? 1 : 0} to 2^53 − 1.`);
  }
  return value;
};

const instant = (label: string, value: unknown): Date | null => {
  if (value === undefined || value === null) return null;
  // A Date comes from the DateTime scalar, already strict; a string from a sign-off's JSON input
  // is read by the same rule (no "1" as 2001, no 2027-02-30 rolled into March, an explicit offset).
  const date = value instanceof Date ? value : readInstant(value);
  if (!date || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) {
    throw graphQLError('BAD_INPUT', `${label} must be an ISO 8601 instant with an offset, from year 1 to 9999 (e.g. 2026-11-30T12:00:00Z).`);
  }
  return date;
};

/**
 * Checks and normalises terms; throws BAD_INPUT naming the first problem.
 * At least one ceiling; minor units need a currency and a currency needs
 * them; the validity window, when both ends are given, is not empty.
 */
export function checkTerms(input: TermsInput, agentId: string, ownerId: string): AuthorityTerms {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0 || name.length > 100) throw graphQLError('BAD_INPUT', 'An authority name is 1 to 100 characters.');
  const terms: AuthorityTerms = {
    agentId,
    ownerId,
    name,
    tokens: amount('tokens', input.tokens),
    minorUnits: amount('minorUnits', input.minorUnits),
    currency: input.currency ?? null,
    draws: amount('draws', input.draws),
    perDrawTokens: amount('perDrawTokens', input.perDrawTokens, true),
    perDrawMinorUnits: amount('perDrawMinorUnits', input.perDrawMinorUnits, true),
    notBefore: instant('notBefore', input.notBefore),
    notAfter: instant('notAfter', input.notAfter),
  };
  if (terms.tokens === null && terms.minorUnits === null && terms.draws === null) {
    throw graphQLError('BAD_INPUT', 'An authority needs at least one ceiling: tokens, minorUnits or draws.');
  }
  // typeof first: a grant's input is JSON, and a regex test would stringify (recursively) whatever it got.
  if (terms.currency !== null && (typeof terms.currency !== 'string' || !/^[A-Z]{3}$/.test(terms.currency)))
    throw graphQLError('BAD_INPUT', 'currency must be an ISO 4217 code such as EUR.');
  if ((terms.minorUnits === null) !== (terms.currency === null)) throw graphQLError('BAD_INPUT', 'minorUnits and currency go together.');
  if (terms.perDrawMinorUnits !== null && terms.currency === null)
    throw graphQLError('BAD_INPUT', 'perDrawMinorUnits needs a minorUnits ceiling and its currency.');
  if (terms.notBefore && terms.notAfter && terms.notBefore >= terms.notAfter) throw graphQLError('BAD_INPUT', 'notBefore must come before notAfter.');
  return terms;
}

/** The canonical text of the terms: an identical re-issue compares equal to it. */
export function canonicalTerms(terms: AuthorityTerms): string {
  return canonicalJson({ ...terms, notBefore: terms.notBefore?.toISOString() ?? null, notAfter: terms.notAfter?.toISOString() ?? null });
}

/** What a draw asks for. */
export interface DrawAmount {
  tokens: number;
  minorUnits: number;
}

/**
 * The largest total an authority keeps: 2^53 − 1, the largest whole number
 * a JSON number (and so an Amount) holds exactly. The database's CHECKs on
 * the drawn counters say the same.
 */
export const MAX_TOTAL = BigInt(Number.MAX_SAFE_INTEGER);

/** The balance as locked for a draw, with the database's clock. */
export interface LockedBalance {
  drawnTokens: bigint;
  drawnMinorUnits: bigint;
  draws: bigint;
  remainingTokens: bigint | null;
  remainingMinorUnits: bigint | null;
  remainingDraws: bigint | null;
  revoked: boolean;
  revokeReason: string | null;
  now: Date;
}

export type DrawDecision =
  | { kind: 'allowed' }
  | { kind: 'revoked'; reason: string }
  | { kind: 'not-yet-valid' }
  | { kind: 'expired' }
  | { kind: 'per-draw-cap'; message: string }
  | { kind: 'exhausted' }
  | { kind: 'total-out-of-range'; message: string };

/**
 * The whole rule for one draw, as a pure function of the terms, the locked
 * balance and the amount. Refusals are checked in the order an owner would
 * explain them: withdrawn, not in force, too large for one draw, not enough
 * left, and last a total that would pass MAX_TOTAL (only an uncapped
 * dimension can get there: a capped one is exhausted first).
 * The validity window is [notBefore, notAfter).
 */
export function decideDraw(terms: AuthorityTerms, balance: LockedBalance, draw: DrawAmount): DrawDecision {
  if (balance.revoked) return { kind: 'revoked', reason: balance.revokeReason ?? '' };
  if (terms.notBefore && balance.now < terms.notBefore) return { kind: 'not-yet-valid' };
  if (terms.notAfter && balance.now >= terms.notAfter) return { kind: 'expired' };
  if (terms.perDrawTokens !== null && draw.tokens > terms.perDrawTokens) return perDrawCap(terms, 'tokens');
  if (terms.perDrawMinorUnits !== null && draw.minorUnits > terms.perDrawMinorUnits) return perDrawCap(terms, 'minorUnits');
  const short = (left: bigint | null, wanted: number) => left !== null && left < BigInt(wanted);
  if (short(balance.remainingTokens, draw.tokens) || short(balance.remainingMinorUnits, draw.minorUnits) || short(balance.remainingDraws, 1)) {
    return { kind: 'exhausted' };
  }
  const totals: [Dimension, bigint, number][] = [
    ['tokens', balance.drawnTokens, draw.tokens],
    ['minorUnits', balance.drawnMinorUnits, draw.minorUnits],
    ['draws', balance.draws, 1],
  ];
  for (const [dimension, drawn, more] of totals) {
    if (drawn + BigInt(more) > MAX_TOTAL) return totalOutOfRange(dimension);
  }
  return { kind: 'allowed' };
}

/** A dimension a draw counts in. */
export type Dimension = 'tokens' | 'minorUnits' | 'draws';

function perDrawCap(terms: Pick<AuthorityTerms, 'perDrawTokens' | 'perDrawMinorUnits' | 'currency'>, dimension: 'tokens' | 'minorUnits'): DrawDecision {
  const message =
    dimension === 'tokens'
      ? `One draw may take at most ${terms.perDrawTokens} tokens.`
      : `One draw may take at most ${terms.perDrawMinorUnits} minor units of ${terms.currency}.`;
  return { kind: 'per-draw-cap', message };
}

const TOTAL_LABEL: Record<Dimension, string> = { tokens: 'tokens drawn', minorUnits: 'minor units drawn', draws: 'number of draws' };

function totalOutOfRange(dimension: Dimension): DrawDecision {
  return {
    kind: 'total-out-of-range',
    message: `This draw would take the ${TOTAL_LABEL[dimension]} under this authority past 2^53 − 1, the largest total it can keep exactly; nothing was drawn.`,
  };
}

/**
 * The decision as the database's `decide_draw` states it (prisma/migrations/
 * 20261207090000_draw_in_one_call), which mirrors decideDraw branch for branch:
 * the same DrawDecision, with the same messages. Anything else is a bug between
 * the two, and throws rather than being taken for a refusal.
 */
export function decisionOfVerdict(
  verdict: string,
  terms: Pick<AuthorityTerms, 'perDrawTokens' | 'perDrawMinorUnits' | 'currency'>,
  revokeReason: string | null,
): DrawDecision {
  const [kind, dimension] = verdict.split(':');
  switch (kind) {
    case 'allowed':
    case 'not-yet-valid':
    case 'expired':
    case 'exhausted':
      return { kind };
    case 'revoked':
      return { kind, reason: revokeReason ?? '' };
    case 'per-draw-cap':
      if (dimension === 'tokens' || dimension === 'minorUnits') return perDrawCap(terms, dimension);
      break;
    case 'total-out-of-range':
      if (dimension === 'tokens' || dimension === 'minorUnits' || dimension === 'draws') return totalOutOfRange(dimension);
      break;
  }
  throw new Error(`decide_draw answered ${verdict}, which decideDraw never does`);
}
