import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeOutage, DROP_GRACE_MS, FIRST_CONNECT_GRACE_MS, formatDownFor, nextOutage, outageShown, startOutage } from './outage';

// A fixed local time, so the clock reads 14:02 in any time zone the tests run in.
const DOWN = new Date(2026, 11, 1, 14, 2, 0).getTime();
const later = (minutes: number) => DOWN + minutes * 60_000;

describe('describeOutage', () => {
  it('says since when, for how long, and that it is reconnecting', () => {
    const outage = nextOutage(startOutage('connected', DOWN - 60_000), 'connecting', DOWN);
    expect(describeOutage(outage, later(3), 'en-GB')).toBe('Live updates are down since 14:02 (3 minutes); what you see may be out of date. Reconnecting…');
    expect(describeOutage(outage, later(3), 'en-US')).toBe('Live updates are down since 2:02 PM (3 minutes); what you see may be out of date. Reconnecting…');
  });

  it('names the date when the outage began on another day, and does not promise a reconnection that is not under way', () => {
    const outage = { state: 'idle' as const, downSince: DOWN, everConnected: true };
    expect(describeOutage(outage, later(26 * 60), 'en-GB')).toBe(
      'Live updates are down since 1 Dec 2026, 14:02 (1 day); what you see may be out of date. Reload the page to reconnect.',
    );
  });
});

describe('formatDownFor', () => {
  it('reads in the largest whole unit', () => {
    expect(formatDownFor(DOWN, later(0.5), 'en')).toBe('less than a minute');
    expect(formatDownFor(DOWN, later(1), 'en')).toBe('1 minute');
    expect(formatDownFor(DOWN, later(59), 'en')).toBe('59 minutes');
    expect(formatDownFor(DOWN, later(125), 'en')).toBe('2 hours');
    expect(formatDownFor(DOWN, later(3 * 24 * 60), 'en')).toBe('3 days');
  });

  it('never counts down as time passes', () => {
    const rank = (text: string) => {
      if (text === 'less than a minute') return 0;
      const [, amount, unit] = /^(\d+) (minute|hour|day)s?$/.exec(text) ?? [];
      return Number(amount) * { minute: 1, hour: 60, day: 1440 }[unit as 'minute' | 'hour' | 'day'];
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), (start, step) => {
        expect(rank(formatDownFor(DOWN, later(start + step), 'en'))).toBeGreaterThanOrEqual(rank(formatDownFor(DOWN, later(start), 'en')));
      }),
    );
  });
});

describe('outageShown', () => {
  it('stays quiet while a first connection is being made, and speaks once it takes too long', () => {
    const first = nextOutage(startOutage('idle', DOWN), 'connecting', DOWN + 100);
    expect(first.downSince).toBe(DOWN);
    expect(outageShown(first, DOWN + FIRST_CONNECT_GRACE_MS - 1)).toBe(false);
    expect(outageShown(first, DOWN + FIRST_CONNECT_GRACE_MS)).toBe(true);
    expect(outageShown(nextOutage(first, 'connected', DOWN + 1_000), DOWN + 60_000)).toBe(false);
  });

  it('after being up, speaks once a drop outlasts the short grace, keeping the moment it went down', () => {
    const up = nextOutage(startOutage('connecting', DOWN - 10_000), 'connected', DOWN - 5_000);
    const dropped = nextOutage(up, 'connecting', DOWN);
    const stillDown = nextOutage(dropped, 'idle', DOWN + 500);
    expect(stillDown.downSince).toBe(DOWN);
    expect(outageShown(stillDown, DOWN + DROP_GRACE_MS - 1)).toBe(false);
    expect(outageShown(stillDown, DOWN + DROP_GRACE_MS)).toBe(true);
  });
});
