import { request } from 'node:http';
import { describe, expect, test } from 'vitest';
import { createTestDatabase } from '../../../test/fixtures.js';
import { spawnApi } from '../../../test/spawn-api.js';
import { lintExposition } from '../../../test/prom-lint.js';

const TOKEN = 'cluster-scrape-token-7c2d9e4f1a3b';

/** A GET on a connection of its own (no keep-alive), so the cluster's primary hands each to a worker afresh. */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics in a cluster', () => {
  test('with COUNTERSIGN_WORKERS=2, whichever worker a scrape reaches answers for both: counts are the sum of both workers’ traffic', async () => {
    const database = await createTestDatabase();
    const instance = await spawnApi(database.url, { COUNTERSIGN_WORKERS: '2', COUNTERSIGN_METRICS_TOKEN: TOKEN });
    const health2xx = 'countersign_http_requests_total{route="health",status_class="2xx"}';
    try {
      // spawnApi's /readyz polls count under route="health" too, on whichever worker each reached: the
      // baseline is a scrape taken once the whole cluster is ready, so only the traffic below is summed.
      const before = await getOnNewConnection(`${instance.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
      expect(before.status).toBe(200);
      const readinessProbes = sample(before.body, health2xx) ?? 0;
      // Round-robin over new connections: each worker answers about half.
      for (let i = 0; i < 20; i++) expect((await getOnNewConnection(`${instance.url}/healthz`)).status).toBe(200);
      const refused = await getOnNewConnection(`${instance.url}/metrics`);
      expect(refused.status).toBe(401);
      for (let scrape = 1; scrape <= 4; scrape++) {
        const answer = await getOnNewConnection(`${instance.url}/metrics`, { authorization: `Bearer ${TOKEN}` });
        expect(answer.status).toBe(200);
        expect(sample(answer.body, health2xx)).toBe(readinessProbes + 20);
        // The refused scrape and the scrapes before this one, the baseline's included (each counted once its answer is written).
        expect(sample(answer.body, 'countersign_http_requests_total{route="metrics",status_class="4xx"}')).toBe(1);
        expect(sample(answer.body, 'countersign_http_requests_total{route="metrics",status_class="2xx"}')).toBe(scrape);
        // Both workers' buses are up; the database-wide gauges are read once, not summed.
        expect(sample(answer.body, 'countersign_event_bus_connected')).toBe(1);
        expect(sample(answer.body, 'countersign_sign_offs{state="pending"}')).toBe(0);
        // Per instance: the database reached by both, one build, the pools' sizes summed, a timeout taken once.
        expect(sample(answer.body, 'countersign_database_up')).toBe(1);
        expect(answer.body).toMatch(/^countersign_build_info\{[^}]*\} 1$/m);
        expect(sample(answer.body, 'countersign_db_pool_max{pool="main"}')).toBe(2 * 10);
        expect(sample(answer.body, 'countersign_db_statement_timeout_seconds{pool="main"}')).toBe(15);
        expect(lintExposition(answer.body)).toEqual([]);
      }
    } finally {
      await instance.stop();
      await database.drop();
    }
  });
});
