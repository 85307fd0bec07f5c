import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { ILL_FORMED_MESSAGE } from '../graphql/limits.js';

const CREATE = 'mutation($input: CreateAgentInput!) { createAgent(input: $input) { __typename } }';

describe('text PostgreSQL could not store as sent', () => {
  apiTest('refuses an unpaired surrogate in variables and in literals as BAD_INPUT, storing nothing', async ({ api }) => {
    const owner = await api.owner();
    const inVariables = await api.graphql(CREATE, { input: { name: 'half \ud800 a pair' } }, { cookie: owner.cookie });
    expect(inVariables.status).toBe(400);
    expect(inVariables.errors).toEqual([{ message: ILL_FORMED_MESSAGE, extensions: { code: 'BAD_INPUT' } }]);
    // In a literal, GraphQL's own lexer refuses the escape.
    const inLiteral = await api.graphql('mutation { createAgent(input: { name: "half \\udc00 a pair" }) { __typename } }', {}, { cookie: owner.cookie });
    expect(inLiteral.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    // A whole pair is ordinary text.
    expect((await api.graphql(CREATE, { input: { name: 'pair \ud83d\ude00' } }, { cookie: owner.cookie })).data?.createAgent?.__typename).toBe('AgentCreated');
    expect(await api.db.prisma.agent.count()).toBe(1);
  });

  apiTest('refuses over the WebSocket what HTTP refuses: deep nesting and unpaired surrogates in variables', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const client = api.subscriber({ key: agent.key });
    const run = (variables: Record<string, unknown>) =>
      new Promise<unknown>((resolve) => {
        client.subscribe(
          { query: 'mutation($i: RequestSignOffInput!) { requestSignOff(input: $i) { __typename } }', variables },
          { next: resolve, error: resolve, complete: () => undefined },
        );
      });
    try {
      let deep: unknown = 'x';
      // Deep enough to pass the bound many times over (the test client's own JSON.stringify recurses).
      for (let level = 0; level < 2_000; level++) deep = [deep];
      const nested = await run({ i: { op: 'authority.grant', input: { name: 'x', tokens: 1, currency: deep }, summary: 's' } });
      expect(nested).toEqual([expect.objectContaining({ message: 'The variables nest JSON more than 64 levels deep.', extensions: { code: 'BAD_INPUT' } })]);
      const broken = await run({ i: { op: 'authority.grant', input: { name: 'x\udfff', tokens: 1 }, summary: 's' } });
      expect(broken).toEqual([expect.objectContaining({ message: ILL_FORMED_MESSAGE, extensions: { code: 'BAD_INPUT' } })]);
      expect(await api.db.prisma.signOff.count()).toBe(0);
    } finally {
      await client.dispose();
    }
  });
});
