import { CountersignAgent } from '@countersign/client';
import WebSocket from 'ws';
import { describe, expect } from 'vitest';
import { dbTest, testConfig, testLog } from '../../../../test/fixtures.js';
import { startListenOutage, type ListenOutage } from '../../../../test/listen-outage.js';
import { collect, TestApi, waitFor, closeOf, connected } from '../../../../test/testkit.js';
import type { Database } from '../../../platform/db/database.js';
import { EventBus } from '../../../platform/events/bus.js';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../../../platform/config/connection-limits.js';
import { EVENTS_MAY_BE_MISSED } from './socket-registry.js';
import { spawnApi } from '../../../../test/spawn-api.js';

const signOffEvents = (id: string) => `subscription { signOffEvents(id: "${id}") { signOff { state note } } }`;
type SignOffEvent = { signOffEvents: { signOff: { state: string; note: string | null } } };

/** An API whose event bus reaches PostgreSQL through a relay the test can cut. */
async function startApi(
  database: Database,
  limits: Partial<ConnectionLimits> = {},
): Promise<{ api: TestApi; outage: ListenOutage; stop: () => Promise<void> }> {
  const outage = await startListenOutage(database.url);
  const bus = new EventBus(outage.url, testLog);
  await bus.start();
  const server = await spawnApi({ config: testConfig({ connections: { ...DEFAULT_CONNECTION_LIMITS, ...limits } }), db: database, bus, log: testLog });
  return {
    api: new TestApi(server.url, database, bus),
    outage,
    stop: async () => {
      await server.close();
      await bus.stop();
      await outage.close();
    },
  };
}

async function pendingSignOff(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  await api.repository(owner, 'docs');
  const id = await api.requestId(agent.key, { op: 'repository.unserve', repository: 'docs', input: {} });
  return { owner, agent, id };
}

describe('live sockets stay bound to a principal known to be alive', () => {
  dbTest("stops a revoked agent's subscription whose revocation the event bus missed, before the owner's decision reaches it", async ({ database }) => {
    const { api, outage, stop } = await startApi(database);
    try {
      const { owner, agent, id } = await pendingSignOff(api);
      const agentSocket = api.subscriber({ key: agent.key });
      const agentClosed = closeOf(agentSocket);
      const agentEvents = collect<SignOffEvent>(agentSocket, signOffEvents(id));
      expect(await agentEvents.until(1)).toEqual([{ signOffEvents: { signOff: { state: 'PENDING', note: null } } }]);

      await outage.cut();
      const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
      expect(revoked.data?.revokeAgent?.__typename).toBe('AgentRevoked');
      outage.restore();
      await outage.listening();
      await api.decide(owner.cookie, id, false, 'private: never again');

      const first = await Promise.race([agentClosed, agentEvents.until(2).then((values) => ({ received: values }))]);
      expect(first).toEqual({ code: 4403, reason: 'Agent key no longer valid' });
      expect(agentEvents.values).toEqual([{ signOffEvents: { signOff: { state: 'PENDING', note: null } } }]);
      await agentSocket.dispose();
    } finally {
      await stop();
    }
  });

  dbTest('closes a live socket with 1012 once the event bus is listening again, so its client re-reads', async ({ database }) => {
    const { api, outage, stop } = await startApi(database);
    try {
      const owner = await api.owner();
      const socket = api.subscriber({ cookie: owner.cookie }, api.url, false);
      const closed = closeOf(socket);
      await connected(socket);
      await outage.cut();
      outage.restore();
      expect(await closed).toEqual({ code: 1012, reason: EVENTS_MAY_BE_MISSED });
      await socket.dispose();
    } finally {
      await stop();
    }
  });

  dbTest('the typed client sees a decision made while the event bus was down', async ({ database }) => {
    const { api, outage, stop } = await startApi(database);
    try {
      const { owner, agent, id } = await pendingSignOff(api);
      const client = new CountersignAgent({ url: api.url, key: agent.key, webSocketImpl: WebSocket });
      try {
        const before = api.bus.subscriberCount;
        const decision = client.waitForDecision(id, { timeoutMs: 30_000 });
        await waitFor(() => api.bus.subscriberCount > before);
        await outage.cut();
        await api.decide(owner.cookie, id, false, 'not now');
        outage.restore();
        await expect(decision).resolves.toMatchObject({ id, state: 'DENIED', note: 'not now' });
      } finally {
        await client.close();
      }
    } finally {
      await stop();
    }
  });

  dbTest('closes a console socket whose session was expired in the database within the re-validation interval', async ({ database }) => {
    const { api, stop } = await startApi(database, { wsRevalidateMs: 200 });
    try {
      const owner = await api.owner();
      const socket = api.subscriber({ cookie: owner.cookie }, api.url, false);
      const closed = closeOf(socket);
      await connected(socket);
      await database.pool.query(`UPDATE sessions SET expires_at = created_at + interval '1 millisecond'`);
      expect(await closed).toEqual({ code: 4403, reason: 'Session ended or expired' });
      await socket.dispose();
    } finally {
      await stop();
    }
  });

  dbTest("closes a console socket at its session's expiry, long before the re-validation interval", async ({ database }) => {
    const { api, stop } = await startApi(database);
    try {
      const owner = await api.owner();
      await database.pool.query(`UPDATE sessions SET expires_at = now() + interval '1 second'`);
      const socket = api.subscriber({ cookie: owner.cookie }, api.url, false);
      const closed = closeOf(socket);
      await connected(socket);
      expect(await closed).toEqual({ code: 4403, reason: 'Session ended or expired' });
      await socket.dispose();
    } finally {
      await stop();
    }
  });
});
