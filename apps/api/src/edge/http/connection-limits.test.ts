import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { describe, expect, test } from 'vitest';
import { dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { collect, TestApi, waitFor, closeOf } from '../../../test/testkit.js';
import type { Database } from '../../platform/db/database.js';
import { EventBus } from '../../platform/events/bus.js';
import { DEFAULT_CONNECTION_LIMITS, readConnectionLimits, type ConnectionLimits } from '../../platform/config/connection-limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

/** Runs `use` against an API of its own with these connection limits, on its own bus, and stops both after it. */
async function withApi(database: Database, limits: Partial<ConnectionLimits>, use: (api: TestApi) => Promise<void>): Promise<void> {
  const bus = new EventBus(database.url, testLog);
  await bus.start();
  const server = await spawnApi({ config: testConfig({ connections: { ...DEFAULT_CONNECTION_LIMITS, ...limits } }), db: database, bus, log: testLog });
  try {
    await use(new TestApi(server.url, database, bus));
  } finally {
    await server.close();
    await bus.stop();
  }
}

/** Rejects if `promise` has not settled within `ms`: the bound under test, not a pause. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function rawConnection(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What the server answers a health check asked on a new raw connection, whole, once it closes the connection. */
async function healthzOnNewConnection(url: string): Promise<string> {
  const over = await rawConnection(url);
  const answer = readUntilClosed(over);
  over.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return answer;
}

/** Everything the server sends on a raw connection until it closes it. */
function readUntilClosed(socket: Socket): Promise<string> {
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  return new Promise((resolve) => socket.once('close', () => resolve(received)));
}

const AGENT_EVENTS = 'subscription { agentEvents { kind } }';

describe('caps on sockets and connections', () => {
  dbTest('answers an operation over the per-socket cap with RATE_LIMITED and keeps the socket', async ({ database }) => {
    await withApi(database, { wsMaxSubscriptionsPerSocket: 2 }, async (api) => {
      const owner = await api.owner();
      const client = api.subscriber({ cookie: owner.cookie }, api.url, false);
      let connections = 0;
      client.on('connected', () => connections++);
      const before = api.bus.subscriberCount;
      const first = collect(client, AGENT_EVENTS);
      collect(client, AGENT_EVENTS);
      await waitFor(() => api.bus.subscriberCount === before + 2);

      await expect(collect(client, AGENT_EVENTS).until(1)).rejects.toEqual([
        { message: 'At most 2 operations may run at once on one socket.', extensions: { code: 'RATE_LIMITED' } },
      ]);
      first.stop();
      await waitFor(() => api.bus.subscriberCount === before + 1);
      expect(await collect<{ viewer: { __typename: string } }>(client, '{ viewer { __typename } }').until(1)).toEqual([{ viewer: { __typename: 'Owner' } }]);
      expect(connections).toBe(1);
      await client.dispose();
    });
  });

  dbTest("closes a socket over the per-principal cap with 1008, leaving the principal's others open", async ({ database }) => {
    await withApi(database, { wsMaxSocketsPerPrincipal: 2 }, async (api) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const sockets = [0, 1].map(() => api.subscriber({ key: agent.key }, api.url, false));
      await Promise.all(sockets.map((socket) => new Promise<void>((resolve) => socket.on('connected', () => resolve()))));
      const third = api.subscriber({ key: agent.key }, api.url, false);
      expect(await closeOf(third)).toEqual({ code: 1008, reason: 'Too many sockets for this principal' });
      const stillOpen = await collect<{ viewer: { __typename: string } }>(sockets[0]!, '{ viewer { __typename } }').until(1);
      expect(stillOpen).toEqual([{ viewer: { __typename: 'Agent' } }]);
      await Promise.all([...sockets, third].map(async (socket) => socket.dispose()));
    });
  });

  dbTest('refuses an anonymous socket at connection_init with 4403 instead of holding it open', async ({ database }) => {
    await withApi(database, {}, async (api) => {
      const anonymous = api.subscriber({}, api.url, false);
      expect(await closeOf(anonymous)).toEqual({ code: 4403, reason: 'Forbidden' });
      await anonymous.dispose();
    });
  });

  dbTest('closes a socket that sends no connection_init with 4408 within the configured wait', async ({ database }) => {
    await withApi(database, { wsConnectionInitTimeoutMs: 100 }, async (api) => {
      const socket = new WebSocket(`${api.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      // graphql-ws's own default is 3 s: closing well before that shows the setting holds.
      expect(await within(closed, 2000)).toBe(4408);
    });
  });

  dbTest('closes an HTTP connection that sends nothing within the idle timeout', async ({ database }) => {
    await withApi(database, { httpIdleTimeoutMs: 200 }, async (api) => {
      const socket = await rawConnection(api.url);
      expect(await within(readUntilClosed(socket), 5000)).toBe('');
    });
  });

  dbTest('refuses a connection over the instance cap with 503 and UNAVAILABLE, and serves again once one closes', async ({ database }) => {
    await withApi(database, { maxConnections: 2 }, async (api) => {
      const held = [await rawConnection(api.url), await rawConnection(api.url)];
      try {
        const response = await healthzOnNewConnection(api.url);
        expect(response.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
        expect(response).toContain('Retry-After: 1');
        expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual({
          errors: [{ message: 'This server is at its connection limit; try again shortly.', extensions: { code: 'UNAVAILABLE' } }],
        });

        held.pop()!.destroy();
        await waitFor(async () => (await fetch(`${api.url}/healthz`).catch(() => undefined))?.status === 200);
      } finally {
        for (const socket of held) socket.destroy();
      }
    });
  });

  dbTest(
    'refuses the connection over the per-client share with 503 and UNAVAILABLE while that client holds its share, and serves it again once they close',
    async ({ database }) => {
      await withApi(database, { maxConnectionsPerClient: 3 }, async (api) => {
        // Each held connection has begun a request and keeps it unfinished, as a trickling client does.
        const held = await Promise.all(
          [0, 1, 2].map(async () => {
            const socket = await rawConnection(api.url);
            socket.write('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n');
            return socket;
          }),
        );
        try {
          const response = await healthzOnNewConnection(api.url);
          expect(response.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
          expect(response).toContain('Retry-After: 1');
          expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toEqual({
            errors: [{ message: 'Too many connections from your address; close some and try again.', extensions: { code: 'UNAVAILABLE' } }],
          });

          for (const socket of held.splice(0)) socket.destroy();
          await waitFor(async () => (await api.graphql('{ setupStatus { needed } }').catch(() => undefined))?.status === 200);
        } finally {
          for (const socket of held) socket.destroy();
        }
      });
    },
  );

  dbTest(
    'cuts a connection that trickles header lines without finishing them once the headers timeout passes, though it is never idle',
    async ({ database }) => {
      await withApi(database, { headersTimeoutMs: 300, httpIdleTimeoutMs: 30_000 }, async (api) => {
        const socket = await rawConnection(api.url);
        socket.write('POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\n');
        const trickle = setInterval(() => socket.writable && socket.write('X-Trickle: 1\r\n'), 50);
        try {
          // Node alone checks its headersTimeout only every 30 s; the idle timeout never fires on a trickle.
          expect(await within(readUntilClosed(socket), 5000)).toBe('');
        } finally {
          clearInterval(trickle);
          socket.destroy();
        }
      });
    },
  );

  test('reads the caps from the environment and refuses a value that is not a positive integer', () => {
    expect(readConnectionLimits({ COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '5', COUNTERSIGN_MAX_CONNECTIONS: '50' })).toEqual({
      ...DEFAULT_CONNECTION_LIMITS,
      wsMaxSubscriptionsPerSocket: 5,
      maxConnections: 50,
    });
    // Spelled out, not read from connection-limits.ts: the defaults are documented settings, so changing one must fail here first.
    expect(DEFAULT_CONNECTION_LIMITS).toEqual({
      maxConnections: 1000,
      maxConnectionsPerClient: 50,
      headersTimeoutMs: 10_000,
      httpIdleTimeoutMs: 30_000,
      wsConnectionInitTimeoutMs: 10_000,
      wsMaxSocketsPerPrincipal: 20,
      wsMaxSubscriptionsPerSocket: 100,
      wsMaxSubscriptionsPerPrincipal: 100,
      wsEventConcurrency: 4,
      wsRevalidateMs: 60_000,
    });
    expect(
      readConnectionLimits({
        COUNTERSIGN_MAX_CONNECTIONS_PER_CLIENT: '8',
        COUNTERSIGN_HTTP_HEADERS_TIMEOUT_MS: '2000',
        COUNTERSIGN_WS_MAX_SUBSCRIPTIONS_PER_PRINCIPAL: '30',
        COUNTERSIGN_WS_EVENT_CONCURRENCY: '2',
      }),
    ).toEqual({
      ...DEFAULT_CONNECTION_LIMITS,
      maxConnectionsPerClient: 8,
      headersTimeoutMs: 2000,
      wsMaxSubscriptionsPerPrincipal: 30,
      wsEventConcurrency: 2,
    });
    expect(() => readConnectionLimits({ COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL: '0' })).toThrow(
      'COUNTERSIGN_WS_MAX_SOCKETS_PER_PRINCIPAL must be a positive integer, got 0',
    );
  });
});
