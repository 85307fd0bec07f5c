import { showInvisibles } from '@countersign/manifest/invisible-characters';
import { BUILT_IN_EFFECTS } from './built-in-effects.js';
import { describeDefined, MAX_BRIEF, shorten } from './defined-effect.js';
import type { Effect, EffectContext, EffectSubject } from './effect.js';
import { UI_LOCALE } from './locale.js';
import { formatMoney, largestMoney } from './money.js';

export type { Effect, EffectSubject } from './effect.js';

/**
 * What approving a request would do, in words an owner can check (issue 14,
 * item 2): one description per built-in operation, and for an owner-defined
 * one its input rendered by its schema's titles. The input is the agent's
 * JSON, so nothing here trusts its shape: anything unexpected falls back to
 * the server's `description`, and this never throws. The locale is the UI's
 * (`UI_LOCALE`, English); `timeZone` (the browser's when absent) is the
 * server's UTC, or a test's fixed zone.
 */
export function describeEffect(signOff: EffectSubject, locale: string = UI_LOCALE, timeZone?: string): Effect {
  const context: EffectContext = { locale, timeZone };
  try {
    const amount = amountOf(signOff.input, locale);
    const builtIn = BUILT_IN_EFFECTS.get(signOff.op);
    const described = builtIn ? builtIn(signOff, context) : describeDefined(signOff, context);
    return described ? { ...described, brief: shorten(described.brief, MAX_BRIEF), amount } : fallback(signOff, locale);
  } catch {
    return fallback(signOff, locale);
  }
}

/** The largest money amount in the input, for the list's amount column (by the one money policy: `currencyDisplayOf`). */
function amountOf(input: unknown, locale: string): string | null {
  const money = largestMoney(input);
  return money && formatMoney(money, locale);
}

/** The server's own description of the request, when the input cannot be read in words. */
function fallback(signOff: EffectSubject, locale: string): Effect {
  const description = typeof signOff.description === 'string' ? signOff.description.trim() : '';
  const sentence = showInvisibles(description === '' ? `Runs ${String(signOff.op)}` : description);
  const repository = signOff.repository?.name;
  let amount: string | null = null;
  try {
    amount = amountOf(signOff.input, locale);
  } catch {
    // The amount is a nicety: a request whose money cannot be formatted still shows its description.
  }
  return {
    sentence,
    brief: shorten(sentence, MAX_BRIEF),
    target: typeof repository === 'string' && repository !== '' ? showInvisibles(repository) : null,
    amount,
  };
}
