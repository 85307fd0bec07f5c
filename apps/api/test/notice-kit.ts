import type { SignOffSnapshot } from '../src/delivery/notifications/notice.js';

type Undecided = Pick<SignOffSnapshot, 'state' | 'requestedAt' | 'expiresAt' | 'decidedAt' | 'note' | 'finishedAt' | 'result' | 'failure'>;

/** The tail of a notice's request that no owner has decided yet: asked at `at`, its seven-day window ahead, no outcome. */
export function undecided(at: Date, state = 'PENDING'): Undecided {
  return {
    state,
    requestedAt: at.toISOString(),
    expiresAt: new Date(at.getTime() + 7 * 24 * 3_600_000).toISOString(),
    decidedAt: null,
    note: null,
    finishedAt: null,
    result: null,
    failure: null,
  };
}
