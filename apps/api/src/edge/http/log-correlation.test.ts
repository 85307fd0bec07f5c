import pg from 'pg';
import { describe, expect } from 'vitest';
import { dbTest, testConfig } from '../../../test/fixtures.js';
import { TestApi, text, waitFor } from '../../../test/testkit.js';
import { spawnApi } from '../../../test/spawn-api.js';
import { openDatabase } from '../../platform/db/database.js';
import { EventBus } from '../../platform/events/bus.js';
import { createLogger } from '../../platform/logger.js';
import { PROCESS_INSTANCE_ID } from '../../platform/process-identity.js';

type Line = Record<string, unknown>;

describe('log lines', () => {
  dbTest(
    "name their instance, worker and pid; a request's warning, over HTTP or a WebSocket, carries its requestId, the outbox run it woke a job instead",
    async ({ database }) => {
      const lines: Line[] = [];
      const log = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
      // A short lock wait, so a locked table fails the read inside the resolver within the test.
      const db = await openDatabase({ databaseUrl: database.url, dataDir: '', log, runMigrations: false, bounds: { lockTimeoutMs: 200 } });
      const bus = new EventBus(db.url, log);
      await bus.start();
      const server = await spawnApi({ config: testConfig(), db, bus, log });
      const api = new TestApi(server.url, db, bus);
      const locker = new pg.Client({ connectionString: database.url });
      await locker.connect();
      try {
        const owner = await api.owner();
        const created = await api.graphql('mutation { createAgent(input: { name: "asker" }) { ... on AgentCreated { key } } }', {}, { cookie: owner.cookie });
        const key = text(created.data?.createAgent?.key);
        await api.repository(owner, 'docs');

        // The process logger writes this warning (edge/graphql/format-error.ts): its requestId comes from the request's scope.
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE repositories IN ACCESS EXCLUSIVE MODE');
        const locked = await api.graphql('{ repositories { nodes { name } } }', {}, { key, headers: { 'x-request-id': 'locked-read' } });
        // The same over a WebSocket: the operation's own id (its socket has no request around it).
        const socket = api.subscriber({ key });
        const overSocket = await new Promise<unknown>((resolve) => {
          socket.subscribe({ query: '{ repositories { nodes { name } } }' }, { next: resolve, error: resolve, complete: () => undefined });
        });
        await socket.dispose();
        await locker.query('ROLLBACK');
        expect(locked.errors?.[0]?.extensions?.code).toBe('UNAVAILABLE');
        expect(overSocket).toMatchObject({ errors: [{ extensions: { code: 'UNAVAILABLE' } }] });
        const warnings = lines.filter((line) => line.msg === 'database unavailable');
        expect(warnings).toMatchObject([
          { level: 40, requestId: 'locked-read' },
          { level: 40, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown },
        ]);

        // The request wakes the outbox worker from inside itself; the fan-out it causes is logged after it has answered.
        const asked = await api.graphql(
          'mutation { requestSignOff(input: { op: "repository.mintToken", repository: "docs", input: { scopes: ["read"], ttlHours: 1 }, summary: "s" }) { __typename } }',
          {},
          { key, headers: { 'x-request-id': 'asks' } },
        );
        expect(asked.data?.requestSignOff?.__typename).toBe('SignOffRequested');
        await waitFor(() => lines.some((line) => line.msg === 'notification event fanned out'));
        const fannedOut = lines.find((line) => line.msg === 'notification event fanned out')!;
        expect(fannedOut).toMatchObject({ job: 'outbox-delivery', jobRun: expect.stringMatching(/^[0-9a-f]{8}$/) as unknown });
        expect(fannedOut).not.toHaveProperty('requestId');
        expect(lines.filter((line) => line.requestId === 'asks').map((line) => line.msg)).toEqual(['request']);

        expect(lines.length).toBeGreaterThan(5);
        for (const line of lines) expect(line).toMatchObject({ instance: PROCESS_INSTANCE_ID, worker: 0, pid: process.pid });
      } finally {
        await locker.end();
        await server.close();
        await bus.stop();
        await db.close();
      }
    },
  );
});
