import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';

/** Values from the seeded world, so some generated arguments name real rows. */
export interface KnownValues {
  ids: string[];
  strings: string[];
}

/** One generated call: a document with one root field, its variables, and how it was built. */
export interface FuzzRequest {
  operation: 'query' | 'mutation' | 'subscription';
  field: string;
  query: string;
  variables: Record<string, unknown>;
}

/** Nesting that the HTTP guard refuses (over 64) and nesting that it lets through to the resolvers. */
const nested = (depth: number, inner: unknown = 0): unknown => {
  let value = inner;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
};

/** Strings that have broken parsers, databases and formatters elsewhere. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\0',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  'e\u0301',
  '\u202Eevil',
  '🔥'.repeat(50),
  'x'.repeat(5_000),
  '9999999999999999999',
  '-1',
  '0',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '__proto__',
  'constructor',
  "'; DROP TABLE agents; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:x}',
  '{"a":1}',
  '[]',
  '-200000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  'repository.delete',
  'repository.transfer',
  'repository.mintToken',
  'authority.grant',
  'nobody@example.com',
];

/** Manifest-like texts: well formed, nearly so, duplicated keys, YAML tricks, and deep nesting inside a string. */
const MANIFEST_TEXTS = [
  '{"name":"fuzz","version":"1.0.0"}',
  '{"name":"fuzz","version":"1.0.0","name":"other"}',
  'name: fuzz\nversion: 1.0.0\n',
  'name: fuzz\nversion: 1.0.0\nname: again\n',
  'a: &a [*a]\nname: fuzz\nversion: "1"\n',
  'base: &b {x: 1}\nname: fuzz\nversion: "1"\nother: *b\n',
  'name: fuzz\nversion: 1.0.0\nbig: 99999999999999999999999\n',
  'name: fuzz\nversion: 1.0.0\nwhen: 2001-12-14t21:59:43.10-05:00\n',
  `{"name":"fuzz","version":"1.0.0","deep":${'['.repeat(15_000)}${']'.repeat(15_000)}}`,
  `name: fuzz\nversion: 1.0.0\ndeep: ${'['.repeat(5_000)}${']'.repeat(5_000)}\n`,
  '- just\n- a list\n',
  '"a string"',
  '12',
  'null',
  '{',
  ': :',
  'name: fuzz\nversion: "1"\n__proto__: {polluted: true}\n',
  '{"name":"fuzz","version":"1","__proto__":{"polluted":true},"constructor":{"prototype":{}}}',
  'name: fuzz\nversion: "1"\nn: .nan\ni: -.inf\n',
  'name: fuzz\nversion: 1.0\n',
  'name: fuzz\nversion: "1"\nb: !!binary aGVsbG8=\n',
  'name: fuzz\nversion: "1"\ns: !!set {a, b}\n',
  'name: fuzz\nversion: "1"\nf: !!js/function "function(){}"\n',
  'name: fuzz\nversion: "1"\n? [a, b]\n: c\n',
  'name: fuzz\nversion: "1"\n<<: {x: 1}\n',
  '%YAML 1.1\n---\nname: fuzz\nversion: "1"\nyes: on\n',
  'name: fuzz\nversion: "1"\n---\nname: second\n',
  `a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 9 }, (_, i) => `a${i + 1}: &a${i + 1} [${Array(10).fill(`*a${i}`).join(', ')}]`).join('\n')}\nname: fuzz\nversion: "1"\n`,
  `name: fuzz\nversion: "1"\nk: ${'x'.repeat(31_000)}\n`,
  '\uFEFF{"name":"fuzz","version":"1"}',
  '  {"name":"fuzz","version":"1"}',
  '{"name":"fuzz","version":"1"} trailing',
];

const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
);

