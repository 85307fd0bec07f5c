import { describe, expect } from 'vitest';
import { apiTest, dbTest, testConfig, testLog } from '../../../../test/fixtures.js';
import { collect, TestApi } from '../../../../test/testkit.js';
import { EventBus } from '../../../platform/events/bus.js';
import { LIMITS } from '../../graphql/limits.js';
import { spawnApi } from '../../../../test/spawn-api.js';

describe('the same rules over the WebSocket as over HTTP', () => {
  dbTest('refuses introspection over the WebSocket in production', async ({ database }) => {
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig({ production: true }), db: database, bus, log: testLog });
    const api = new TestApi(server.url, database, bus);
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    try {
      await expect(collect(client, '{ __schema { description } }').until(1)).rejects.toEqual([
        expect.objectContaining({
          message: 'GraphQL introspection has been disabled, but the requested query contained the field "__schema".',
          extensions: { code: 'BAD_INPUT' },
        }),
      ]);
    } finally {
      await client.dispose();
      await server.close();
      await bus.stop();
    }
  });

  apiTest('refuses a document over the token limit over the WebSocket as BAD_INPUT, before validating it', async ({ api }) => {
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    try {
      // 15,000 tokens in 30 KB: within the message size, far over the token limit.
      const document = `{ ${'a '.repeat(15_000)}}`;
      await expect(collect(client, document).until(1)).rejects.toEqual([
        expect.objectContaining({
          message: `Syntax Error: Document contains more that ${LIMITS.maxTokens} tokens. Parsing aborted.`,
          extensions: { code: 'BAD_INPUT' },
        }),
      ]);
      expect(await collect(client, '{ viewer { __typename } }').until(1)).toEqual([{ viewer: { __typename: 'Owner' } }]);
    } finally {
      await client.dispose();
    }
  });

  apiTest('refuses an operation over the alias limit over the WebSocket as BAD_INPUT', async ({ api }) => {
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    try {
      const aliases = Array.from({ length: LIMITS.maxAliases + 1 }, (_, i) => `a${i}: viewer { __typename }`).join(' ');
      await expect(collect(client, `{ ${aliases} }`).until(1)).rejects.toEqual([
        expect.objectContaining({
          message: `The operation uses ${LIMITS.maxAliases + 1} aliases; the limit is ${LIMITS.maxAliases}.`,
          extensions: { code: 'BAD_INPUT' },
        }),
      ]);
    } finally {
      await client.dispose();
    }
  });

  apiTest('refuses a subscription sent over HTTP POST as BAD_INPUT with status 400', async ({ api }) => {
    const owner = await api.owner();
    const response = await api.graphql('subscription { agentEvents { kind } }', {}, { cookie: owner.cookie });
    expect(response.status).toBe(400);
    expect(response.errors).toEqual([
      { message: 'Subscriptions are served over the WebSocket on /graphql (graphql-ws), not over HTTP.', extensions: { code: 'BAD_INPUT' } },
    ]);
  });
});
