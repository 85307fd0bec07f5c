import pg from 'pg';
import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { dbTest, TEST_CONNECTION_LIMITS, testConfig, testLog } from '../../../../test/fixtures.js';
import { collect, TestApi, waitFor, type SignedInOwner, closeOf, connected } from '../../../../test/testkit.js';
import type { Database } from '../../../platform/db/database.js';
import { EventBus } from '../../../platform/events/bus.js';
import { EVENTS_CHANNEL } from '../../../platform/events/topics.js';
import type { ConnectionLimits } from '../../../platform/config/connection-limits.js';
import { payloadSerialisations } from './shared-payload.js';
import { spawnApi } from '../../../../test/spawn-api.js';

async function startApi(database: Database, limits: Partial<ConnectionLimits>): Promise<{ api: TestApi; stop: () => Promise<void> }> {
  const bus = new EventBus(database.url, testLog);
  await bus.start();
  const server = await spawnApi({ config: testConfig({ connections: { ...TEST_CONNECTION_LIMITS, ...limits } }), db: database, bus, log: testLog });
  return {
    api: new TestApi(server.url, database, bus),
    stop: async () => {
      await server.close();
      await bus.stop();
    },
  };
}

const AUTHORITY_EVENTS =
  'subscription { authorityEvents { authority { id drawn { tokens } agent { name owner { email tenant { name } } } issuedBy { email } } } }';
type AuthorityEvent = { authorityEvents: { authority: { id: string; drawn: { tokens: number }; agent: { name: string }; issuedBy: { email: string } } } };

/** An agent of `owner` with one authority, and the ids an AUTHORITY_CHANGED event about it carries. */
async function agentWithAuthority(api: TestApi, owner: SignedInOwner) {
  const agent = await api.agent(owner);
  const authorityId = await api.authority(owner, agent.id, { tokens: 10 });
  const { rows } = await api.db.pool.query<{ tenantId: string; ownerId: string }>(
    'SELECT tenant_id AS "tenantId", owner_id AS "ownerId" FROM agents WHERE id = $1',
    [agent.id],
  );
  return { ...agent, authorityId, tenantId: rows[0]!.tenantId, ownerId: rows[0]!.ownerId };
}

/** Announces `count` changes to the authority at once, as a burst of draws would (distinct payloads: PostgreSQL folds identical ones). */
async function announce(db: Database, target: { authorityId: string; tenantId: string; ownerId: string; id: string }, count: number): Promise<void> {
  await db.pool.query(
    `SELECT pg_notify($1, json_build_object('topic', 'AUTHORITY_CHANGED', 'tenantId', $2::text,
      'payload', json_build_object('authorityId', $3::text, 'ownerId', $4::text, 'agentId', $5::text), 'n', n)::text)
    FROM generate_series(1, $6::int) n`,
    [EVENTS_CHANNEL, target.tenantId, target.authorityId, target.ownerId, target.id, count],
  );
}

/**
 * Holds the authorities table so that every event resolution's read of it
 * waits in PostgreSQL, holding its pool connection: the burst is then
 * "being resolved" for as long as the test likes, and the waiting reads can
 * be counted. (The pool's lock_timeout, 5 s, bounds how long the test may hold it.)
 */
async function holdAuthorities(database: Database) {
  const locker = new pg.Client({ connectionString: database.url });
  const observer = new pg.Client({ connectionString: database.url });
  await Promise.all([locker.connect(), observer.connect()]);
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE authorities IN ACCESS EXCLUSIVE MODE');
  return {
    /** Event-resolution reads of an authority now waiting for the table. */
    waitingReads: async () =>
      (
        await observer.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%findAuthority%'`,
        )
      ).rows[0]!.n,
    release: async () => {
      await locker.query('ROLLBACK').catch(() => undefined);
      await Promise.all([locker.end(), observer.end()]);
    },
  };
}

/** A graphql-transport-ws socket spoken by hand, keeping every frame as the server wrote it. */
async function rawSocket(api: TestApi, key: string): Promise<{ socket: WebSocket; frames: string[] }> {
  const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const frames: string[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } })));
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const frame = data.toString();
      if ((JSON.parse(frame) as { type: string }).type === 'connection_ack') resolve();
      else frames.push(frame);
    });
  });
  return { socket, frames };
}

