import { isIPv4, isIPv6 } from 'node:net';
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
export type SignInVerdict =
  | { kind: 'check'; delayMs: number }
  | { kind: 'refuse'; by: 'CLIENT' | 'ADDRESS_FROM_CLIENT'; waitSeconds: number };

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
  const exceeded = [
    overClient && overClient.attempts > MAX_FAILURES_PER_CLIENT ? { by: 'CLIENT' as const, waitSeconds: overClient.secondsLeft } : undefined,
    overPair && overPair.attempts > MAX_FAILURES_PER_ADDRESS_FROM_CLIENT ? { by: 'ADDRESS_FROM_CLIENT' as const, waitSeconds: overPair.secondsLeft } : undefined,
  ].filter((refusal) => refusal !== undefined);
  if (exceeded.length > 0) {
    // The attempt could only succeed once every exceeded window is over.
    return { kind: 'refuse', by: exceeded[0]!.by, waitSeconds: Math.max(...exceeded.map((refusal) => refusal.waitSeconds)) };
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

/**
 * The client as the throttle counts it: an IPv4 address as it is (also when
 * written IPv4-mapped), an IPv6 address by its /64, since one subscriber
 * usually holds a whole /64 and could otherwise take a fresh address per guess.
 */
export function throttleClientKey(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(plain)) return plain.slice(0, 64);
  return `${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, in lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [group];
    const [a, b, c, d] = group.split('.').map(Number);
    return [((a! << 8) | b!).toString(16), ((c! << 8) | d!).toString(16)];
  }) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
