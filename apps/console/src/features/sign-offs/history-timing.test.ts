import { describe, expect, it } from 'vitest';
import { closedAt } from './history-timing';

const EXPIRES = '2026-12-08T10:00:00.000Z';
const DECIDED = '2026-12-02T09:30:00.000Z';

describe('when a request stopped waiting', () => {
  it('names an expired request Expired, at its expiry, even if a time was recorded for it', () => {
    expect(closedAt({ state: 'EXPIRED', decidedAt: DECIDED, expiresAt: EXPIRES })).toEqual({ verb: 'Expired', at: EXPIRES });
    expect(closedAt({ state: 'EXPIRED', decidedAt: null, expiresAt: EXPIRES })).toEqual({ verb: 'Expired', at: EXPIRES });
  });

  it('names a decided request Decided and a withdrawn one Closed, at that moment', () => {
    for (const state of ['SUCCEEDED', 'FAILED', 'DENIED', 'AWAITING_REDEEM', 'LAPSED'] as const) {
      expect(closedAt({ state, decidedAt: DECIDED, expiresAt: EXPIRES })).toEqual({ verb: 'Decided', at: DECIDED });
    }
    expect(closedAt({ state: 'WITHDRAWN', decidedAt: DECIDED, expiresAt: EXPIRES })).toEqual({ verb: 'Closed', at: DECIDED });
  });

  it('has nothing to say while nothing closed it', () => {
    expect(closedAt({ state: 'PENDING', decidedAt: null, expiresAt: EXPIRES })).toBeUndefined();
  });
});
