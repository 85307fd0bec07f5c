import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDisplayOf, currencyExponent, findMoney, formatMoney, isMoney, largestMoney, parseMoneyAmount } from './money.js';

/** Currencies with each exponent Intl knows: none (JPY, KRW), two (EUR, USD, GBP), three (BHD, KWD). */
const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'KRW', 'BHD', 'KWD', 'ABC'];

describe('formatMoney', () => {
  it('reads minor units by the currency’s own exponent', () => {
    expect(formatMoney({ minorUnits: 10_000_000, currency: 'EUR' }, 'en-US')).toBe('€100,000.00');
    expect(formatMoney({ minorUnits: 10_000_000, currency: 'EUR' }, 'en-US', 'code')).toBe('EUR 100,000.00');
    expect(formatMoney({ minorUnits: 500, currency: 'JPY' }, 'en-US')).toBe('JPY 500');
    expect(formatMoney({ minorUnits: 1234, currency: 'BHD' }, 'en-US', 'code')).toBe('BHD 1.234');
    expect(formatMoney({ minorUnits: 5, currency: 'USD' }, 'en-US')).toBe('USD 0.05');
    expect(formatMoney({ minorUnits: -5, currency: 'USD' }, 'en-US')).toBe('-USD 0.05');
    expect(formatMoney({ minorUnits: 150, currency: 'EUR' }, 'de-DE', 'code')).toBe('1,50 EUR');
  });

  it('shows the symbol only where it names one currency (€, £, ₹), every other currency by its ISO code, in English whatever the browser’s language', () => {
    expect(formatMoney({ minorUnits: 10_000_000, currency: 'EUR' })).toBe('€100,000.00');
    expect(formatMoney({ minorUnits: 54_000, currency: 'USD' })).toBe('USD 540.00');
    expect(formatMoney({ minorUnits: 54_000, currency: 'CAD' })).toBe('CAD 540.00');
    expect(formatMoney({ minorUnits: 999, currency: 'GBP' })).toBe('£9.99');
    expect(formatMoney({ minorUnits: 500, currency: 'CNY' })).toBe('CNY 5.00');
    expect(formatMoney({ minorUnits: 1_000, currency: 'SEK' })).toBe('SEK 10.00');
    expect(['EUR', 'GBP', 'INR', 'USD', 'JPY', 'AUD', 'MXN'].map(currencyDisplayOf)).toEqual(['symbol', 'symbol', 'symbol', 'code', 'code', 'code', 'code']);
  });

  it('keeps every digit of the largest safe amount, where a float would round', () => {
    expect(formatMoney({ minorUnits: Number.MAX_SAFE_INTEGER, currency: 'EUR' }, 'en-US', 'code')).toBe('EUR 90,071,992,547,409.91');
  });

  it('round-trips: the digits shown are exactly the minor units, with as many fraction digits as the currency’s exponent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...CURRENCIES), (minorUnits, currency) => {
        const text = formatMoney({ minorUnits, currency }, 'en-US', 'code');
        expect(BigInt(text.replace(/\D/g, ''))).toBe(BigInt(minorUnits));
        const exponent = currencyExponent(currency);
        const fraction = /\.(\d+)$/.exec(text)?.[1] ?? '';
        expect(fraction.length).toBe(exponent);
        expect(text.startsWith(`${currency} `)).toBe(true);
      }),
    );
  });

  it('takes the exponent from Intl: none for JPY, two for EUR, three for BHD', () => {
    expect([currencyExponent('JPY'), currencyExponent('EUR'), currencyExponent('BHD')]).toEqual([0, 2, 3]);
  });
});

describe('finding money in an input', () => {
  it('finds every {minorUnits, currency} object, however deep, and only those', () => {
    const input = {
      price: { minorUnits: 500, currency: 'EUR' },
      lines: [{ sku: 'A', total: { minorUnits: 2000, currency: 'JPY' } }],
      notMoney: [
        { minorUnits: 1.5, currency: 'EUR' },
        { minorUnits: 1, currency: 'eur' },
        { minorUnits: '1', currency: 'EUR' },
      ],
    };
    expect(findMoney(input)).toEqual([
      { minorUnits: 500, currency: 'EUR' },
      { minorUnits: 2000, currency: 'JPY' },
    ]);
    expect(isMoney({ minorUnits: 1, currency: 'EUR', name: 'terms' })).toBe(true);
  });

  it('the largest is compared in whole units: ¥2,000 is less than €50.00 only by count of major units', () => {
    expect(largestMoney({ a: { minorUnits: 5000, currency: 'EUR' }, b: { minorUnits: 2000, currency: 'JPY' } })).toEqual({ minorUnits: 2000, currency: 'JPY' });
    expect(largestMoney({ a: { minorUnits: 500000, currency: 'EUR' }, b: { minorUnits: 2000, currency: 'JPY' } })).toEqual({
      minorUnits: 500000,
      currency: 'EUR',
    });
    expect(largestMoney({ nothing: [1, 'two'] })).toBeNull();
  });

  it('never throws on any JSON, and finds only well-formed money', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const money of findMoney(value)) expect(isMoney(money)).toBe(true);
      }),
    );
  });
});

describe('parseMoneyAmount', () => {
  it('reads whole units as minor units of the currency, exactly', () => {
    expect(parseMoneyAmount('1,000.00', 'EUR')).toEqual({ minorUnits: 100_000 });
    expect(parseMoneyAmount('1000.5', 'EUR')).toEqual({ minorUnits: 100_050 });
    expect(parseMoneyAmount(' 12 ', 'EUR')).toEqual({ minorUnits: 1_200 });
    expect(parseMoneyAmount('500', 'JPY')).toEqual({ minorUnits: 500 });
    expect(parseMoneyAmount('1.234', 'BHD')).toEqual({ minorUnits: 1_234 });
    expect(parseMoneyAmount('0', 'USD')).toEqual({ minorUnits: 0 });
  });

  it('refuses what is no amount in that currency, saying why', () => {
    for (const text of ['', '-5', '1e3', 'ten', '1,,000', '1.2.3', '.5', '1,']) expect(parseMoneyAmount(text, 'EUR'), text).toHaveProperty('problem');
    expect(parseMoneyAmount('1.001', 'EUR')).toEqual({ problem: 'EUR has 2 digits after the point at most.' });
    expect(parseMoneyAmount('500.5', 'JPY')).toEqual({ problem: 'JPY has no fractions of a unit.' });
    expect(parseMoneyAmount('90071992547409.92', 'EUR')).toEqual({ problem: 'That amount is too large.' });
  });

  it('reads back what formatMoney writes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(...CURRENCIES), (minorUnits, currency) => {
        const shown = formatMoney({ minorUnits, currency }, 'en-US', 'code').slice(currency.length + 1);
        expect(parseMoneyAmount(shown, currency)).toEqual({ minorUnits });
      }),
    );
  });
});
