/**
 * Money as the product carries it in a request's input: an object with an
 * integer `minorUnits` and an ISO 4217 `currency` (authorities' terms use the
 * same pair). Read here to hold a request against its owner's thresholds
 * (docs/sign-offs.md, S15).
 */

export interface Money {
  minorUnits: number;
  currency: string;
}

/** How deep the search looks: an input nests at most 64 levels (edge/http/guards.ts), and this bounds the walk regardless. */
const MAX_DEPTH = 64;

const CURRENCY = /^[A-Z]{3}$/;

/**
 * A money object: a whole-number `minorUnits` and an upper-case three-letter
 * `currency`; other keys may sit beside them. Any whole number counts, however
 * large: an amount past 2^53 − 1 must not slip under a threshold by being too
 * big to be read as money (it compares as the huge number it is).
 */
export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { minorUnits, currency } = value as Record<string, unknown>;
  return typeof minorUnits === 'number' && Number.isInteger(minorUnits) && typeof currency === 'string' && CURRENCY.test(currency);
}

/** Every money object anywhere in a JSON value, in document order. */
export function findMoney(value: unknown): Money[] {
  const found: Money[] = [];
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (isMoney(node)) found.push({ minorUnits: node.minorUnits, currency: node.currency });
    for (const child of Array.isArray(node) ? node : Object.values(node)) visit(child, depth + 1);
  };
  visit(value, 0);
  return found;
}

/** Whether a code is an ISO 4217 currency Node's ICU knows (not merely three letters). */
export function isKnownCurrency(code: string): boolean {
  return CURRENCY.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

/** Minor units in a major one, as a power of ten (EUR 2, JPY 0, BHD 3), from ICU; 2 for a code it does not know. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * An amount as a reason states it, the same in every locale: the code, whole
 * units grouped by commas, and the currency's fraction digits exactly as
 * stored ("EUR 5,000.00", "JPY 500", "BHD 1.234").
 */
export function formatMoney(money: Money): string {
  const exponent = currencyExponent(money.currency);
  // BigInt spells out every digit of a huge whole number, where String() would switch to 1e+21.
  const digits = BigInt(Math.abs(money.minorUnits))
    .toString()
    .padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${money.currency} ${money.minorUnits < 0 ? '-' : ''}${whole}${fraction}`;
}
