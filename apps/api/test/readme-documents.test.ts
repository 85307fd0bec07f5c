import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { typeDefs } from '@countersign/schema';
import { buildSchema, getNamedType, isNonNullType, Kind, parse, print, validate, type DefinitionNode, type GraphQLField, type GraphQLSchema } from 'graphql';
import { describe, expect, test } from 'vitest';

// The GraphQL the docs show is GraphQL the schema accepts: every operation in
// a ```graphql block, in a curl body's "query", or written inline
// (`subscription { … }`), validated against packages/schema; and the README's
// advice to spread `... on DomainError { code message }` holds for every
// mutation but the ones it names.

const root = path.resolve(import.meta.dirname, '../../..');
const schema = buildSchema(typeDefs);

/** The pages whose GraphQL a reader copies: both READMEs of the packages an agent installs, the root README, docs/. */
const PAGES = [
  'README.md',
  'packages/client/README.md',
  'packages/mcp/README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((file) => file.endsWith('.md'))
    .map((file) => `docs/${file}`),
];

/** The mutations whose result has no member implementing DomainError, as the README names them. */
const NEVER_REFUSED_AS_DATA = ['registerSigningKey', 'setEmailPreference', 'signAuditHead', 'signOut'];

function documentsOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/```graphql\n([\s\S]*?)```/g)) found.push(match[1]!);
  for (const match of text.matchAll(/"query"\s*:\s*"((?:[^"\\]|\\.)*)"/g)) found.push(JSON.parse(`"${match[1]}"`) as string);
  for (const match of text.matchAll(/`((?:subscription|mutation|query)\s*(?:\([^`]*?\))?\s*\{[^`]*)`/g)) found.push(match[1]!);
  return found;
}

/** Each operation of a block on its own: a block lists several anonymous ones, each to be sent alone. */
function errorsOf(schema: GraphQLSchema, source: string): string[] {
  const definitions: readonly DefinitionNode[] = parse(source).definitions;
  const fragments = definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION);
  return definitions
    .filter((definition) => definition.kind === Kind.OPERATION_DEFINITION)
    .flatMap((operation) => validate(schema, { kind: Kind.DOCUMENT, definitions: [operation, ...fragments] }).map((error) => error.message));
}

/** `mutation($a: T!, …) { field(a: $a, …) { __typename ... on DomainError { code message } } }`, the README's advice for one field. */
function adviceFor(field: GraphQLField<unknown, unknown>): string {
  const required = field.args.filter((arg) => isNonNullType(arg.type));
  const variables = required.length ? `(${required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ')})` : '';
  const args = required.length ? `(${required.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '';
  const selection = getNamedType(field.type).name === 'Boolean' ? '' : ' { __typename ... on DomainError { code message } }';
  return print(parse(`mutation${variables} { ${field.name}${args}${selection} }`));
}

describe('the GraphQL in the docs', () => {
  test('validates against the schema, every operation on every page', () => {
    let count = 0;
    for (const page of PAGES) {
      for (const source of documentsOf(readFileSync(path.join(root, page), 'utf8'))) {
        count++;
        expect(errorsOf(schema, source), `${page}: ${source.slice(0, 80)}`).toEqual([]);
      }
    }
    // The README alone shows this many (a block, two curl bodies, a subscription); fewer found means the extraction broke.
    expect(count).toBeGreaterThanOrEqual(4);
  });

  test("holds the README's advice: ... on DomainError validates on every mutation but the ones it names as never refused as data", () => {
    const refusedAsData: string[] = [];
    for (const field of Object.values(schema.getMutationType()!.getFields())) {
      const errors = errorsOf(schema, adviceFor(field));
      if (errors.length === 0) refusedAsData.push(field.name);
      else expect(errors.join('\n')).toMatch(/can never be of type "DomainError"/);
    }
    const fields = Object.keys(schema.getMutationType()!.getFields());
    expect(fields.filter((name) => !refusedAsData.includes(name)).sort()).toEqual(NEVER_REFUSED_AS_DATA);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const name of NEVER_REFUSED_AS_DATA) expect(readme, name).toContain(`\`${name}\``);
  });
});
