import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { call, connectClient, structured } from './mcp-kit.js';

describe('list_authorities over /mcp', () => {
  apiTest('answers a page at a time: first and after walk every authority once, newest first', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const issued: string[] = [];
    for (let i = 0; i < 25; i++) issued.push(await api.authority(owner, agent.id, { tokens: 10 }));
    const client = await connectClient(
      new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${agent.key}` } } }),
    );
    try {
      const seen: string[] = [];
      let after: string | undefined;
      const pages: boolean[] = [];
      for (;;) {
        const page = structured(await call(client, 'list_authorities', { first: 10, ...(after ? { after } : {}) })) as {
          authorities: { id: string }[];
          hasNextPage: boolean;
          endCursor: string | null;
        };
        seen.push(...page.authorities.map((authority) => authority.id));
        pages.push(page.hasNextPage);
        if (!page.hasNextPage) break;
        after = page.endCursor!;
      }
      expect(pages).toEqual([true, true, false]);
      expect(seen).toEqual([...issued].reverse());
      // Without arguments, the first 20.
      expect((structured(await call(client, 'list_authorities', {})) as { authorities: unknown[] }).authorities).toHaveLength(20);
    } finally {
      await client.close();
    }
  });
});