/** A value of some type other than the one asked for. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, 2 ** 31, 2 ** 53, -(2 ** 63), 1e300, '', [], {}, [null], { a: { b: 'c' } }),
  anyString,
  fc.constantFrom(nested(40), nested(70)),
);

const AMOUNTS = fc.oneof(
  fc.nat({ max: 1_000 }),
  fc.constantFrom(0, 1, 2 ** 31, 2 ** 53 - 1, 2 ** 53, -1, 1.5, 1e21, -0),
  fc.constantFrom('1', '9007199254740993', '-1'),
);

const INSTANTS = fc.oneof(
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom(
    '-200000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '2026-02-30T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-11-30',
    '1',
    'now',
    '',
    '2026-11-30T12:00:00+99:00',
  ),
);

function scalarValue(name: string, known: KnownValues): fc.Arbitrary<unknown> {
  switch (name) {
    case 'ID':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
        { weight: 1, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: anyString },
        { weight: 1, arbitrary: fc.integer() },
      );
    case 'String':
      return fc.oneof({ weight: 1, arbitrary: fc.constantFrom(...known.strings) }, { weight: 3, arbitrary: anyString });
    case 'Int':
      return fc.oneof(fc.integer({ min: -5, max: 100 }), fc.integer(), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, 1e300, 1.5, -0));
    case 'Float':
      return fc.double();
    case 'Boolean':
      return fc.boolean();
    case 'DateTime':
      return INSTANTS;
    case 'Amount':
      return AMOUNTS;
    case 'JSON':
      return fc.oneof(
        { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
        {
          weight: 1,
          arbitrary: fc.record(
            { scopes: fc.array(fc.constantFrom('read', 'write', 'admin', ''), { maxLength: 3 }), ttlHours: AMOUNTS, to: anyString },
            { requiredKeys: [] },
          ),
        },
        { weight: 1, arbitrary: fc.constantFrom(nested(40), nested(70), { a: nested(50) }, 1e308, -0, 'x'.repeat(10_000)) },
      );
    default:
      return anyString;
  }
}

/**
 * A value for an input type: usually well typed (with hostile scalars),
 * sometimes null or absent where it is required, sometimes another type
 * entirely. `undefined` stands for "leave it out".
 */
export function inputValue(type: GraphQLInputType, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) {
    return fc.oneof(
      { weight: 30, arbitrary: inputValue(type.ofType, known, depth) },
      { weight: 1, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
  }
  const wellTyped = wellTypedValue(type, known, depth);
  return fc.oneof({ weight: 20, arbitrary: wellTyped }, { weight: 1, arbitrary: wrongType });
}

function wellTypedValue(type: GraphQLInputType, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputValue(type, known, depth);
  if (isListType(type)) return fc.oneof(fc.array(inputValue(type.ofType, known, depth + 1), { maxLength: 3 }), inputValue(type.ofType, known, depth + 1));
  if (isEnumType(type))
    return fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...type.getValues().map((value) => value.name)) }, { weight: 1, arbitrary: anyString });
  if (isScalarType(type)) return scalarValue(type.name, known);
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const entries = fields.map((field) => {
      const value = field.name === 'content' ? fc.oneof(fc.constantFrom(...MANIFEST_TEXTS), anyString) : inputValue(field.type, known, depth + 1);
      // Optional fields are left out half the time, as a client would.
      return isNonNullType(field.type) ? value : fc.oneof(fc.constant(undefined), value);
    });
    return fc
      .tuple(fc.tuple(...entries), fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(anyString, wrongType) }))
      .map(([values, extra]) => {
        const object: Record<string, unknown> = {};
        fields.forEach((field, index) => {
          if (values[index] !== undefined) object[field.name] = values[index];
        });
        if (extra) object[extra[0]] = extra[1];
        return object;
      });
  }
  return wrongType;
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The value as a GraphQL literal; enum values of `type` print bare, as the grammar asks. */
export function literal(value: unknown, type?: GraphQLInputType): string {
  const named = type ? getNamedType(type) : undefined;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return named && isEnumType(named) && named.getValue(value) ? value : JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const inner = type && (isNonNullType(type) ? type.ofType : type);
  if (Array.isArray(value)) return `[${value.map((item) => literal(item, inner && isListType(inner) ? inner.ofType : undefined)).join(', ')}]`;
  const fields = inner && isInputObjectType(inner) ? inner.getFields() : {};
  const entries = Object.entries(value as Record<string, unknown>).filter(([key, item]) => NAME.test(key) && item !== undefined);
  return `{${entries.map(([key, item]) => `${key}: ${literal(item, fields[key]?.type)}`).join(', ')}}`;
}

