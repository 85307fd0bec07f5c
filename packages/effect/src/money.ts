/**
 * Money as the product stores it — `{minorUnits, currency}`, an integer count
 * of the currency's smallest unit and its ISO 4217 code — shown as people
 * read it. The number of minor units in a major one comes from Intl (JPY has
 * none, EUR two, BHD three), so the console never keeps its own table.
 */

import { UI_LOCALE } from './locale.js';

/** The product's money shape, as authorities and owner-defined inputs carry it. */
export interface Money {
  minorUnits: number;
  currency: string;
}

/**
 * How the currency is named: by its symbol (`€100,000.00`) or its ISO code
 * (`USD 540.00`). Left to `formatMoney`, it follows the one policy,
 * `currencyDisplayOf`; `'code'` forces the code.
 */
export type CurrencyDisplay = 'symbol' | 'code';

/**
 * Currencies whose symbol names only them, to an English reader anywhere:
 * the euro's €, the pound sterling's £, the Indian rupee's ₹. Every other
 * currency is named by its code: "$" alone does not say which dollar (or
 * peso), "¥" whether yen or yuan, "kr" which crown — and an owner approving
 * money must not have to guess.
 */
const UNAMBIGUOUS_SYMBOL: ReadonlySet<string> = new Set(['EUR', 'GBP', 'INR']);

/** The money policy (issue 26, item 6): the symbol where it is unambiguous, else the ISO code. */
export function currencyDisplayOf(currency: string): CurrencyDisplay {
  return UNAMBIGUOUS_SYMBOL.has(currency) ? 'symbol' : 'code';
}

const CURRENCY = /^[A-Z]{3}$/;

/** How deep `findMoney` looks: agent-controlled JSON may nest far past anything an owner would read. */
const MAX_DEPTH = 32;

/**
 * Whether a value is a money object: a safe integer `minorUnits` and an
 * upper-case three-letter `currency`. Other keys may sit beside them (an
 * authority grant's terms carry its name and draws too).
 */
export function isMoney(value: unknown): value is Money {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { minorUnits, currency } = value as Record<string, unknown>;
  return typeof minorUnits === 'number' && Number.isSafeInteger(minorUnits) && typeof currency === 'string' && CURRENCY.test(currency);
}

/** Minor units in one major unit, as a power of ten: 2 for EUR, 0 for JPY, 3 for BHD; 2 for a well-formed code Intl does not know. */
export function currencyExponent(currency: string): number {
  return new Intl.NumberFormat(UI_LOCALE, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/**
 * A money value formatted in its currency, the one formatter every amount
 * in the console and the notifications goes through: `{minorUnits:
 * 10000000, currency: 'EUR'}` is "€100,000.00", USD 540 "USD 540.00", JPY
 * 500 "JPY 500" (`currencyDisplayOf`; `'code'` forces "EUR 100,000.00"). Exact for every safe integer: the whole units are formatted by
 * Intl and the fraction digits are the stored ones, never a rounded float.
 * Non-breaking spaces Intl puts between a code and the number are plain
 * spaces, so the text matches what an owner would type or search.
 */
export function formatMoney(money: Money, locale: string = UI_LOCALE, display: CurrencyDisplay = currencyDisplayOf(money.currency)): string {
  const exponent = currencyExponent(money.currency);
  const scale = 10 ** exponent;
  const abs = Math.abs(money.minorUnits);
  const fraction = abs % scale;
  const whole = (abs - fraction) / scale;
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: display,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  });
  // -0 keeps the sign of a negative amount under one major unit.
  const parts = format.formatToParts(money.minorUnits < 0 ? -whole : whole);
  const digits = String(fraction).padStart(exponent, '0');
  return parts
    .map((part) => (part.type === 'fraction' ? digits : part.value))
    .join('')
    .replace(/[\u00a0\u202f]/g, ' ');
}

/** Every money object in a JSON value, outermost first, in document order. */
export function findMoney(value: unknown): Money[] {
  const found: Money[] = [];
  const visit = (node: unknown, depth: number) => {
    if (depth > MAX_DEPTH || typeof node !== 'object' || node === null) return;
    if (isMoney(node)) found.push({ minorUnits: node.minorUnits, currency: node.currency });
    for (const child of Array.isArray(node) ? node : Object.values(node)) visit(child, depth + 1);
  };
  visit(value, 0);
  return found;
}

/** A money value in whole units of its currency, to compare amounts of different currencies roughly (no exchange rates). */
function majorUnits(money: Money): number {
  return money.minorUnits / 10 ** currencyExponent(money.currency);
}

/** The largest money amount in a JSON value (by its number of major units), or null when it carries none. */
export function largestMoney(value: unknown): Money | null {
  let largest: Money | null = null;
  for (const money of findMoney(value)) if (largest === null || majorUnits(money) > majorUnits(largest)) largest = money;
  return largest;
}

/** What an owner typed as an amount, read in a currency: its minor units, or why it cannot be one. */
export type ParsedAmount = { minorUnits: number } | { problem: string };

/**
 * An amount typed in whole units ("1000", "1,000.50", "500" for JPY) as
 * minor units of the currency, exactly (no float arithmetic): the inverse of
 * `formatMoney`'s number. Commas group and are ignored; more fraction digits
 * than the currency has, or a total past 2^53 − 1, is a problem to show.
 */
export function parseMoneyAmount(text: string, currency: string): ParsedAmount {
  const exponent = currencyExponent(currency);
  const match = /^(\d[\d,]*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || /,,|,$/.test(match[1] ?? '')) return { problem: 'Enter an amount such as 1,000.00.' };
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) {
    return { problem: exponent === 0 ? `${currency} has no fractions of a unit.` : `${currency} has ${exponent} digits after the point at most.` };
  }
  const digits = `${(match[1] ?? '').replace(/,/g, '')}${fraction.padEnd(exponent, '0')}`;
  const minorUnits = Number(digits);
  if (!Number.isSafeInteger(minorUnits)) return { problem: 'That amount is too large.' };
  return { minorUnits };
}
