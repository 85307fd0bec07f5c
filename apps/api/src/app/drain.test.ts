import { existsSync, mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { apiTest } from '../../test/fixtures.js';
import { finished } from '../../test/processes.js';
import { launchApi, spawnApi } from '../../test/spawn-api.js';
import { closeOf, connected, waitFor, type TestApi } from '../../test/testkit.js';

/** One answer on a kept-alive connection: the client asks to keep it, so `Connection: close` is the server's own word. */
function ask(url: string, path: string, agent: Agent, cookie?: string): Promise<{ status: number; connection: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ query: '{ __typename }' });
    const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
    const req = request(`${url}${path}`, { method: path === '/graphql' ? 'POST' : 'GET', agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.once('error', reject);
    req.end(path === '/graphql' ? body : undefined);
  });
}

/**
 * Waits until the server at `url` drains on every connection: a cluster's primary passes the signal to each worker
 * in turn, and hands fresh connections to the workers round-robin, so four fresh ones in a row answering 503 mean
 * every worker has begun (one 503 says only that the first has).
 */
function untilDraining(url: string): Promise<void> {
  return waitFor(async () => {
    for (let i = 0; i < 4; i++) {
      const probe = new Agent({ keepAlive: true });
      const { status } = await ask(url, '/readyz', probe);
      probe.destroy();
      if (status !== 503) return false;
    }
    return true;
  }, 5_000);
}

/** A spawned API with an owner's WebSocket open on it, for a test that stops it. */
async function servedWithSocket(api: TestApi, env: Record<string, string>) {
  const child = await spawnApi(api.db.url, { LOG_LEVEL: 'info', ...env });
  const owner = await api.owner();
  const socket = api.subscriber({ cookie: owner.cookie }, child.url, false);
  const open = connected(socket);
  const closed = closeOf(socket);
  await open;
  return { child, owner, socket, closed };
}

describe('a SIGTERM drains before the listener closes (COUNTERSIGN_SHUTDOWN_DRAIN_MS)', () => {
  apiTest(
    'answers /readyz 503 draining at once while a normal request still succeeds with Connection: close, then closes its WebSockets 1001 and exits 0',
    async ({ api }) => {
      const { child, owner, socket, closed } = await servedWithSocket(api, { COUNTERSIGN_SHUTDOWN_DRAIN_MS: '8000' });
      const agent = new Agent({ keepAlive: true });
      let socketClosed = false;
      void closed.then(() => (socketClosed = true));
      try {
        expect(await ask(child.url, '/graphql', agent, owner.cookie)).toEqual({
          status: 200,
          connection: 'keep-alive',
          body: '{"data":{"__typename":"Query"}}\n',
        });
        child.signal('SIGTERM');
        await untilDraining(child.url);
        expect(await ask(child.url, '/readyz', agent)).toEqual({ status: 503, connection: 'close', body: '{"status":"draining"}' });
        expect(await ask(child.url, '/graphql', agent, owner.cookie)).toEqual({ status: 200, connection: 'close', body: '{"data":{"__typename":"Query"}}\n' });
        expect(socketClosed).toBe(false);
        expect(await closed).toEqual({ code: 1001, reason: 'Going away' });
        const { code, stdout } = await child.output();
        expect(code).toBe(0);
        expect(stdout).toContain('"drainMs":8000,"msg":"draining: /readyz answers 503 while requests are still served"');
      } finally {
        agent.destroy();
        await socket.dispose();
        await child.kill();
      }
    },
    120_000,
  );

  apiTest(
    'a SIGINT skips the drain: the WebSockets close 1001 and the process exits 0 without ever draining',
    async ({ api }) => {
      // A drain far longer than the test may take: only skipping it lets the process exit in time.
      const { child, socket, closed } = await servedWithSocket(api, { COUNTERSIGN_SHUTDOWN_DRAIN_MS: '600000' });
      try {
        child.signal('SIGINT');
        expect(await closed).toEqual({ code: 1001, reason: 'Going away' });
        const { code, stdout } = await child.output();
        expect(code).toBe(0);
        expect(stdout).toContain('"signal":"SIGINT","msg":"shutting down"');
        expect(stdout).not.toContain('draining');
      } finally {
        await socket.dispose();
        await child.kill();
      }
    },
    120_000,
  );

  apiTest(
    'with COUNTERSIGN_WORKERS=2, the primary passes a SIGTERM on: the workers drain, answering /readyz 503 draining and requests with Connection: close, and every process exits 0',
    async ({ api }) => {
      const child = await spawnApi(api.db.url, { COUNTERSIGN_WORKERS: '2', COUNTERSIGN_SHUTDOWN_DRAIN_MS: '8000' });
      const agent = new Agent({ keepAlive: true });
      try {
        child.signal('SIGTERM');
        await untilDraining(child.url);
        // Each on a fresh connection, which the primary hands to the next worker in turn: whichever it reaches drains.
        for (let i = 0; i < 4; i++) {
          const fresh = new Agent({ keepAlive: true });
          expect(await ask(child.url, '/readyz', fresh)).toEqual({ status: 503, connection: 'close', body: '{"status":"draining"}' });
          fresh.destroy();
        }
        expect((await child.output()).code).toBe(0);
      } finally {
        agent.destroy();
        await child.kill();
      }
    },
    180_000,
  );

  test.each([
    ['COUNTERSIGN_SHUTDOWN_DRAIN_MS', '5s', 'from 0'],
    ['COUNTERSIGN_SHUTDOWN_GRACE_MS', '0', 'from 1'],
  ])('a server given %s=%s refuses to start, exits 1 naming the setting, and starts nothing', async (name, value, from) => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'countersign-drain-')), 'never-created');
    const { code, stderr } = await finished(launchApi({ [name]: value, COUNTERSIGN_DATA_DIR: dataDir }));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`countersign failed to start: ${name} must be a whole number of milliseconds ${from} to 2147483647, got ${value}`);
    expect(existsSync(dataDir)).toBe(false);
  });
});