/** Arguments written inline, for nested fields (variables are kept for root fields). */
function inlineArguments(args: readonly GraphQLArgument[], known: KnownValues): fc.Arbitrary<string> {
  if (args.length === 0) return fc.constant('');
  return fc.tuple(...args.map((arg) => fc.option(inputValue(arg.type, known)))).map((values) => {
    const written = args.flatMap((arg, index) =>
      values[index] === null || values[index] === undefined ? [] : [`${arg.name}: ${literal(values[index], arg.type)}`],
    );
    return written.length > 0 ? `(${written.join(', ')})` : '';
  });
}

/**
 * A selection set for an output type, `depth` levels deep at most: a few of
 * its fields (arguments included), `__typename`, and inline fragments on
 * the members of unions and interfaces. Leaves select nothing.
 */
export function selection(type: GraphQLOutputType, known: KnownValues, depth: number): fc.Arbitrary<string> {
  const named: GraphQLNamedType = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return fc.constant('');
  if (depth <= 0) return fc.constant('{ __typename }');
  if (isUnionType(named) || isInterfaceType(named)) {
    const members = isUnionType(named) ? named.getTypes() : [];
    const ownFields = isInterfaceType(named) ? fieldSelections(named.getFields(), known, depth) : fc.constant([] as string[]);
    const fragments = members.map((member) => selection(member, known, depth - 1).map((inner) => `... on ${member.name} ${inner}`));
    return fc
      .tuple(
        ownFields,
        fragments.length > 0
          ? fc.subarray(
              fragments.map((_, i) => i),
              { maxLength: Math.min(3, fragments.length) },
            )
          : fc.constant([] as number[]),
        fc.tuple(...fragments),
      )
      .map(([own, chosen, rendered]) => `{ __typename ${own.join(' ')} ${chosen.map((i) => rendered[i]).join(' ')} }`);
  }
  if (isObjectType(named)) return fieldSelections(named.getFields(), known, depth).map((fields) => `{ __typename ${fields.join(' ')} }`);
  return fc.constant('{ __typename }');
}

function fieldSelections(fields: Record<string, GraphQLField<unknown, unknown>>, known: KnownValues, depth: number): fc.Arbitrary<string[]> {
  const rendered = Object.values(fields).map((field) =>
    fc.tuple(inlineArguments(field.args, known), selection(field.type, known, depth - 1)).map(([args, inner]) => `${field.name}${args} ${inner}`),
  );
  return fc
    .subarray(
      rendered.map((_, i) => i),
      { maxLength: Math.min(3, rendered.length) },
    )
    .chain((chosen) => (chosen.length === 0 ? fc.constant([]) : fc.tuple(...chosen.map((i) => rendered[i]!))));
}

/** A request for one root field of `operation`, with its arguments as variables (mostly) or literals. */
export function rootRequest(
  schema: GraphQLSchema,
  operation: FuzzRequest['operation'],
  field: GraphQLField<unknown, unknown>,
  known: KnownValues,
): fc.Arbitrary<FuzzRequest> {
  const values = field.args.map((arg) => inputValue(arg.type, known));
  return fc
    .tuple(
      fc.tuple(...values),
      fc.array(fc.boolean(), { minLength: field.args.length, maxLength: field.args.length }),
      selection(field.type, known, 3),
      fc.boolean(),
    )
    .map(([argValues, asLiteral, selected, aliased]) => {
      const variables: Record<string, unknown> = {};
      const definitions: string[] = [];
      const written: string[] = [];
      field.args.forEach((arg, index) => {
        const value = argValues[index];
        if (asLiteral[index]) {
          if (value !== undefined) written.push(`${arg.name}: ${literal(value, arg.type)}`);
          return;
        }
        definitions.push(`$${arg.name}: ${String(arg.type)}`);
        written.push(`${arg.name}: $${arg.name}`);
        if (value !== undefined) variables[arg.name] = value;
      });
      const head = definitions.length > 0 ? `${operation} Fuzz(${definitions.join(', ')})` : `${operation} Fuzz`;
      const call = `${aliased ? 'result: ' : ''}${field.name}${written.length > 0 ? `(${written.join(', ')})` : ''}`;
      return { operation, field: field.name, query: `${head} { ${call} ${selected} }`, variables };
    });
}
