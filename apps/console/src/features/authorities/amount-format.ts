import { formatCount as formatUiCount, formatMoney as formatMoneyValue } from '@countersign/effect';

/**
 * How amounts read in the console. Amounts are whole numbers up to 2^53 − 1
 * (JavaScript numbers hold them exactly); money arrives in minor units and
 * is shown in its currency; the owner types it in major units (issue-terms.ts).
 */

/** The dimensions an authority can cap, in the order the console lists them. */
export type Dimension = 'tokens' | 'minorUnits' | 'draws';

/** Every dimension, in display order. */
export const DIMENSIONS: readonly Dimension[] = ['tokens', 'minorUnits', 'draws'];

/** The largest amount the API takes: 2^53 − 1. */
export const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

/** A count as the UI writes it, in English whatever the browser's language: 1,250,000. */
export function formatCount(value: number): string {
  return formatUiCount(value);
}

/**
 * Minor units as money in their currency, through the one formatter and
 * money policy of `@countersign/effect` ("€12.50", "USD 12.50": the symbol
 * only where it names one currency). Exact to the last digit near 2^53.
 */
export function formatMoney(minorUnits: number, currency: string): string {
  return formatMoneyValue({ minorUnits, currency });
}

/** An amount of one dimension, with its unit: "1,250 tokens", "€12.50", "3 draws". */
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
