import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './sign-off-display';

const NOW = Date.parse('2026-12-01T12:00:00Z');
const inMinutes = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

describe('formatTimeLeft', () => {
  it('rounds to the largest unit that fits, as people read a countdown', () => {
    expect(formatTimeLeft(inMinutes(-5), NOW)).toBe('now');
    expect(formatTimeLeft(inMinutes(0.5), NOW)).toBe('in less than a minute');
    expect(formatTimeLeft(inMinutes(12), NOW)).toBe('in 12 minutes');
    expect(formatTimeLeft(inMinutes(3 * 60), NOW)).toBe('in 3 hours');
    expect(formatTimeLeft(inMinutes(7 * 24 * 60), NOW)).toBe('in 7 days');
  });

  it('never counts up: a later deadline never reads as less time left', () => {
    const rank = (text: string) => {
      if (text === 'now') return 0;
      if (text === 'in less than a minute') return 1;
      const [, amount, unit] = /^in (\d+) (minute|hour|day)s?$/.exec(text) ?? [];
      const scale = { minute: 1, hour: 60, day: 1440 }[unit as 'minute' | 'hour' | 'day'];
      return 1 + Number(amount) * scale;
    };
    fc.assert(
      fc.property(fc.integer({ min: -60, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (start, step) => {
        expect(rank(formatTimeLeft(inMinutes(start + step), NOW))).toBeGreaterThanOrEqual(rank(formatTimeLeft(inMinutes(start), NOW)));
      }),
    );
  });
});
