import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { finished, freePort, waitForOutput } from '../processes.js';
import { waitFor } from '../testkit.js';
import { launchApi } from '../spawn-api.js';
import { ALREADY_ISSUED } from '../../src/app/start-banner.js';

function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}

/**
 * A server on its own embedded PostgreSQL, as `pnpm start` runs it, once it printed `lastLine`: the first start
 * prints the first-owner link, a start after it says a link is already out (the link is printed once per database).
 */
async function startServerOn(dataDir: string, lastLine: RegExp) {
  const port = await freePort();
  const child = launchApi({ COUNTERSIGN_DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'production', DATABASE_URL: '' });
  const exited = finished(child);
  // The last thing a server with no owner prints: from here on it is serving, not starting.
  await waitForOutput(child, lastLine);
  return { child, exited, url: `http://127.0.0.1:${port}` };
}

describe('the embedded PostgreSQL dying under the server', () => {
  test('makes the server exit non-zero instead of serving without a database; started again, it serves', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-postmaster-'));
    try {
      const first = await startServerOn(dataDir, /Create the first one at/);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
      process.kill(postmasterPid(dataDir), 'SIGKILL');
      const { code, stderr } = await first.exited;
      expect(code).toBe(1);
      expect(stderr).toMatch(/the embedded PostgreSQL stopped unexpectedly .*signal SIGKILL/);

      // A supervisor's restart: no manual step between the crash and serving again.
      const second = await startServerOn(dataDir, new RegExp(ALREADY_ISSUED));
      try {
        await waitFor(async () => (await fetch(`${second.url}/readyz`)).status === 200);
        const answer = await fetch(`${second.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"query":"{ setupStatus { needed } }"}',
        });
        expect(await answer.json()).toEqual({ data: { setupStatus: { needed: true } } });
      } finally {
        second.child.kill('SIGTERM');
        expect((await second.exited).code).toBe(0);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
