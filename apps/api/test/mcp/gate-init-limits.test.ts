import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { text } from '../testkit.js';
import { gateInit } from '../../../../packages/mcp/src/gate/init.js';

const HOSTILE_SERVER = fileURLToPath(new URL('./hostile-tools-server.mjs', import.meta.url));

describe('gate init and the definition limits', () => {
  apiTest('refuses to register a tool whose input schema breaks a definition limit, naming it, and registers nothing', async ({ api }) => {
    const owner = await api.owner();
    const created = await api.graphql(
      'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
      { input: { name: 'gate init', scope: 'ADMIN' } },
      { cookie: owner.cookie },
    );
    const ownerToken = text(created.data?.createOwnerToken?.token);
    await expect(gateInit({ config: {}, command: process.execPath, args: [HOSTILE_SERVER], url: api.url, ownerToken })).rejects.toThrow(
      /^defining mcp\.hostile\.nested_write for nested_write failed: BAD_INPUT: The input schema's anyOf\/oneOf\/allOf widths multiply to more than 1,000/,
    );
    expect((await api.db.pool.query('SELECT count(*)::int AS n FROM operations')).rows[0]).toEqual({ n: 0 });
  });
});
