import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { testLog } from '../../../test/fixtures.js';
import { finished, spawnTs, waitForOutput } from '../../../test/processes.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { launchApi } from '../../../test/spawn-api.js';

function postmasterPid(dataDir: string): number {
  return Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]!, 10);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded PostgreSQL', () => {
  test('recovers the postmaster a SIGKILLed server left running, and keeps its data', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-orphan-'));
    try {
      const first = spawnTs('test/run-embedded.ts', [dataDir], {});
      const exited = finished(first);
      await waitForOutput(first, /READY/);
      const orphan = postmasterPid(dataDir);
      first.kill('SIGKILL');
      await exited;
      expect(alive(orphan)).toBe(true);

      const database = await startEmbeddedPostgres({ dataDir, log: testLog });
      try {
        expect(alive(orphan)).toBe(false);
        expect(postmasterPid(dataDir)).not.toBe(orphan);
        const client = new pg.Client({ connectionString: database.adminUrl });
        await client.connect();
        expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
        await client.end();
      } finally {
        await database.stop();
      }
      expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('starts again on the port it is given after its postmaster was killed with SIGKILL, with the data it had', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-restart-'));
    try {
      let died: (signal: NodeJS.Signals | null) => void = () => undefined;
      const death = new Promise<NodeJS.Signals | null>((resolve) => (died = resolve));
      const first = await startEmbeddedPostgres({ dataDir, log: testLog, onUnexpectedExit: (_code, signal) => died(signal) });
      const client = new pg.Client({ connectionString: first.adminUrl });
      await client.connect();
      await client.query('CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');
      await client.end();
      process.kill(first.pid, 'SIGKILL');
      expect(await death).toBe('SIGKILL');

      // The dead postmaster's backends hold its shared memory until each notices: the first starts may be refused.
      const port = Number(new URL(first.adminUrl).port);
      const deadline = Date.now() + 30_000;
      let second: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
      while (!second) {
        second = await startEmbeddedPostgres({ dataDir, log: testLog, port }).catch((error: unknown) => {
          if (Date.now() > deadline) throw error;
          return new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100));
        });
      }
      try {
        expect(second.adminUrl).toBe(first.adminUrl);
        expect(second.pid).not.toBe(first.pid);
        const again = new pg.Client({ connectionString: second.adminUrl });
        await again.connect();
        expect((await again.query('SELECT n FROM kept')).rows).toEqual([{ n: 42 }]);
        await again.end();
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('refuses a data folder that a live server is using, and leaves that server running', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-busy-'));
    const owner = spawnTs('test/run-embedded.ts', [dataDir], {});
    const exited = finished(owner);
    try {
      await waitForOutput(owner, /READY/);
      const running = postmasterPid(dataDir);
      await expect(startEmbeddedPostgres({ dataDir, log: testLog })).rejects.toThrow(`The data folder ${dataDir} is in use by process ${owner.pid}`);
      expect(alive(running)).toBe(true);
    } finally {
      owner.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('runs from a data folder the postgres user cannot reach by keeping the cluster where it can', async () => {
    const privateParent = mkdtempSync(path.join(tmpdir(), 'countersign-private-'));
    chmodSync(privateParent, 0o700);
    const dataDir = path.join(privateParent, 'data');
    let clusterDir: string;
    try {
      const database = await startEmbeddedPostgres({ dataDir, log: testLog });
      try {
        const client = new pg.Client({ connectionString: database.adminUrl });
        await client.connect();
        const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
        await client.end();
        const expected = userInfo().uid === 0 ? /^\/var\/lib\/countersign\/[0-9a-f]{16}\/pg$/ : new RegExp(`^${dataDir}/pg$`);
        expect(rows[0]!.data_directory).toMatch(expected);
        clusterDir = rows[0]!.data_directory;
      } finally {
        await database.stop();
      }
      if (clusterDir.startsWith('/var/lib/countersign/')) rmSync(path.dirname(clusterDir), { recursive: true, force: true });
    } finally {
      rmSync(privateParent, { recursive: true, force: true });
    }
  });

  test('stops its embedded PostgreSQL when the server gets SIGTERM, exiting cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'countersign-sigterm-'));
    try {
      const server = launchApi({ COUNTERSIGN_DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' });
      const exited = finished(server);
      await waitForOutput(server, /Countersign is running at/);
      const postmaster = postmasterPid(dataDir);
      expect(alive(postmaster)).toBe(true);
      server.kill('SIGTERM');
      expect((await exited).code).toBe(0);
      expect(alive(postmaster)).toBe(false);
      expect(existsSync(path.join(dataDir, 'owner.pid'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
