import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { apiTest, dbTest, testConfig, testLog, TEST_CONNECTION_LIMITS } from '../../../../test/fixtures.js';
import { collect, TestApi, waitFor } from '../../../../test/testkit.js';
import { EventBus } from '../../../platform/events/bus.js';
import { EVENTS_CHANNEL } from '../../../platform/events/topics.js';
import { backlogCounts } from './socket-backlog.js';
import { TOO_FAR_BEHIND } from './socket-registry.js';
import { MAX_BUFFERED_BYTES_PER_SOCKET, SOCKET_BACKLOG } from './websocket.js';
import { spawnApi } from '../../../../test/spawn-api.js';

/** Twenty aliases of a 2,000-character reason: each event is about 40 kB per subscription. */
const LARGE_EVENTS = `subscription { signOffEvents { signOff { ${Array.from({ length: 20 }, (_, i) => `r${i}: reason`).join(' ')} } } }`;
const STALLED_SUBSCRIPTIONS = 90;

interface RawSubscriber {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  /** `next` frames read so far. */
  frames(): number;
}

/** A graphql-transport-ws socket spoken by hand, so the test can stop reading from it. */
async function rawSubscriber(api: TestApi, cookie: string, count: number): Promise<RawSubscriber> {
  const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: { cookie } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  let frames = 0;
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const type = (JSON.parse(data.toString()) as { type: string }).type;
      if (type === 'connection_ack') resolve();
      if (type === 'next') frames++;
    });
  });
  for (let i = 0; i < count; i++) socket.send(JSON.stringify({ id: `s${i}`, type: 'subscribe', payload: { query: LARGE_EVENTS } }));
  return { socket, closed, frames: () => frames };
}

/** A request of `owner`'s agent with a 2,000-character reason, and the SIGN_OFF_CHANGED announcement about it. */
async function largeRequest(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const ask = { op: 'repository.serve', repository: repo.name, input: {}, reason: 'r'.repeat(2000) };
  const id = await api.requestId(agent.key, ask);
  const { rows } = await api.db.pool.query<{ tenantId: string; ownerId: string }>(
    'SELECT tenant_id AS "tenantId", owner_id AS "ownerId" FROM agents WHERE id = $1',
    [agent.id],
  );
  const event = JSON.stringify({
    topic: 'SIGN_OFF_CHANGED',
    tenantId: rows[0]!.tenantId,
    payload: { signOffId: id, ownerId: rows[0]!.ownerId, agentId: agent.id },
  });
  /** Announces `count` changes at once (distinct payloads in one transaction: PostgreSQL folds identical ones). */
  const announce = async (count: number) => {
    await api.db.pool.query(`SELECT pg_notify($1, ($2::jsonb || jsonb_build_object('n', n))::text) FROM generate_series(1, $3::int) n`, [
      EVENTS_CHANNEL,
      event,
      count,
    ]);
  };
  return { owner, reason: ask.reason, announce };
}

/** Whether `condition` comes to hold within `ms` (waited on, not slept). */
async function holdsWithin(condition: () => boolean, ms: number): Promise<boolean> {
  try {
    await waitFor(condition, ms);
    return true;
  } catch {
    return false;
  }
}

