import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { apiTest } from '../../test/fixtures.js';
import { collect, waitFor, type TestApi } from '../../test/testkit.js';
import { EVENTS_CHANNEL } from '../events/topics.js';
import { TOO_FAR_BEHIND } from './socket-registry.js';
import { MAX_BUFFERED_BYTES_PER_SOCKET } from './websocket.js';

/** Twenty aliases of a 2,000-character reason: each event is about 40 kB per subscription. */
const LARGE_EVENTS = `subscription { signOffEvents { signOff { ${Array.from({ length: 20 }, (_, i) => `r${i}: reason`).join(' ')} } } }`;
const STALLED_SUBSCRIPTIONS = 90;

/** A graphql-transport-ws socket spoken by hand, so the test can stop reading from it. */
async function rawSubscriber(api: TestApi, cookie: string, count: number): Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string }> }> {
  const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: { cookie } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
    socket.once('error', reject);
    socket.on('message', function acknowledged(data: Buffer) {
      if ((JSON.parse(data.toString()) as { type: string }).type !== 'connection_ack') return;
      socket.off('message', acknowledged);
      resolve();
    });
  });
  for (let i = 0; i < count; i++) socket.send(JSON.stringify({ id: `s${i}`, type: 'subscribe', payload: { query: LARGE_EVENTS } }));
  return { socket, closed };
}

describe('a socket that stops reading', () => {
  apiTest(
    `is closed with 1013 once more than ${MAX_BUFFERED_BYTES_PER_SOCKET} bytes wait for it, while another socket of the same owner gets every event`,
    async ({ api }) => {
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

      const before = api.bus.subscriberCount;
      const stalled = await rawSubscriber(api, owner.cookie, STALLED_SUBSCRIPTIONS);
      const healthyClient = api.subscriber({ cookie: owner.cookie });
      try {
        const healthy = collect<{ signOffEvents: { signOff: Record<string, string> } }>(healthyClient, LARGE_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + STALLED_SUBSCRIPTIONS + 1);
        // The client stops reading: the kernel's buffers fill, then the server's.
        stalled.socket.pause();

        let announced = 0;
        // Each round is about 3.6 MB for the stalled socket; the bound trips within a few rounds (the loop's cap only stops a broken server).
        while (api.bus.subscriberCount === before + STALLED_SUBSCRIPTIONS + 1 && announced < 200) {
          // Distinct payloads in one transaction: PostgreSQL folds identical ones.
          await api.db.pool.query(`SELECT pg_notify($1, ($2::jsonb || jsonb_build_object('n', n))::text) FROM generate_series(1, 5) n`, [
            EVENTS_CHANNEL,
            event,
          ]);
          announced += 5;
          // The other socket of the same owner is not held up: it has every event so far before the next round.
          await healthy.until(announced);
        }
        expect(api.bus.subscriberCount).toBeLessThan(before + STALLED_SUBSCRIPTIONS + 1);
        expect(healthy.values).toHaveLength(announced);
        expect(healthy.values.every((value) => value.signOffEvents.signOff.r0 === ask.reason)).toBe(true);

        // Once it reads again, it finds the close code that tells it to reconnect and re-read.
        stalled.socket.resume();
        expect(await stalled.closed).toEqual({ code: 1013, reason: TOO_FAR_BEHIND });
        // The healthy socket is still served.
        await api.db.pool.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, event]);
        expect(await healthy.until(announced + 1)).toHaveLength(announced + 1);
      } finally {
        stalled.socket.terminate();
        await healthyClient.dispose();
      }
    },
  );
});
