import { UI_LOCALE } from './locale.js';

/**
 * A number of hours in words, in the largest units that read naturally:
 * 720 is "30 days", 12 is "12 hours", 30 is "1 day 6 hours". A fraction of
 * an hour or a negative count is not a lifetime the API accepts, so it is
 * given plainly ("1.5 hours") rather than rounded into something it is not.
 */
export function formatHours(hours: number, locale: string = UI_LOCALE): string {
  if (!Number.isInteger(hours) || hours < 0) return `${hours} hours`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = [days > 0 ? plural(days, 'day', locale) : null, rest > 0 || days === 0 ? plural(rest, 'hour', locale) : null];
  return parts.filter((part) => part !== null).join(' ');
}

/** "1 day", "2 days", "1,000 tokens": the count grouped as the locale writes numbers, the unit in the sentences' English. */
export function plural(count: number, unit: string, locale: string = UI_LOCALE): string {
  return `${count.toLocaleString(locale)} ${unit}${count === 1 ? '' : 's'}`;
}
