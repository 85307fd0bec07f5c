import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest, dbTest } from '../../../test/fixtures.js';
import { collect, is, waitFor } from '../../../test/testkit.js';
import { EVENTS_CHANNEL, type BusEvent } from '../../platform/events/topics.js';
import { createLogger } from '../../platform/logger.js';
import { DrawAnnouncer } from './draw-announcer.js';

type Event = { authorityEvents: { authority: { id: string; drawn: { tokens: number } } } };

describe('announcing landed draws after they commit', () => {
  dbTest('sends one AUTHORITY_CHANGED per authority for everything gathered, in one statement', async ({ database }) => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const heard: BusEvent[] = [];
    listener.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL) heard.push(JSON.parse(message.payload ?? '{}') as BusEvent);
    });
    try {
      await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      // A window far longer than the test, so only the explicit flush sends.
      const announcer = new DrawAnnouncer(database.pool, createLogger('silent'), 3_600_000);
      const [tenantId, ownerId, agentId] = [randomUUID(), randomUUID(), randomUUID()];
      for (let i = 0; i < 100; i++) announcer.announce({ tenantId, ownerId, agentId, authorityId: 'hot' });
      announcer.announce({ tenantId, ownerId, agentId, authorityId: 'other' });
      await announcer.flush();
      await waitFor(() => heard.length >= 2);
      await announcer.flush(); // nothing gathered since: sends nothing
      expect(heard).toEqual([
        { topic: 'AUTHORITY_CHANGED', tenantId, payload: { authorityId: 'hot', ownerId, agentId } },
        { topic: 'AUTHORITY_CHANGED', tenantId, payload: { authorityId: 'other', ownerId, agentId } },
      ]);
    } finally {
      await listener.end();
    }
  });

  apiTest('shows a watcher a burst of draws: the announcement after the last commit reads every draw', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await api.authority(owner, agent.id, { tokens: 1_000 });
    const watcher = api.subscriber({ cookie: owner.cookie });
    try {
      const before = api.bus.subscriberCount;
      const events = collect<Event>(watcher, 'subscription { authorityEvents { authority { id drawn { tokens } } } }');
      await waitFor(() => api.bus.subscriberCount === before + 1);
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => api.draw(agent.key, { authority: id, dispatchKey: `burst-${i}`, tokens: 1 })));
      expect(results.every((result) => is(result.__typename, 'Drawn'))).toBe(true);
      await waitFor(() => events.values.some((event) => event.authorityEvents.authority.drawn.tokens === 40));
      expect(events.values.every((event) => event.authorityEvents.authority.id === id)).toBe(true);
    } finally {
      await watcher.dispose();
    }
  });
});
