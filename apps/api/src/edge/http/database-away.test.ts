import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { createServer, type AddressInfo } from 'node:net';
import { apiTest, dbTest, testConfig, testLog } from '../../../test/fixtures.js';
import { EventBus } from '../../platform/events/bus.js';
import { freePort } from '../../../test/processes.js';
import { openDatabase } from '../../platform/db/database.js';
import { spawnApi } from '../../../test/spawn-api.js';

describe('a WebSocket whose database cannot answer', () => {
  apiTest('is closed with 1013 (try again later), not 4403: its key is not dead, the database is away', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    // An instance whose pool points where no PostgreSQL listens: every authentication fails to connect.
    const away = await openDatabase({
      databaseUrl: `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`,
      dataDir: '',
      log: testLog,
      runMigrations: false,
    });
    const server = await spawnApi({ config: testConfig(), db: away, bus: api.bus, log: testLog }, { ready: 'answering' });
    try {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
      );
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${agent.key}` } })));
      expect(await closed).toEqual({ code: 1013, reason: 'Database unavailable: reconnect shortly' });
    } finally {
      await server.close();
      await away.close();
    }
  });
});

describe('a database that stops answering without an error', () => {
  dbTest('reads as not ready within the readiness bound instead of hanging /readyz', async ({ database }) => {
    // A peer that accepts connections and never says a word: a frozen host, a partition.
    const silent = createServer((socket) => socket.on('error', () => undefined));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const port = (silent.address() as AddressInfo).port;
    const frozen = await openDatabase({ databaseUrl: `postgres://nobody:nothing@127.0.0.1:${port}/none`, dataDir: '', log: testLog, runMigrations: false });
    const bus = new EventBus(database.url, testLog);
    await bus.start();
    const server = await spawnApi({ config: testConfig(), db: frozen, bus, log: testLog }, { ready: 'answering' });
    try {
      // Well before the pool's own 15 s connection timeout would have answered.
      const ready = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'database unavailable' });
    } finally {
      await server.close();
      await bus.stop();
      await frozen.close().catch(() => undefined);
      silent.close();
    }
  });
});
