import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { objectContaining, ofType, stringMatching } from '../../../test/matchers.js';
import { doublingFragments } from '../../../test/documents.js';

describe('documents whose fragments double at every level', () => {
  const bomb = doublingFragments(60);

  apiTest('are refused over HTTP as BAD_INPUT while /healthz keeps answering', async ({ api }) => {
    const [response, health] = await Promise.all([api.graphql(bomb), fetch(`${api.url}/healthz`)]);
    expect(health.status).toBe(200);
    expect(response.status).toBe(400);
    expect(response.errors).toEqual([
      {
        message: stringMatching(/^The operation selects \d.* fields; the limit is 400\.$/),
        locations: ofType(Array),
        extensions: { code: 'BAD_INPUT' },
      },
    ]);
  });

  apiTest('are refused over WebSocket with the same rule', async ({ api }) => {
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    const errors = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: bomb }, { next: () => resolve('unexpected result'), error: resolve, complete: () => resolve('completed without error') });
    });
    await client.dispose();
    expect(errors).toEqual([
      objectContaining({ message: stringMatching(/^The operation selects \d.* fields; the limit is 400\.$/), extensions: { code: 'BAD_INPUT' } }),
    ]);
  });
});

describe('a document over the limits', () => {
  const oversized = `{ ${Array.from({ length: 402 }, () => 'setupStatus { needed }').join(' ')} nothingHere }`;

  apiTest("is refused by the limits alone over HTTP, before graphql's own rules walk it", async ({ api }) => {
    const response = await api.graphql(oversized);
    expect(response.status).toBe(400);
    // Run with the other rules, this document would also be told about its unknown field.
    expect(response.errors).toEqual([
      {
        message: stringMatching(/^The operation selects \d+ fields; the limit is 400\.$/),
        locations: ofType(Array),
        extensions: { code: 'BAD_INPUT' },
      },
    ]);
  });

  apiTest('is refused by the limits alone over WebSocket too', async ({ api }) => {
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    const errors = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: oversized }, { next: () => resolve('unexpected result'), error: resolve, complete: () => resolve('completed without error') });
    });
    await client.dispose();
    expect(errors).toEqual([
      objectContaining({ message: stringMatching(/^The operation selects \d+ fields; the limit is 400\.$/), extensions: { code: 'BAD_INPUT' } }),
    ]);
  });
});
