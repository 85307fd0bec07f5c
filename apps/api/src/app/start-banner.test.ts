import type { ChildProcess } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../test/fixtures.js';
import { finished, freePort, waitForOutput } from '../../test/processes.js';
import { launchApi } from '../../test/spawn-api.js';
import { ALREADY_ISSUED } from './start-banner.js';

/** The JSON lines of one process's output (the banner and the link are plain text, skipped). */
function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('the start banner', () => {
  test('of three API processes started together on one database with no owner, exactly one prints a setup link; each names its own instance on every line', async () => {
    const database = await createTestDatabase();
    const children: ChildProcess[] = [];
    try {
      for (const port of await Promise.all([freePort(), freePort(), freePort()])) {
        children.push(
          launchApi({
            DATABASE_URL: database.url,
            PORT: String(port),
            NODE_ENV: 'test',
            LOG_LEVEL: 'info',
            COUNTERSIGN_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
          }),
        );
      }
      const outputs = children.map((child) => finished(child));
      // Both messages are one write: the line after "No owner exists yet." is in the same chunk.
      await Promise.all(children.map((child) => waitForOutput(child, /No owner exists yet\.[^\n]*\n[^\n]+\n/)));
      for (const child of children) child.kill('SIGTERM');
      const results = await Promise.all(outputs);
      expect(results.map((result) => result.code)).toEqual([0, 0, 0]);

      const combined = results.map((result) => result.stdout).join('');
      expect(combined.match(/\/setup#token=/g)).toHaveLength(1);
      expect(combined.split(ALREADY_ISSUED)).toHaveLength(3);

      const instances = results.map((result, i) => {
        const lines = jsonLines(result.stdout);
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line).toMatchObject({ worker: 0, pid: children[i]!.pid, instance: lines[0]!.instance });
        return lines[0]!.instance;
      });
      expect(new Set(instances).size).toBe(3);
    } finally {
      for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await database.drop();
    }
  }, 180_000);
});
