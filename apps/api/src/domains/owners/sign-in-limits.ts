import type { AttemptCount } from './throttle-store.js';

/** Failed guesses one client may make at one address per 15-minute window. */
export const MAX_FAILURES_PER_ADDRESS_FROM_CLIENT = 10;
/** Failed guesses one client may make across all addresses per 15-minute window. */
export const MAX_FAILURES_PER_CLIENT = 50;
/** Failures at one address (from any client) before its sign-ins are slowed. */
export const FREE_FAILURES_PER_ADDRESS = 5;
/** The longest an address's sign-in is slowed: a delay, never a lock-out. */
export const MAX_SIGN_IN_DELAY_MS = 4000;

/** What to do with an attempt once it has been counted. */
export type SignInVerdict = { kind: 'check'; delayMs: number } | { kind: 'refuse'; by: 'CLIENT' | 'ADDRESS_FROM_CLIENT'; waitSeconds: number };

/**
 * Decides from the counts (this attempt included) whether the password is
 * checked at all. Only this client's counters can refuse: failures from
 * other clients merely slow the address down, so nobody can lock its owner
 * out by guessing wrong on purpose.
 */
export function judgeSignInAttempt(counts: AttemptCount[]): SignInVerdict {
  const count = (kind: AttemptCount['kind']) => counts.find((c) => c.kind === kind);
  const overClient = count('CLIENT');
  const overPair = count('ADDRESS_FROM_CLIENT');
  // The pair first: when both are over, the more specific reason is named
  // unless the client's window is the one that lasts longer.
  const exceeded = [
    overPair && overPair.attempts > MAX_FAILURES_PER_ADDRESS_FROM_CLIENT
      ? { by: 'ADDRESS_FROM_CLIENT' as const, waitSeconds: overPair.secondsLeft }
      : undefined,
    overClient && overClient.attempts > MAX_FAILURES_PER_CLIENT ? { by: 'CLIENT' as const, waitSeconds: overClient.secondsLeft } : undefined,
  ].filter((refusal) => refusal !== undefined);
  if (exceeded.length > 0) {
    // The attempt could only succeed once every exceeded window is over, so
    // the refusal names the window that ends last (and the wait it sets).
    const last = exceeded.reduce((longest, refusal) => (refusal.waitSeconds > longest.waitSeconds ? refusal : longest));
    return { kind: 'refuse', by: last.by, waitSeconds: last.waitSeconds };
  }
  return { kind: 'check', delayMs: signInDelayMs((count('ADDRESS')?.attempts ?? 1) - 1) };
}

/**
 * How long to hold an attempt at an address that already has `failures`
 * failures (or attempts under way) from any client in its window: nothing for
 * the first few typos, then 250 ms doubling every 5 failures, at most
 * {@link MAX_SIGN_IN_DELAY_MS}. Spread across many clients, guessing one
 * owner's password thus gets slower, while the owner still gets in.
 */
export function signInDelayMs(failures: number): number {
  if (failures < FREE_FAILURES_PER_ADDRESS) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_MS, 250 * 2 ** Math.floor((failures - FREE_FAILURES_PER_ADDRESS) / 5));
}
