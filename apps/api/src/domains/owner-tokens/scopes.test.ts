import { randomUUID } from 'node:crypto';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLField, type GraphQLInputType } from 'graphql';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { ownerToken } from '../../../test/owner-token-kit.js';
import { buildSchema } from '../../edge/graphql/schema.js';

// docs/owner-tokens.md, rule OT3, held for every mutation the schema has: a
// mutation added later without the right scope fails here, whatever its resolver says.

const schema = buildSchema();

/** Mutations anyone may call, whatever their credential: they need no owner scope. */
const OPEN_TO_ALL = new Set(['signOut', 'setupFirstOwner']);

/** The smallest well-typed value of `type`: required fields only, so a call reaches its resolver. */
function minimal(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return minimal(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields()).filter((field) => isNonNullType(field.type) && field.defaultValue === undefined);
    return Object.fromEntries(fields.map((field) => [field.name, minimal(field.type)]));
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return randomUUID();
      case 'Int':
      case 'Float':
      case 'Amount':
        return 1;
      case 'Boolean':
        return true;
      case 'DateTime':
        return new Date().toISOString();
      case 'JSON':
        return {};
      default:
        return 'x';
    }
  }
  throw new Error(`no minimal value for ${String(type)}`);
}

function call(field: GraphQLField<unknown, unknown>): { query: string; variables: Record<string, unknown> } {
  const required = field.args.filter((arg) => isNonNullType(arg.type) && arg.defaultValue === undefined);
  const head = required.length > 0 ? `(${required.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ')})` : '';
  const args = required.length > 0 ? `(${required.map((arg) => `${arg.name}: $${arg.name}`).join(', ')})` : '';
  const named = getNamedType(field.type);
  const selection = 'getFields' in named || 'getTypes' in named ? ' { __typename }' : '';
  return { query: `mutation${head} { ${field.name}${args}${selection} }`, variables: Object.fromEntries(required.map((arg) => [arg.name, minimal(arg.type)])) };
}

/** What a DECIDE token may do beyond reading. */
const DECIDING = new Set(['decideSignOff', 'decideSignOffs']);

describe('owner token scopes, for every mutation in the schema', () => {
  apiTest('refuse READ every mutation, and DECIDE every one but decideSignOff and decideSignOffs, with FORBIDDEN', async ({ api }) => {
    const owner = await api.owner();
    const tokens = { READ: await ownerToken(api, owner.cookie, 'READ'), DECIDE: await ownerToken(api, owner.cookie, 'DECIDE') };
    const mutations = Object.values(schema.getMutationType()!.getFields()).filter((field) => !OPEN_TO_ALL.has(field.name));
    expect(mutations.length).toBeGreaterThan(20);
    for (const [scope, token] of Object.entries(tokens)) {
      for (const field of mutations) {
        if (scope === 'DECIDE' && DECIDING.has(field.name)) continue;
        const { query, variables } = call(field);
        const response = await api.graphql(query, variables, { key: token });
        expect(response.errors?.[0]?.extensions?.code, `${scope} → ${field.name}: ${JSON.stringify(response.errors ?? response.data)}`).toBe('FORBIDDEN');
      }
    }
    expect(await api.db.prisma.agent.count()).toBe(0);
    expect(await api.db.prisma.ownerToken.count()).toBe(2);
  });

  apiTest('let DECIDE reach decideSignOff, whose answer for an unknown id is NotFound', async ({ api }) => {
    const owner = await api.owner();
    const token = await ownerToken(api, owner.cookie, 'DECIDE');
    const response = await api.graphql(
      call(schema.getMutationType()!.getFields().decideSignOff!).query,
      { input: { id: randomUUID(), approve: true } },
      { key: token },
    );
    expect(response.data?.decideSignOff?.__typename).toBe('NotFound');
    const batch = await api.graphql(
      call(schema.getMutationType()!.getFields().decideSignOffs!).query,
      { input: { ids: [randomUUID()], approve: false } },
      { key: token },
    );
    expect(batch.data?.decideSignOffs).toEqual([expect.objectContaining({ __typename: 'NotFound' })]);
  });

  apiTest('refuse DECIDE an approval that remembers a rule, with FORBIDDEN, deciding nothing: a standing rule needs ADMIN', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    const token = await ownerToken(api, owner.cookie, 'DECIDE');
    const remember = { maxApprovals: 2, endsAt: new Date(Date.now() + 86_400_000).toISOString() };
    const response = await api.graphql(
      'mutation($input: DecideSignOffInput!) { decideSignOff(input: $input) { __typename } }',
      { input: { id, approve: true, remember } },
      { key: token },
    );
    expect(response.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await api.db.prisma.signOff.findFirstOrThrow({ where: { id }, select: { state: true } })).toEqual({ state: 'pending' });
    expect(await api.db.pool.query('SELECT 1 FROM sign_off_rules').then((rows) => rows.rowCount)).toBe(0);
  });
});
