import { describe, expect, test } from 'vitest';
import { DateTimeScalar } from './scalars.js';

describe('DateTime', () => {
  test('reads ISO 8601 instants with an offset, in UTC', () => {
    expect(DateTimeScalar.parseValue('2026-11-30T12:00:00.123+05:30')).toEqual(new Date('2026-11-30T06:30:00.123Z'));
    expect(DateTimeScalar.parseValue('2026-11-30T12:00Z')).toEqual(new Date('2026-11-30T12:00:00Z'));
    expect(DateTimeScalar.parseValue('0050-03-01T00:00:00Z').toISOString()).toBe('0050-03-01T00:00:00.000Z');
    expect(DateTimeScalar.parseValue('9999-12-31T23:59:59.999Z').toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  test.each([
    ['-200000-01-01T00:00:00Z', 'a year PostgreSQL cannot store'],
    ['+275760-09-13T00:00:00Z', 'an expanded year'],
    ['0000-12-31T23:59:59Z', 'year 0'],
    ['0001-01-01T00:00:00+01:00', 'an instant that falls in year 0 in UTC'],
    ['2026-02-30T00:00:00Z', 'a day the month does not have (Date rolls it into March)'],
    ['2026-01-01T24:00:00Z', 'hour 24'],
    ['1', 'a bare number (Date reads it as 2001, local time)'],
    ['2026-11-30', 'a date without a time'],
    ['2026-11-30T12:00:00', 'a time without an offset'],
  ])('refuses %s: %s', (text) => {
    expect(() => DateTimeScalar.parseValue(text)).toThrow(new TypeError('DateTime must be an ISO 8601 instant from year 1 to 9999, e.g. 2026-11-30T12:00:00Z'));
  });
});
