import { CloseCode } from 'graphql-ws';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { collect, waitFor } from '../../../test/testkit.js';
import { spawnApi } from '../../../test/spawn-api.js';

const AGENT_EVENTS = 'subscription { agentEvents { kind agent { name revoked } } }';

describe('events across API instances', () => {
  apiTest('delivers a change made through one process to a subscription held on another', async ({ api }) => {
    const other = await spawnApi(api.db.url);
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    try {
      const before = api.bus.subscriberCount;
      const events = collect<{ agentEvents: { kind: string; agent: { name: string; revoked: boolean } } }>(client, AGENT_EVENTS);
      await waitFor(() => api.bus.subscriberCount === before + 1);

      const created = await fetch(`${other.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ query: 'mutation { createAgent(input: { name: "far-away" }) { ... on AgentCreated { agent { id } } } }' }),
      }).then((response) => response.json() as Promise<{ data: { createAgent: { agent: { id: string } } } }>);
      await fetch(`${other.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({ query: `mutation { revokeAgent(input: { id: "${created.data.createAgent.agent.id}" }) { __typename } }` }),
      });

      expect(await events.until(2)).toEqual([
        { agentEvents: { kind: 'CREATED', agent: { name: 'far-away', revoked: false } } },
        { agentEvents: { kind: 'REVOKED', agent: { name: 'far-away', revoked: true } } },
      ]);
      events.stop();
    } finally {
      await client.dispose();
      await other.stop();
    }
  });

  apiTest("shows an owner only their own agents' events", async ({ api }) => {
    const alice = await api.owner();
    const bob = await api.owner();
    const client = api.subscriber({ cookie: alice.cookie });
    try {
      const before = api.bus.subscriberCount;
      const events = collect<{ agentEvents: { agent: { name: string } } }>(client, AGENT_EVENTS);
      await waitFor(() => api.bus.subscriberCount === before + 1);
      await api.agent(bob, 'bobs');
      await api.agent(alice, 'alices');
      expect((await events.until(1)).map((event) => event.agentEvents.agent.name)).toEqual(['alices']);
    } finally {
      await client.dispose();
    }
  });

  apiTest('refuses agent events to anonymous callers and to agents', async ({ api }) => {
    const anonymous = api.subscriber({});
    const refused = collect(anonymous, AGENT_EVENTS);
    // No principal, no socket: it is closed at connection_init, before any operation could answer UNAUTHENTICATED.
    await expect(refused.until(1)).rejects.toMatchObject({ code: CloseCode.Forbidden, reason: 'Forbidden' });
    await anonymous.dispose();

    const owner = await api.owner();
    const agent = await api.agent(owner);
    const agentClient = api.subscriber({ key: agent.key });
    const forbidden = collect(agentClient, AGENT_EVENTS);
    await expect(forbidden.until(1)).rejects.toEqual([
      expect.objectContaining({ message: 'Only an owner may do this, not an agent.', extensions: { code: 'FORBIDDEN' } }),
    ]);
    await agentClient.dispose();
  });

  apiTest("closes an agent's open socket the moment the agent is revoked", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    // Not lazy: the socket stays open with no subscription on it, as a waiting agent's would.
    const client = api.subscriber({ key: agent.key }, api.url, false);
    const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const closed = new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    await connected;
    await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect(await closed).toBe(4403);
    await client.dispose();
  });

  apiTest('answers over the WebSocket with the same closed codes and masking as over HTTP', async ({ api }) => {
    const owner = await api.owner();
    const client = api.subscriber({ cookie: owner.cookie });
    try {
      await expect(collect(client, 'subscription { nothingHere }').until(1)).rejects.toEqual([
        expect.objectContaining({ message: 'Cannot query field "nothingHere" on type "Subscription".', extensions: { code: 'BAD_INPUT' } }),
      ]);
      await api.db.pool.query('DROP TABLE agents CASCADE');
      await expect(collect(client, '{ agents { nodes { id } } }').until(1)).rejects.toEqual([
        expect.objectContaining({ message: 'Internal error: the failure has been logged.', extensions: { code: 'INTERNAL' } }),
      ]);
    } finally {
      await client.dispose();
    }
  });

  apiTest("closes sockets opened with a rotated key, and the console's socket on sign-out", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const closedCode = (client: ReturnType<typeof api.subscriber>) =>
      new Promise<number>((resolve) => client.on('closed', (event) => resolve((event as { code: number }).code)));
    const connected = (client: ReturnType<typeof api.subscriber>) => new Promise<void>((resolve) => client.on('connected', () => resolve()));
    const agentClient = api.subscriber({ key: agent.key }, api.url, false);
    const ownerClient = api.subscriber({ cookie: owner.cookie }, api.url, false);
    const agentClosed = closedCode(agentClient);
    const ownerClosed = closedCode(ownerClient);
    await Promise.all([connected(agentClient), connected(ownerClient)]);
    await api.graphql('mutation($id: ID!) { rotateAgentKey(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect(await agentClosed).toBe(4403);
    await api.graphql('mutation { signOut { __typename } }', {}, { cookie: owner.cookie });
    expect(await ownerClosed).toBe(4403);
    await agentClient.dispose();
    await ownerClient.dispose();
  });
});
