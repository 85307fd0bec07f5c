import type { EffectContext } from './effect.js';

/** An ISO 8601 instant with an explicit offset, as the API accepts one: anything else is not read as a date. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * An instant from a request's input as the owner's dates read elsewhere in
 * the console ("Dec 31, 2026, 11:00 PM"), or null when the text is not an
 * instant: the caller then falls back rather than show a guess.
 */
export function formatInstant(text: unknown, context: EffectContext): string | null {
  if (typeof text !== 'string' || !ISO_INSTANT.test(text)) return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  const format = new Intl.DateTimeFormat(context.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: context.timeZone });
  return format.format(time).replace(/[\u00a0\u202f]/g, ' ');
}
