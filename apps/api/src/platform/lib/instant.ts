/**
 * Reading instants one way everywhere: the DateTime scalar and the terms of
 * an `authority.grant` request (whose input is JSON, not typed by GraphQL)
 * must agree, or an owner approves one date and the authority runs on another.
 */

/** RFC 3339's profile of ISO 8601: a full date, a time and an explicit offset. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})$/;

export const INSTANT_MESSAGE = 'DateTime must be an ISO 8601 instant from year 1 to 9999, e.g. 2026-11-30T12:00:00Z';

/**
 * The instant `value` names, or undefined. Only the strict form, and only years PostgreSQL and every client can hold:
 * `Date` alone also accepts "1" (as 2001, local time), rolls 2026-02-30 over
 * into March and reaches year ±275760, which PostgreSQL refuses mid-statement
 * (a client's mistake that would otherwise surface as an internal error).
 */
export function readInstant(value: unknown): Date | undefined {
  const match = typeof value === 'string' ? INSTANT.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(value as string);
  // Not Date.UTC: it reads years 0–99 as 1900–1999.
  const asWritten = new Date(0);
  asWritten.setUTCFullYear(year, month - 1, day);
  asWritten.setUTCHours(hour, minute, second);
  const calendarHolds =
    asWritten.getUTCFullYear() === year &&
    asWritten.getUTCMonth() === month - 1 &&
    asWritten.getUTCDate() === day &&
    asWritten.getUTCHours() === hour &&
    asWritten.getUTCMinutes() === minute &&
    asWritten.getUTCSeconds() === second;
  if (!calendarHolds || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) return undefined;
  return date;
}
