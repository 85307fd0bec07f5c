import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHours } from './duration.js';

describe('formatHours', () => {
  it('says hours in days and hours, as people do', () => {
    expect(formatHours(720)).toBe('30 days');
    expect(formatHours(12)).toBe('12 hours');
    expect(formatHours(30)).toBe('1 day 6 hours');
    expect(formatHours(24)).toBe('1 day');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(49)).toBe('2 days 1 hour');
    expect(formatHours(0)).toBe('0 hours');
  });

  it('adds back up to the hours it was given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (hours) => {
        const text = formatHours(hours).replace(/,/g, '');
        const days = Number(/(\d+) days?/.exec(text)?.[1] ?? 0);
        const rest = Number(/(\d+) hours?/.exec(text)?.[1] ?? 0);
        expect(days * 24 + rest).toBe(hours);
        expect(rest).toBeLessThan(24);
      }),
    );
  });
});
