import { describe, expect, test } from 'vitest';
import { FREE_FAILURES_PER_ADDRESS, judgeSignInAttempt, signInDelayMs } from './sign-in-limits.js';
import type { AttemptCount } from './throttle-store.js';

const at = (kind: AttemptCount['kind'], attempts: number): AttemptCount => ({ kind, attempts, secondsLeft: 900, window: '2026-11-30 12:00:00+00' });

describe('the delay the sign-in judge sets', () => {
  test('counts the failures before this attempt at the address: the free ones cost nothing, the next one is slowed', () => {
    // This attempt is counted already: the address has had `attempts - 1` failures before it.
    expect(judgeSignInAttempt([at('ADDRESS_FROM_CLIENT', 1), at('CLIENT', 1), at('ADDRESS', FREE_FAILURES_PER_ADDRESS)])).toEqual({
      kind: 'check',
      delayMs: 0,
    });
    expect(judgeSignInAttempt([at('ADDRESS_FROM_CLIENT', 1), at('CLIENT', 1), at('ADDRESS', FREE_FAILURES_PER_ADDRESS + 1)])).toEqual({
      kind: 'check',
      delayMs: signInDelayMs(FREE_FAILURES_PER_ADDRESS),
    });
    expect(signInDelayMs(FREE_FAILURES_PER_ADDRESS)).toBeGreaterThan(0);
  });

  test('sets no delay when the address was not counted', () => {
    expect(judgeSignInAttempt([at('ADDRESS_FROM_CLIENT', 1), at('CLIENT', 1)])).toEqual({ kind: 'check', delayMs: 0 });
  });
});
