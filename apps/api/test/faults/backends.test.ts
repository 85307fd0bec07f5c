import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../fixtures.js';
import { waitFor } from '../testkit.js';
import { backendKiller, draw, drawUntilDone, ledger, type DrawAnswer, type DrawAttempt } from './load.js';
import { spawnApi } from '../spawn-api.js';

const ROUNDS = 3;
const IN_FLIGHT = 24;

describe('database connections dropped under load', () => {
  apiTest('fail only the requests that used them, as UNAVAILABLE; both API processes live on and the ledger sums', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const authority = await api.authority(owner, agent.id, { tokens: 1_000_000 });
    // Short leases: a write cut off mid-transaction leaves its key claimed until the lease ends.
    const local = await spawnApi({ config: testConfig({ idempotencyLeaseMs: 1_000 }), db: api.db, bus: api.bus, log: testLog });
    const remote = await spawnApi(api.db.url, { COUNTERSIGN_IDEMPOTENCY_LEASE_MS: '1000' });
    const killer = await backendKiller(api.db.url);
    try {
      const attempts: DrawAttempt[] = [];
      const firstAnswers: DrawAnswer[] = [];
      let terminated = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const batch = Array.from({ length: IN_FLIGHT }, (_, i): DrawAttempt => ({
          dispatchKey: `round-${round}-${i}`,
          idempotencyKey: i % 2 === 0 ? `key-${round}-${i}` : undefined,
          url: i % 4 < 2 ? local.url : remote.url,
        }));
        attempts.push(...batch);
        const answers = Promise.all(batch.map((attempt) => draw(attempt, agent.key, authority)));
        // Cut every connection while the draws are inside the database.
        await waitFor(async () => (await killer.busy()) > 0, 20_000);
        terminated += await killer.terminateAll();
        firstAnswers.push(...(await answers));
      }
      expect(terminated).toBeGreaterThan(0);
      if (!remote.running()) throw new Error(`the spawned API process exited: ${JSON.stringify(await remote.output())}`);
      // Nothing answered 500 or INTERNAL, nothing lost its socket: a dropped connection is UNAVAILABLE (503, retry).
      for (const answer of firstAnswers) {
        expect(answer.transportError, `local ${local.url}, remote ${remote.url}`).toBeUndefined();
        if (answer.typename === 'Drawn') expect(answer.status).toBe(200);
        else
          expect(
            answer.codes.length > 0 && answer.codes.every((code) => code === 'UNAVAILABLE' || code === 'IDEMPOTENCY_KEY_IN_USE'),
            JSON.stringify(answer),
          ).toBe(true);
        if (answer.codes.includes('UNAVAILABLE')) expect(answer.status).toBe(503);
      }
      // Both processes still serve; a retry of every draw with its own keys completes it exactly once.
      for (const url of [local.url, remote.url]) {
        await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200);
      }
      for (const attempt of attempts) await drawUntilDone(attempt, agent.key, authority);
      const totals = await ledger(api, authority);
      expect(totals).toEqual({ drawn: attempts.length, draws: attempts.length, receipts: attempts.length, receipted: attempts.length });
    } finally {
      await killer.end();
      await remote.stop();
      await local.close();
    }
  });
});
