import { describe, expect } from 'vitest';
import WebSocket from 'ws';
import { apiTest, testConfig, testLog } from '../../test/fixtures.js';
import { freePort } from '../../test/processes.js';
import { openDatabase } from '../db/database.js';
import { startServer } from './server.js';

describe('a WebSocket whose database cannot answer', () => {
  apiTest('is closed with 1013 (try again later), not 4403: its key is not dead, the database is away', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    // An instance whose pool points where no PostgreSQL listens: every authentication fails to connect.
    const away = await openDatabase({ databaseUrl: `postgres://nobody:nothing@127.0.0.1:${await freePort()}/none`, dataDir: '', log: testLog, runMigrations: false });
    const server = await startServer({ config: testConfig(), db: away, bus: api.bus, log: testLog });
    try {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
      const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${agent.key}` } })));
      expect(await closed).toEqual({ code: 1013, reason: 'Database unavailable: reconnect shortly' });
    } finally {
      await server.close();
      await away.close();
    }
  });
});
