import type { LockedBalance } from '../src/domains/authorities/terms.js';

/** A locked balance with nothing drawn and no ceiling left to count down, at `now`; `over` sets what a case is about. */
export function lockedBalance(now: Date, over: Partial<LockedBalance> = {}): LockedBalance {
  return {
    drawnTokens: 0n,
    drawnMinorUnits: 0n,
    draws: 0n,
    remainingTokens: null,
    remainingMinorUnits: null,
    remainingDraws: null,
    revoked: false,
    revokeReason: null,
    now,
    ...over,
  };
}
