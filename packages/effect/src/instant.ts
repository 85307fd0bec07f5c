import type { EffectContext } from './effect.js';

/** An ISO 8601 instant with an explicit offset, as the API accepts one: anything else is not read as a date. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * An instant from a request's input as the owner's dates read elsewhere in
 * the console ("Dec 31, 2026, 11:00 PM"; "Dec 31, 2026, 11:00 PM UTC" in a
 * zone given explicitly, as the server's notifications give UTC), or null when the text is not an
 * instant: the caller then falls back rather than show a guess.
 */
export function formatInstant(text: unknown, context: EffectContext): string | null {
  if (typeof text !== 'string' || !ISO_INSTANT.test(text)) return null;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return null;
  // A zone given explicitly (the server's UTC) is not the reader's own, so it is named; the console's, the browser's, goes unsaid.
  const options: Intl.DateTimeFormatOptions =
    context.timeZone === undefined
      ? { dateStyle: 'medium', timeStyle: 'short' }
      : { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: context.timeZone, timeZoneName: 'short' };
  const format = new Intl.DateTimeFormat(context.locale, options);
  return format.format(time).replace(/[\u00a0\u202f]/g, ' ');
}
