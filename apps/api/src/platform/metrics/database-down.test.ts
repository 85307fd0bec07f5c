import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, inject, test } from 'vitest';
import { createTestDatabase } from '../../../test/fixtures.js';
import { lintExposition } from '../../../test/prom-lint.js';
import { spawnApi } from '../../../test/spawn-api.js';
import { waitFor } from '../../../test/testkit.js';

const TOKEN = 'database-down-token-3e9a71c0b5d2';

/** One scrape: it must answer 200, whatever the database is doing. */
async function scrape(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  return response.text();
}

const sampleOf = (text: string, series: string) =>
  text
    .split('\n')
    .find((line) => line.startsWith(`${series} `))
    ?.slice(series.length + 1);

/** Statements on the test server as its administrator (the server is shared: only this test's database is touched). */
async function asAdmin(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('adminUrl') });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

describe('/metrics while the database is away', () => {
  test('answers 200 from the process’s own figures with countersign_database_up 0, then 1 once the database is back', async () => {
    const database = await createTestDatabase();
    const away = `${database.name}_away`;
    const instance = await spawnApi(database.url, { COUNTERSIGN_METRICS_TOKEN: TOKEN });
    let renamed = false;
    try {
      const up = await scrape(instance.url);
      expect(sampleOf(up, 'countersign_database_up')).toBe('1');
      expect(sampleOf(up, 'countersign_outbox_depth{channel="webhook"}')).toBe('0');
      const root = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as { version: string };
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      expect(up).toContain(`countersign_build_info{version="${root.version}",commit="${head}",node="${process.version}"} 1\n`);

      // The database goes away for real: no new connection is let in, every one the instance holds is ended, and
      // it is renamed, so the instance's reconnects are told it does not exist.
      await asAdmin(
        `ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS false`,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}'`,
        `ALTER DATABASE ${database.name} RENAME TO ${away}`,
      );
      renamed = true;
      let down = '';
      await waitFor(async () => sampleOf((down = await scrape(instance.url)), 'countersign_database_up') === '0');
      // The process's figures are all there; the database's gauges are listed without a sample, not with a stale one.
      expect(down).toMatch(/^countersign_db_pool_max\{pool="main"\} 20$/m);
      expect(down).toMatch(/^countersign_event_bus_connected [01]$/m);
      expect(down).toMatch(/^countersign_build_info\{.*\} 1$/m);
      expect(down).toContain('# TYPE countersign_outbox_depth gauge\n');
      expect(down).not.toMatch(/^countersign_(outbox_depth|outbox_oldest_age_seconds|sign_offs)\{/m);
      expect(lintExposition(down)).toEqual([]);
      // Scrapes while it stays away answer as promptly, from the same state.
      for (let again = 0; again < 3; again++) expect(sampleOf(await scrape(instance.url), 'countersign_database_up')).toBe('0');
      expect((await fetch(`${instance.url}/readyz`)).status).toBe(503);

      await asAdmin(`ALTER DATABASE ${away} RENAME TO ${database.name}`, `ALTER DATABASE ${database.name} WITH ALLOW_CONNECTIONS true`);
      renamed = false;
      let back = '';
      await waitFor(async () => sampleOf((back = await scrape(instance.url)), 'countersign_database_up') === '1');
      expect(sampleOf(back, 'countersign_outbox_depth{channel="webhook"}')).toBe('0');
      expect(sampleOf(back, 'countersign_sign_offs{state="pending"}')).toBe('0');
      expect(instance.running()).toBe(true);
    } finally {
      await instance.stop();
      if (renamed) await asAdmin(`ALTER DATABASE ${away} RENAME TO ${database.name}`);
      await database.drop();
    }
  });
});
