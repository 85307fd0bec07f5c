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
    if (ast.kind !== Kind.STRING) throw new TypeError('DateTime must be an ISO 8601 string');
    return parseInstant(ast.value);
  },
});

function parseInstant(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO 8601 string');
  return date;
}
