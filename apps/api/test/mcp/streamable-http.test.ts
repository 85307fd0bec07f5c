import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect } from 'vitest';
import { LIMITS } from '../../src/edge/graphql/limits.js';
import { apiTest } from '../fixtures.js';
import { askWaitAndTakeOnce, call, connectClient, errorText, revokeAgent, structured } from './mcp-kit.js';

/** An SDK client on the API's own `/mcp`, authenticated by an agent key. */
function connectHttp(url: string, key: string) {
  return connectClient(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
}

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw POST to `/mcp`, as a host that misbehaves (or a browser) would send it. */
async function post(url: string, headers: Record<string, string>, body: string = JSON.stringify(INITIALIZE)) {
  const response = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error?: { message: string; data?: { code?: string } } } };
}

describe('the Countersign MCP server over Streamable HTTP at /mcp', () => {
  apiTest('lists its tools, asks, sees the approval while waiting and hands the secret over once', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const client = await connectHttp(api.url, key);
    try {
      await askWaitAndTakeOnce(api, owner, client);
    } finally {
      await client.close();
    }
  });

  apiTest('waits past 45 s only while sending progress, and answers a wait that ran out as still pending', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    const repo = await api.repository(owner);
    const client = await connectHttp(api.url, key);
    try {
      const ask = (scopes: string[]) => api.requestId(key, { op: 'repository.mintToken', repository: repo.name, input: { scopes, ttlHours: 1 } });
      const first = await ask(['read']);
      expect(structured(await call(client, 'wait_for_decision', { id: first, timeoutSeconds: 1 }))).toMatchObject({
        state: 'PENDING',
        decided: false,
        waitedUpTo: 1,
      });

      // Without a progress token, a long wait is cut to what hosts tolerate in silence.
      const waiting = call(client, 'wait_for_decision', { id: first, timeoutSeconds: 600 });
      await api.decide(owner.cookie, first, false, 'not today');
      expect(structured(await waiting)).toMatchObject({ state: 'DENIED', decided: true, waitedUpTo: 45 });

      // With one, it runs as long as asked and reports progress meanwhile: the owner decides after the first report.
      const second = await ask(['write']);
      const progress: number[] = [];
      let decided: Promise<unknown> | undefined;
      const answer = await client.callTool({ name: 'wait_for_decision', arguments: { id: second, timeoutSeconds: 600 } }, undefined, {
        onprogress: ({ progress: seconds }) => {
          progress.push(seconds);
          decided ??= api.decide(owner.cookie, second, true);
        },
        resetTimeoutOnProgress: true,
      });
      await decided;
      expect(progress.length).toBeGreaterThan(0);
      expect(answer.structuredContent).toMatchObject({ state: 'SUCCEEDED', decided: true, waitedUpTo: 600 });
    } finally {
      await client.close();
    }
  });

  apiTest("refuses a revoked key on the very next request, and another agent's request as NOT_FOUND", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const other = await api.agent(owner);
    const repo = await api.repository(owner);
    const othersRequest = await api.requestId(other.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    const client = await connectHttp(api.url, agent.key);
    try {
      expect(errorText(await call(client, 'wait_for_decision', { id: othersRequest, timeoutSeconds: 5 }))).toMatch(/^NOT_FOUND: /);
      expect(errorText(await call(client, 'take_secret', { id: othersRequest }))).toMatch(/^NOT_FOUND: /);
      expect(structured(await call(client, 'list_operations', {})).operations).toEqual(
        expect.arrayContaining([expect.objectContaining({ op: 'repository.mintToken' })]),
      );

      await revokeAgent(api, owner, agent.id);
      await expect(call(client, 'list_operations', {})).rejects.toThrow(/401|revoked/);
    } finally {
      await client.close();
    }
  });

  apiTest('refuses a request without a key (401), an owner session (403), GET and DELETE (405) and a body over the limit (413)', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);

    const anonymous = await post(api.url, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error?.data?.code).toBe('UNAUTHENTICATED');
    expect((await post(api.url, { authorization: 'Bearer nonsense' })).status).toBe(401);

    const ownerSession = await post(api.url, { cookie: owner.cookie });
    expect(ownerSession.status).toBe(403);
    expect(ownerSession.body.error?.data?.code).toBe('FORBIDDEN');

    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${api.url}/mcp`, { method, headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }

    const large = JSON.stringify({ ...INITIALIZE, params: { ...INITIALIZE.params, padding: 'x'.repeat(LIMITS.maxBodyBytes) } });
    const tooLarge = await post(api.url, { authorization: `Bearer ${key}` }, large);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error?.data?.code).toBe('BAD_INPUT');
  });
});
