import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { notificationIntent } from './notification-intent';

describe('notificationIntent', () => {
  it('reads approve and deny from ?confirm=, and nothing from any other query', () => {
    expect(notificationIntent('?confirm=approve')).toBe('approve');
    expect(notificationIntent('?confirm=deny')).toBe('deny');
    expect(notificationIntent('')).toBeUndefined();
    expect(notificationIntent('?confirm=APPROVE')).toBeUndefined();
    expect(notificationIntent('?confirm=approve%20')).toBeUndefined();
    fc.assert(
      fc.property(fc.string(), (value) => {
        const intent = notificationIntent(`?confirm=${encodeURIComponent(value)}`);
        expect(intent === undefined || intent === value).toBe(true);
        if (value !== 'approve' && value !== 'deny') expect(intent).toBeUndefined();
      }),
    );
  });
});
