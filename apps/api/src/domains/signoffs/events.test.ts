import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { collect, waitFor } from '../../../test/testkit.js';

type Event = { signOffEvents: { signOff: { id: string; state: string } } };
const EVENTS = (id?: string) => `subscription { signOffEvents${id ? `(id: "${id}")` : ''} { signOff { id state } } }`;

describe('sign-off events', () => {
  apiTest('shows the owner every change to their requests and an agent only its own', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const sibling = await api.agent(owner);
    const repo = await api.repository(owner);
    const ownerClient = api.subscriber({ cookie: owner.cookie });
    const siblingClient = api.subscriber({ key: sibling.key });
    try {
      const before = api.bus.subscriberCount;
      const ownerEvents = collect<Event>(ownerClient, EVENTS());
      const siblingEvents = collect<Event>(siblingClient, EVENTS());
      await waitFor(() => api.bus.subscriberCount === before + 2);
      const id = await api.requestId(agent.key, { op: 'repository.unserve', repository: repo.name, input: {} });
      await api.decide(owner.cookie, id, true);
      const mine = await api.requestId(sibling.key, { op: 'repository.serve', repository: repo.name, input: {} });
      const states = (await ownerEvents.until(4)).map((event) => [event.signOffEvents.signOff.id, event.signOffEvents.signOff.state]);
      expect(states.slice(0, 3)).toEqual([
        [id, expect.stringMatching(/PENDING|APPROVED|SUCCEEDED/)],
        [id, expect.any(String)],
        [id, 'SUCCEEDED'],
      ]);
      expect(states[3]).toEqual([mine, 'PENDING']);
      expect((await siblingEvents.until(1)).map((event) => event.signOffEvents.signOff.id)).toEqual([mine]);
    } finally {
      await ownerClient.dispose();
      await siblingClient.dispose();
    }
  });

  apiTest('lets an agent wait on one request by id and see its outcome', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const other = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
    const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    const client = api.subscriber({ key: agent.key });
    try {
      const before = api.bus.subscriberCount;
      const events = collect<Event>(client, EVENTS(id));
      await waitFor(() => api.bus.subscriberCount === before + 1);
      await api.decide(owner.cookie, other, false);
      await api.decide(owner.cookie, id, true);
      // The request as it stood when subscribing, then its decision and its outcome.
      const seen = await events.until(3);
      expect(seen.every((event) => event.signOffEvents.signOff.id === id)).toBe(true);
      expect(seen[0]!.signOffEvents.signOff.state).toBe('PENDING');
      expect(seen.at(-1)!.signOffEvents.signOff.state).toBe('SUCCEEDED');
    } finally {
      await client.dispose();
    }
  });

  apiTest('sends a request decided before the subscription as its first event, and refuses an id the caller cannot read', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const sibling = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.serve', repository: repo.name, input: {} });
    await api.decide(owner.cookie, id, false, 'no');
    const client = api.subscriber({ key: agent.key });
    const foreign = api.subscriber({ key: sibling.key });
    try {
      expect((await collect<Event>(client, EVENTS(id)).until(1))[0]!.signOffEvents.signOff).toEqual({ id, state: 'DENIED' });
      await expect(collect<Event>(foreign, EVENTS(id)).until(1)).rejects.toEqual([
        expect.objectContaining({ message: 'No sign-off request of yours has that id.' }),
      ]);
    } finally {
      await client.dispose();
      await foreign.dispose();
    }
  });
});
