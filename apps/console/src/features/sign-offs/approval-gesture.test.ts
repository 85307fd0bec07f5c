import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amountHint, amountMismatch, confirms, gestureFor } from './approval-gesture';

describe('gestureFor', () => {
  it('asks more as the risk rises', () => {
    expect(gestureFor('LOW', { target: 'docs', amount: null }, 'bot')).toEqual({ kind: 'click' });
    expect(gestureFor('MEDIUM', { target: 'docs', amount: null }, 'bot')).toEqual({ kind: 'confirm' });
    expect(gestureFor('HIGH', { target: 'docs', amount: null }, 'bot')).toEqual({ kind: 'type', phrase: 'docs', what: 'name' });
    expect(gestureFor('HIGH', { target: 'billing-agent', amount: '€5.00' }, 'bot')).toEqual({ kind: 'type', phrase: '€5.00', what: 'amount' });
    expect(gestureFor('HIGH', { target: null, amount: '€100,000.00' }, 'bot')).toEqual({ kind: 'type', phrase: '€100,000.00', what: 'amount' });
    expect(gestureFor('HIGH', { target: null, amount: null }, 'bot')).toEqual({ kind: 'type', phrase: 'bot', what: 'name' });
  });
});

describe('confirms', () => {
  it('takes a name exactly, and an amount by its digits', () => {
    expect(confirms({ kind: 'type', phrase: 'site-eu', what: 'name' }, 'site-eu')).toBe(true);
    expect(confirms({ kind: 'type', phrase: 'site-eu', what: 'name' }, ' site-eu ')).toBe(true);
    expect(confirms({ kind: 'type', phrase: 'site-eu', what: 'name' }, 'site')).toBe(false);
    expect(confirms({ kind: 'type', phrase: 'site-eu', what: 'name' }, 'Site-EU')).toBe(false);
    expect(confirms({ kind: 'type', phrase: '€100,000.00', what: 'amount' }, '100000.00')).toBe(true);
    expect(confirms({ kind: 'type', phrase: '€100,000.00', what: 'amount' }, '100000')).toBe(false);
  });

  it('never confirms with nothing typed', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('name' as const, 'amount' as const), (phrase, what) => {
        expect(confirms({ kind: 'type', phrase, what }, '')).toBe(false);
      }),
    );
  });
});

describe('amountMismatch', () => {
  const phrase = { kind: 'type' as const, phrase: '€100,000.00', what: 'amount' as const };

  it('says that "100000" for €100,000.00 leaves out the cents, instead of keeping Approve disabled without a word', () => {
    expect(amountMismatch(phrase, '100000')).toBe('“100000” leaves out the 2 digits after the point: type 100,000.00, every digit of €100,000.00.');
    expect(amountMismatch(phrase, '10000')).toBe('“10000” is not €100,000.00: type 100,000.00.');
    expect(amountMismatch({ kind: 'type', phrase: 'JPY 500', what: 'amount' }, '50')).toBe('“50” is not JPY 500: type 500.');
  });

  it('says nothing while the amount confirms, nothing is typed, or a name is asked for', () => {
    expect(amountMismatch(phrase, '100,000.00')).toBeNull();
    expect(amountMismatch(phrase, ' ')).toBeNull();
    expect(amountMismatch({ kind: 'type', phrase: 'site-eu', what: 'name' }, 'site')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (typed) => {
        expect(amountMismatch(phrase, typed) === null).toBe(typed.trim() === '' || confirms(phrase, typed));
      }),
    );
  });
});

describe('amountHint', () => {
  const phrase = { kind: 'type' as const, phrase: 'SEK 5,000.00', what: 'amount' as const };

  it('says nothing while the whole part is still being typed, then why a typed amount does not confirm', () => {
    expect(['', '5', '50', '500'].map((typed) => amountHint(phrase, typed))).toEqual([null, null, null, null]);
    expect(amountHint(phrase, '5000')).toBe('“5000” leaves out the 2 digits after the point: type 5,000.00, every digit of SEK 5,000.00.');
    expect(amountHint(phrase, '5000.00')).toBeNull();
    expect(amountHint({ kind: 'type', phrase: 'site-eu', what: 'name' }, 'site')).toBeNull();
  });
});
