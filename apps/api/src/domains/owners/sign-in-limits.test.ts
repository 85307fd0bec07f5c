import { describe, expect, test } from 'vitest';
import { judgeSignInAttempt, MAX_SIGN_IN_DELAY_MS, signInDelayMs } from './sign-in-limits.js';
import { clientKey as throttleClientKey } from '../../platform/lib/client-key.js';
import type { AttemptCount } from './throttle-store.js';

function counts(pair: number, client: number, address: number, secondsLeft = { pair: 900, client: 900 }): AttemptCount[] {
  return [
    { kind: 'ADDRESS_FROM_CLIENT', attempts: pair, secondsLeft: secondsLeft.pair, window: 'w' },
    { kind: 'CLIENT', attempts: client, secondsLeft: secondsLeft.client, window: 'w' },
    { kind: 'ADDRESS', attempts: address, secondsLeft: 900, window: 'w' },
  ];
}

describe('judgeSignInAttempt', () => {
  test('checks the 10th attempt at an address from a client and refuses the 11th', () => {
    expect(judgeSignInAttempt(counts(10, 10, 1))).toEqual({ kind: 'check', delayMs: 0 });
    expect(judgeSignInAttempt(counts(11, 11, 1))).toEqual({ kind: 'refuse', by: 'ADDRESS_FROM_CLIENT', waitSeconds: 900 });
  });

  test("checks a client's 50th attempt across addresses and refuses the 51st", () => {
    expect(judgeSignInAttempt(counts(1, 50, 1))).toEqual({ kind: 'check', delayMs: 0 });
    expect(judgeSignInAttempt(counts(1, 51, 1))).toEqual({ kind: 'refuse', by: 'CLIENT', waitSeconds: 900 });
  });

  test('never refuses for failures at the address from other clients, only slows', () => {
    expect(judgeSignInAttempt(counts(1, 1, 10_000))).toEqual({ kind: 'check', delayMs: MAX_SIGN_IN_DELAY_MS });
  });

  test('asks a client over both limits to wait for the later of the two windows, and names that window', () => {
    expect(judgeSignInAttempt(counts(11, 51, 1, { pair: 600, client: 120 }))).toEqual({ kind: 'refuse', by: 'ADDRESS_FROM_CLIENT', waitSeconds: 600 });
    expect(judgeSignInAttempt(counts(11, 51, 1, { pair: 120, client: 600 }))).toEqual({ kind: 'refuse', by: 'CLIENT', waitSeconds: 600 });
  });

  test('names the address when both windows end together (a burst at one address counts the client too, for a moment past 50)', () => {
    expect(judgeSignInAttempt(counts(11, 51, 1, { pair: 900, client: 900 }))).toEqual({ kind: 'refuse', by: 'ADDRESS_FROM_CLIENT', waitSeconds: 900 });
  });
});

describe('signInDelayMs', () => {
  test('leaves the first 5 failures at an address unslowed', () => {
    expect([0, 1, 4].map(signInDelayMs)).toEqual([0, 0, 0]);
  });

  test('grows with the failures, doubling every 5, and stops at the cap', () => {
    expect([5, 9, 10, 15, 20, 25, 30, 1_000_000].map(signInDelayMs)).toEqual([250, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });
});

describe('throttleClientKey', () => {
  test('counts an IPv4 client by its address, also when written IPv4-mapped', () => {
    expect(throttleClientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleClientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  test('counts an IPv6 client by its /64, however the address is written', () => {
    const key = '2001:db8:a:b::/64';
    expect(throttleClientKey('2001:db8:a:b:1:2:3:4')).toBe(key);
    expect(throttleClientKey('2001:0db8:000a:000b::ffff')).toBe(key);
    expect(throttleClientKey('2001:DB8:A:B::1.2.3.4')).toBe(key);
    expect(throttleClientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttleClientKey('::1')).toBe('0:0:0:0::/64');
  });
});