describe('a socket that stops reading', () => {
  apiTest(
    `is closed with 1013 once more than ${MAX_BUFFERED_BYTES_PER_SOCKET} bytes have waited for it for ${SOCKET_BACKLOG.sustainedMs} ms, while another socket of the same owner gets every event`,
    async ({ api }) => {
      const { owner, reason, announce } = await largeRequest(api);
      const before = api.bus.subscriberCount;
      const stalled = await rawSubscriber(api, owner.cookie, STALLED_SUBSCRIPTIONS);
      const healthyClient = api.subscriber({ cookie: owner.cookie });
      try {
        const healthy = collect<{ signOffEvents: { signOff: Record<string, string> } }>(healthyClient, LARGE_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + STALLED_SUBSCRIPTIONS + 1);
        const counted = backlogCounts();
        // The client stops reading: the kernel's buffers fill, then the server's.
        stalled.socket.pause();

        let announced = 0;
        // Each round is up to one 40 kB frame per stalled subscription; the bound is passed within a few (the cap only stops a broken server).
        while (backlogCounts().over === counted.over && announced < 200) {
          await announce(5);
          announced += 5;
          // The other socket of the same owner is not held up: it has every event so far before the next round.
          await healthy.until(announced);
        }
        expect(backlogCounts().over).toBe(counted.over + 1);
        // Nothing more is sent to it, and it stays over the bound: once the period ends, it is closed and every one of its subscriptions ends at once.
        await waitFor(() => api.bus.subscriberCount === before + 1, SOCKET_BACKLOG.sustainedMs + 10_000);
        expect(backlogCounts()).toMatchObject({ sustained: counted.sustained + 1, ceiling: counted.ceiling });
        expect(healthy.values).toHaveLength(announced);
        expect(healthy.values.every((value) => value.signOffEvents.signOff.r0 === reason)).toBe(true);

        // Once it reads again, it finds the close code that tells it to reconnect and re-read.
        stalled.socket.resume();
        expect(await stalled.closed).toEqual({ code: 1013, reason: TOO_FAR_BEHIND });
        // The healthy socket is still served.
        await announce(1);
        expect(await healthy.until(announced + 1)).toHaveLength(announced + 1);
      } finally {
        stalled.socket.terminate();
        await healthyClient.dispose();
      }
    },
  );

  dbTest(`is closed with 1013 at once when more than ${SOCKET_BACKLOG.ceilingBytes} bytes wait for it`, async ({ database }) => {
    // Enough subscriptions on one socket for their one frame each to pass the ceiling (400 × 40 kB).
    const subscriptions = 400;
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const connections = { ...TEST_CONNECTION_LIMITS, wsMaxSubscriptionsPerSocket: subscriptions, wsMaxSubscriptionsPerPrincipal: subscriptions };
    const server = await spawnApi({ config: testConfig({ connections }), db: database, bus, log: testLog });
    const api = new TestApi(server.url, database, bus);
    let stalled: RawSubscriber | undefined;
    try {
      const { owner, announce } = await largeRequest(api);
      const before = api.bus.subscriberCount;
      stalled = await rawSubscriber(api, owner.cookie, subscriptions);
      await waitFor(() => api.bus.subscriberCount === before + subscriptions);
      const counted = backlogCounts();
      stalled.socket.pause();

      // One event is one frame per subscription, all sent at once: 16 MB, far more than the kernel takes.
      await announce(1);
      await waitFor(() => api.bus.subscriberCount === before);
      // Closed by the ceiling, not by the sustained bound, whose period cannot have run out.
      expect(backlogCounts()).toMatchObject({ ceiling: counted.ceiling + 1, sustained: counted.sustained });

      stalled.socket.resume();
      expect(await stalled.closed).toEqual({ code: 1013, reason: TOO_FAR_BEHIND });
    } finally {
      stalled?.socket.terminate();
      await server.close();
      await bus.stop();
    }
  });
});

describe('a socket that reads in bursts', () => {
  apiTest(
    `is kept open when more than ${MAX_BUFFERED_BYTES_PER_SOCKET} bytes wait for it for less than ${SOCKET_BACKLOG.sustainedMs} ms, and gets every event`,
    async ({ api }) => {
      const { owner, announce } = await largeRequest(api);
      const before = api.bus.subscriberCount;
      const bursty = await rawSubscriber(api, owner.cookie, STALLED_SUBSCRIPTIONS);
      try {
        await waitFor(() => api.bus.subscriberCount === before + STALLED_SUBSCRIPTIONS);
        const counted = backlogCounts();
        // The client is busy for a moment, as a console's tab in the background would be, while a burst of events arrives.
        bursty.socket.pause();
        let announced = 0;
        // One event at a time, so that no more piles up than it takes to pass the bound (the cap only stops a broken server).
        while (backlogCounts().over === counted.over && announced < 50) {
          await announce(1);
          announced += 1;
          await holdsWithin(() => backlogCounts().over > counted.over, 1000);
        }
        expect(backlogCounts().over).toBe(counted.over + 1);

        // It reads again well within the period: the backlog drains and the socket is not closed.
        bursty.socket.resume();
        await waitFor(() => backlogCounts().drained > counted.drained);
        await waitFor(() => bursty.frames() === announced * STALLED_SUBSCRIPTIONS);
        await announce(1);
        await waitFor(() => bursty.frames() === (announced + 1) * STALLED_SUBSCRIPTIONS);
        expect(bursty.socket.readyState).toBe(WebSocket.OPEN);
        expect(api.bus.subscriberCount).toBe(before + STALLED_SUBSCRIPTIONS);
        expect(backlogCounts()).toMatchObject({ sustained: counted.sustained, ceiling: counted.ceiling });
      } finally {
        bursty.socket.terminate();
      }
    },
  );
});
