import type { Client } from 'graphql-ws';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { collect, waitFor, type TestApi } from '../../../test/testkit.js';
import { EVENTS_CHANNEL } from '../../platform/events/topics.js';
import { changedSignOffReads } from './event-reads.js';
import { spawnApi } from '../../../test/spawn-api.js';

type Event = { signOffEvents: { signOff: { id: string; state: string } } };
/** Two documents, so one owner's subscriptions fall into more than one execution group. */
const EVENTS = 'subscription { signOffEvents { signOff { id state } } }';
const EVENTS_WITH_AGENT = 'subscription { signOffEvents { signOff { id state agent { name } } } }';

/** The tenant and owner an agent acts for, as its events carry them. */
async function whoseAgent(api: TestApi, agentId: string): Promise<{ tenantId: string; ownerId: string }> {
  const { rows } = await api.db.pool.query<{ tenantId: string; ownerId: string }>(
    'SELECT tenant_id AS "tenantId", owner_id AS "ownerId" FROM agents WHERE id = $1',
    [agentId],
  );
  return rows[0]!;
}

describe('sign-off events fan out from one read', () => {
  apiTest("reads a request once on this instance for all of one owner's subscriptions, whichever instance changed it", async ({ api }) => {
    // The change is made through another process, so every read counted here is this instance's fan-out.
    const other = await spawnApi(api.db.url);
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const clients: Client[] = [];
    try {
      const before = api.bus.subscriberCount;
      const streams = [];
      for (let socket = 0; socket < 10; socket++) {
        const client = api.subscriber({ cookie: owner.cookie });
        clients.push(client);
        streams.push(collect<Event>(client, EVENTS), collect<Event>(client, EVENTS_WITH_AGENT));
      }
      const agentClient = api.subscriber({ key: agent.key });
      clients.push(agentClient);
      streams.push(collect<Event>(agentClient, EVENTS));
      await waitFor(() => api.bus.subscriberCount === before + 21);

      const reads = changedSignOffReads();
      const asked = await api.graphql<{ requestSignOff: { signOff: { id: string } } }>(
        'mutation($input: RequestSignOffInput!) { requestSignOff(input: $input) { ... on SignOffRequested { signOff { id } } } }',
        { input: { op: 'repository.serve', repository: repo.name, input: {}, summary: 'far away' } },
        { key: agent.key },
        other.url,
      );
      const id = asked.data!.requestSignOff.signOff.id;
      for (const stream of streams) expect((await stream.until(1)).map((event) => event.signOffEvents.signOff.id)).toEqual([id]);
      // 21 subscriptions, two principals, three execution groups: one read of the row.
      expect(changedSignOffReads() - reads).toBe(1);
    } finally {
      for (const client of clients) await client.dispose();
      await other.stop();
    }
  });

  apiTest(
    'never sends an event to a subscriber who may not see its request, even beside one who may with the same document and an event that names them',
    async ({ api }) => {
      const owner = await api.owner();
      const asking = await api.agent(owner);
      const sibling = await api.agent(owner);
      const stranger = await api.owner();
      const strangersAgent = await api.agent(stranger);
      const repo = await api.repository(owner);
      const strangersRepo = await api.repository(stranger);
      const mine = await whoseAgent(api, asking.id);
      const theirs = await whoseAgent(api, strangersAgent.id);
      const ownerClient = api.subscriber({ cookie: owner.cookie });
      const siblingClient = api.subscriber({ key: sibling.key });
      const strangerClient = api.subscriber({ cookie: stranger.cookie });
      try {
        const before = api.bus.subscriberCount;
        // The very same document for all three: only what each may see tells them apart.
        const ownerEvents = collect<Event>(ownerClient, EVENTS);
        const siblingEvents = collect<Event>(siblingClient, EVENTS);
        const strangerEvents = collect<Event>(strangerClient, EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + 3);

        const id = await api.requestId(asking.key, { op: 'repository.serve', repository: repo.name, input: {} });
        // Events whose payload claims the request for the sibling and for the other tenant's owner: each passes
        // that subscriber's payload filter, and only the row, read once, shows the request is neither's.
        const forged = (who: { tenantId: string; ownerId: string; agentId: string }) =>
          JSON.stringify({ topic: 'SIGN_OFF_CHANGED', tenantId: who.tenantId, payload: { signOffId: id, ownerId: who.ownerId, agentId: who.agentId } });
        await api.db.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, forged({ ...mine, agentId: sibling.id })]);
        await api.db.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, forged({ ...theirs, agentId: strangersAgent.id })]);
        // Then a change each of them may see: events arrive in order, so once these are in, nothing earlier is still coming.
        const siblingsOwn = await api.requestId(sibling.key, { op: 'repository.serve', repository: repo.name, input: {} });
        const strangersOwn = await api.requestId(strangersAgent.key, { op: 'repository.serve', repository: strangersRepo.name, input: {} });

        // The owner sees the request, the sibling's event about it (the row is the owner's), and the sibling's own.
        expect((await ownerEvents.until(3)).map((event) => event.signOffEvents.signOff.id)).toEqual([id, id, siblingsOwn]);
        // No event, and no error frame either (until() rejects on one), about a request that is not theirs.
        expect((await siblingEvents.until(1)).map((event) => event.signOffEvents.signOff.id)).toEqual([siblingsOwn]);
        expect((await strangerEvents.until(1)).map((event) => event.signOffEvents.signOff.id)).toEqual([strangersOwn]);
        expect(ownerEvents.values).toHaveLength(3);
        expect(siblingEvents.values).toHaveLength(1);
        expect(strangerEvents.values).toHaveLength(1);
      } finally {
        for (const client of [ownerClient, siblingClient, strangerClient]) await client.dispose();
      }
    },
  );
});
