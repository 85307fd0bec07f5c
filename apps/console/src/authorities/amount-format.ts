/**
 * How amounts read in the console. Amounts are whole numbers up to 2^53 − 1
 * (JavaScript numbers hold them exactly); money arrives in minor units and
 * is shown in its currency.
 */

/** The dimensions an authority can cap, in the order the console lists them. */
export type Dimension = 'tokens' | 'minorUnits' | 'draws';

/** Every dimension, in display order. */
export const DIMENSIONS: readonly Dimension[] = ['tokens', 'minorUnits', 'draws'];

/** The largest amount the API takes: 2^53 − 1. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

const countFormat = new Intl.NumberFormat();

/** A count in the owner's locale: 1,250,000. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    // The code rather than a symbol: "$" alone does not say which dollar.
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency, currencyDisplay: 'code' });
    moneyFormats.set(currency, format);
  }
  return format;
}

/** How many minor units make one major unit of `currency` is 10 to this power (2 for EUR, 0 for JPY, 3 for KWD). */
export function fractionDigits(currency: string): number {
  return moneyFormat(currency).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Intl.NumberFormat formats decimal strings exactly (ES2023); the ES2022 typings only know numbers. */
interface DecimalFormat {
  format(value: string): string;
}

/**
 * Minor units as money in their currency ("EUR 12.50" for 1250 in en-US).
 * The decimal is built as text and formatted as such, so amounts past what
 * a float divides exactly (near 2^53) are not rounded.
 */
export function formatMoney(minorUnits: number, currency: string): string {
  const digits = fractionDigits(currency);
  const text = String(minorUnits).padStart(digits + 1, '0');
  const decimal = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return (moneyFormat(currency) as unknown as DecimalFormat).format(decimal);
}

/** An amount of one dimension, with its unit: "1,250 tokens", "EUR 12.50", "3 draws". */
export function formatAmount(dimension: Dimension, value: number, currency: string | null): string {
  switch (dimension) {
    case 'tokens':
      return `${formatCount(value)} ${value === 1 ? 'token' : 'tokens'}`;
    case 'minorUnits':
      return currency ? formatMoney(value, currency) : `${formatCount(value)} minor units`;
    case 'draws':
      return `${formatCount(value)} ${value === 1 ? 'draw' : 'draws'}`;
  }
}