describe("the work one principal's subscriptions cause", () => {
  dbTest('serialises each event once per group of like subscriptions, and frames it for each socket with that subscription’s own id', async ({ database }) => {
    const { api, stop } = await startApi(database, {});
    const owner = await api.owner();
    const target = await agentWithAuthority(api, owner);
    const sockets = await Promise.all([0, 1].map(() => rawSocket(api, target.key)));
    try {
      const before = api.bus.subscriberCount;
      const other = 'subscription { authorityEvents { authority { id } } }';
      // Two groups: three subscriptions of one document over two sockets (ids chosen by each client, so they repeat), one of another.
      const subscriptions = [
        { socket: 0, id: 'a', query: AUTHORITY_EVENTS },
        { socket: 0, id: 'b', query: AUTHORITY_EVENTS },
        { socket: 1, id: 'a', query: AUTHORITY_EVENTS },
        { socket: 1, id: 'c', query: other },
      ];
      for (const { socket, id, query } of subscriptions) sockets[socket]!.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
      await waitFor(() => api.bus.subscriberCount === before + subscriptions.length);

      const serialised = payloadSerialisations();
      await announce(api.db, target, 1);
      await waitFor(() => sockets[0]!.frames.length === 2 && sockets[1]!.frames.length === 2);
      expect(payloadSerialisations() - serialised).toBe(2);

      const frames = sockets.map(({ frames }) =>
        frames.map((frame) => ({ frame, message: JSON.parse(frame) as { id: string; type: string; payload: unknown } })),
      );
      for (const { frame, message } of frames.flat()) {
        // Exactly the text graphql-ws would have written for the message: id, type, then the payload.
        expect(frame).toBe(JSON.stringify({ id: message.id, type: 'next', payload: message.payload }));
      }
      expect(frames.map((framesOfSocket) => framesOfSocket.map(({ message }) => message.id).sort())).toEqual([
        ['a', 'b'],
        ['a', 'c'],
      ]);
      const payloadOf = (socket: number, id: string) => frames[socket]!.find(({ message }) => message.id === id)!.message.payload;
      expect(payloadOf(0, 'a')).toMatchObject({
        data: { authorityEvents: { authority: { id: target.authorityId, agent: { owner: { email: owner.email } }, issuedBy: { email: owner.email } } } },
      });
      expect(payloadOf(0, 'b')).toEqual(payloadOf(0, 'a'));
      expect(payloadOf(1, 'a')).toEqual(payloadOf(0, 'a'));
      expect(payloadOf(1, 'c')).toEqual({ data: { authorityEvents: { authority: { id: target.authorityId } } } });
    } finally {
      for (const { socket } of sockets) socket.terminate();
      await stop();
    }
  });

  dbTest(
    "refuses an agent's 101st live subscription across its sockets with RATE_LIMITED, keeps the socket, and admits one again once others end",
    async ({ database }) => {
      const { api, stop } = await startApi(database, {});
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const sibling = await api.agent(owner);
      const sockets = [0, 1].map(() => api.subscriber({ key: agent.key }, api.url, false));
      const siblingSocket = api.subscriber({ key: sibling.key }, api.url, false);
      try {
        await Promise.all([...sockets, siblingSocket].map(connected));
        let reconnections = 0;
        sockets[1]!.on('connected', () => reconnections++);
        const before = api.bus.subscriberCount;
        const first = collect(sockets[0]!, AUTHORITY_EVENTS);
        for (let i = 1; i < 50; i++) collect(sockets[0]!, AUTHORITY_EVENTS);
        for (let i = 0; i < 50; i++) collect(sockets[1]!, AUTHORITY_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + 100);

        await expect(collect(sockets[1]!, AUTHORITY_EVENTS).until(1)).rejects.toEqual([
          { message: 'At most 100 subscriptions may be live at once for one agent or owner.', extensions: { code: 'RATE_LIMITED' } },
        ]);
        // The cap is the principal's: another agent of the same owner is not refused.
        collect(siblingSocket, AUTHORITY_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + 101);

        first.stop();
        await waitFor(() => api.bus.subscriberCount === before + 100);
        collect(sockets[1]!, AUTHORITY_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + 101);
        await expect(collect(sockets[1]!, AUTHORITY_EVENTS).until(1)).rejects.toEqual([
          { message: 'At most 100 subscriptions may be live at once for one agent or owner.', extensions: { code: 'RATE_LIMITED' } },
        ]);

        // A closed socket gives back every slot it held.
        await sockets[0]!.dispose();
        await waitFor(() => api.bus.subscriberCount === before + 52);
        for (let i = 0; i < 49; i++) collect(sockets[1]!, AUTHORITY_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + 101);
        expect(reconnections).toBe(0);
      } finally {
        await Promise.all([...sockets, siblingSocket].map(async (socket) => socket.dispose()));
        await stop();
      }
    },
  );

  dbTest("reads an event once for all of one agent's subscriptions, so a burst leaves another tenant's query a pool connection", async ({ database }) => {
    // The gate is opened wide here: what is under test is that 30 subscriptions share one read.
    const { api, stop } = await startApi(database, { wsEventConcurrency: 64 });
    const owner = await api.owner();
    const target = await agentWithAuthority(api, owner);
    const otherOwner = await api.owner();
    const otherAgent = await api.agent(otherOwner);
    const sockets = [0, 1].map(() => api.subscriber({ key: target.key }, api.url, false));
    let held: Awaited<ReturnType<typeof holdAuthorities>> | undefined;
    try {
      await Promise.all(sockets.map(connected));
      const before = api.bus.subscriberCount;
      // More subscriptions than the pool has connections (20): resolved one by one, this burst would take them all.
      const streams = Array.from({ length: 30 }, (_, i) => collect<AuthorityEvent>(sockets[i % 2]!, AUTHORITY_EVENTS));
      await waitFor(() => api.bus.subscriberCount === before + 30);

      held = await holdAuthorities(database);
      await announce(api.db, target, 5);
      await waitFor(async () => (await held!.waitingReads()) >= 1);
      const answer = await api.graphql('{ repositories { nodes { id } } }', {}, { key: otherAgent.key });
      expect(answer).toMatchObject({ status: 200, data: { repositories: { nodes: [] } }, errors: undefined });
      // The burst is still being resolved, by one read.
      expect(await held.waitingReads()).toBe(1);

      await held.release();
      held = undefined;
      for (const stream of streams) {
        const events = await stream.until(5);
        expect(events.map((event) => event.authorityEvents.authority.id)).toEqual(Array(5).fill(target.authorityId));
      }
    } finally {
      await held?.release();
      await Promise.all(sockets.map(async (socket) => socket.dispose()));
      await stop();
    }
  });

  dbTest(
    'resolves no more subscription events at once than COUNTERSIGN_WS_EVENT_CONCURRENCY, however many principals an event burst reaches',
    async ({ database }) => {
      const { api, stop } = await startApi(database, { wsEventConcurrency: 2 });
      const owner = await api.owner();
      const targets = await Promise.all(Array.from({ length: 5 }, () => agentWithAuthority(api, owner)));
      const otherOwner = await api.owner();
      const otherAgent = await api.agent(otherOwner);
      const sockets = targets.map((target) => api.subscriber({ key: target.key }, api.url, false));
      let held: Awaited<ReturnType<typeof holdAuthorities>> | undefined;
      try {
        await Promise.all(sockets.map(connected));
        const before = api.bus.subscriberCount;
        const streams = sockets.map((socket) => collect<AuthorityEvent>(socket, AUTHORITY_EVENTS));
        await waitFor(() => api.bus.subscriberCount === before + 5);

        held = await holdAuthorities(database);
        for (const target of targets) await announce(api.db, target, 1);
        await waitFor(async () => (await held!.waitingReads()) >= 2);
        const answer = await api.graphql('{ repositories { nodes { id } } }', {}, { key: otherAgent.key });
        expect(answer).toMatchObject({ status: 200, data: { repositories: { nodes: [] } }, errors: undefined });
        // Five principals' events are due; two are being read, three wait their turn in memory.
        expect(await held.waitingReads()).toBe(2);

        await held.release();
        held = undefined;
        for (const [i, stream] of streams.entries()) {
          const events = await stream.until(1);
          expect(events.map((event) => event.authorityEvents.authority.id)).toEqual([targets[i]!.authorityId]);
        }
      } finally {
        await held?.release();
        await Promise.all(sockets.map(async (socket) => socket.dispose()));
        await stop();
      }
    },
  );

  dbTest(
    'closes the socket of a subscription that falls more than 1000 events behind with 1013, so its client reconnects and re-reads',
    async ({ database }) => {
      const { api, stop } = await startApi(database, {});
      const owner = await api.owner();
      const target = await agentWithAuthority(api, owner);
      const socket = api.subscriber({ key: target.key }, api.url, false);
      let held: Awaited<ReturnType<typeof holdAuthorities>> | undefined;
      try {
        await connected(socket);
        const closed = closeOf(socket);
        const before = api.bus.subscriberCount;
        collect<AuthorityEvent>(socket, AUTHORITY_EVENTS);
        await waitFor(() => api.bus.subscriberCount === before + 1);

        // The first event's read waits on the table; the next 1,001 queue behind it, one too many.
        held = await holdAuthorities(database);
        await announce(api.db, target, 1002);
        await waitFor(() => api.bus.subscriberCount === before);
        await held.release();
        held = undefined;
        expect(await closed).toEqual({ code: 1013, reason: 'Too far behind on events: reconnect and re-read' });
      } finally {
        await held?.release();
        await socket.dispose();
        await stop();
      }
    },
  );
});
