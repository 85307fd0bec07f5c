import { GraphQLScalarType, Kind } from 'graphql';

/** ISO 8601 instants; accepts ISO strings as input, always emits UTC. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize: (value) => {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue: (value) => parseInstant(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError(INSTANT_MESSAGE);
    return parseInstant(ast.value);
  },
});

/** RFC 3339's profile of ISO 8601: a full date, a time and an explicit offset. */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?([Zz]|[+-]\d{2}:\d{2})$/;

const INSTANT_MESSAGE = 'DateTime must be an ISO 8601 instant from year 1 to 9999, e.g. 2026-11-30T12:00:00Z';

/**
 * Only the strict form, and only years PostgreSQL and every client can hold:
 * `Date` alone also accepts "1" (as 2001, local time), rolls 2026-02-30 over
 * into March and reaches year ±275760, which PostgreSQL refuses mid-statement
 * (a client's mistake that would otherwise surface as an internal error).
 */
function parseInstant(value: unknown): Date {
  const match = typeof value === 'string' ? INSTANT.exec(value) : null;
  if (!match) throw new TypeError(INSTANT_MESSAGE);
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(value as string);
  // Not Date.UTC: it reads years 0–99 as 1900–1999.
  const asWritten = new Date(0);
  asWritten.setUTCFullYear(year, month - 1, day);
  asWritten.setUTCHours(hour, minute, second);
  const calendarHolds = asWritten.getUTCFullYear() === year && asWritten.getUTCMonth() === month - 1 && asWritten.getUTCDate() === day
    && asWritten.getUTCHours() === hour && asWritten.getUTCMinutes() === minute && asWritten.getUTCSeconds() === second;
  if (!calendarHolds || Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999) throw new TypeError(INSTANT_MESSAGE);
  return date;
}

/** Any JSON value, passed through as parsed; literals are read as JSON. */
export const JSONScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function parse(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN: return ast.value;
      case Kind.INT: return Number.parseInt(ast.value, 10);
      case Kind.FLOAT: return Number.parseFloat(ast.value);
      case Kind.NULL: return null;
      case Kind.LIST: return ast.values.map((value) => parse(value));
      case Kind.OBJECT: return Object.fromEntries(ast.fields.map((field) => [field.name.value, parse(field.value)]));
      default: throw new TypeError('JSON literals cannot contain variables');
    }
  },
});

const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

function toAmount(value: unknown): number {
  const amount = typeof value === 'bigint' ? Number(value) : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount < 0 || amount > MAX_AMOUNT) {
    throw new TypeError('Amount must be a whole number from 0 to 2^53 − 1');
  }
  return amount;
}

/**
 * Whole amounts up to 2^53 − 1: exact in a JSON number and a JavaScript one.
 * Inputs must be JSON numbers (a float, a negative or a string is refused);
 * outputs come from PostgreSQL bigints.
 */
export const AmountScalar = new GraphQLScalarType<number, number>({
  name: 'Amount',
  serialize: (value) => toAmount(value),
  parseValue: (value) => {
    if (typeof value !== 'number') throw new TypeError('Amount must be a JSON number');
    return toAmount(value);
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw new TypeError('Amount must be a whole number');
    return toAmount(ast.value);
  },
});
