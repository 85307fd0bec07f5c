import { GraphQLScalarType, Kind } from 'graphql';
import { INSTANT_MESSAGE, readInstant } from '../../platform/lib/instant.js';

function instantOrThrow(value: unknown): Date {
  const date = readInstant(value);
  if (!date) throw new TypeError(INSTANT_MESSAGE);
  return date;
}

/** ISO 8601 instants; accepts ISO strings as input, always emits UTC. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize: (value) => {
    const date = value instanceof Date ? value : new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime cannot represent an invalid date');
    return date.toISOString();
  },
  parseValue: (value) => instantOrThrow(value),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new TypeError(INSTANT_MESSAGE);
    return instantOrThrow(ast.value);
  },
});

/** Any JSON value, passed through as parsed; literals are read as JSON. */
export const JSONScalar = new GraphQLScalarType<unknown, unknown>({
  name: 'JSON',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: function parse(ast): unknown {
    switch (ast.kind) {
      case Kind.STRING:
      case Kind.BOOLEAN:
        return ast.value;
      case Kind.INT:
        return Number.parseInt(ast.value, 10);
      case Kind.FLOAT:
        return Number.parseFloat(ast.value);
      case Kind.NULL:
        return null;
      case Kind.LIST:
        return ast.values.map((value) => parse(value));
      case Kind.OBJECT:
        return Object.fromEntries(ast.fields.map((field) => [field.name.value, parse(field.value)]));
      default:
        throw new TypeError('JSON literals cannot contain variables');
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
