import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../fixtures.js';
import { waitFor } from '../testkit.js';
import { draw, drawUntilDone, ledger, type DrawAttempt } from './load.js';
import { spawnApi } from '../spawn-api.js';

const DRAWS = 48;

describe('an API process killed mid-load', () => {
  apiTest('loses nothing it answered as done and runs nothing twice; the survivor completes every retry and the ledger sums', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const authority = await api.authority(owner, agent.id, { tokens: 1_000_000 });
    const survivor = await spawnApi({ config: testConfig({ idempotencyLeaseMs: 1_000 }), db: api.db, bus: api.bus, log: testLog });
    const doomed = await spawnApi(api.db.url, { COUNTERSIGN_IDEMPOTENCY_LEASE_MS: '1000' });
    try {
      const attempts = Array.from({ length: DRAWS }, (_, i): DrawAttempt => ({
        dispatchKey: `crash-${i}`,
        idempotencyKey: i % 2 === 0 ? `crash-key-${i}` : undefined,
        url: i % 3 === 0 ? survivor.url : doomed.url,
      }));
      const answers = attempts.map((attempt) => draw(attempt, agent.key, authority));
      // SIGKILL the second instance once some draws have committed, with the rest still in flight.
      await waitFor(async () => (await ledger(api, authority)).receipts >= DRAWS / 6, 20_000);
      await doomed.kill();
      const first = await Promise.all(answers);
      const doneBeforeCrash = attempts.filter((_, i) => first[i]!.typename === 'Drawn');
      expect(first.some((answer) => answer.transportError !== undefined)).toBe(true);
      for (const answer of first) expect(answer.codes).not.toContain('INTERNAL');

      // Every draw is retried through the survivor with its own dispatch and idempotency keys.
      const retried = await Promise.all(attempts.map((attempt) => drawUntilDone({ ...attempt, url: survivor.url }, agent.key, authority)));
      expect(retried.every((answers) => answers.at(-1)!.typename === 'Drawn')).toBe(true);
      const receipts = await api.db.pool.query<{ dispatch_key: string }>('SELECT dispatch_key FROM authority_receipts WHERE authority_id = $1', [authority]);
      const keys = receipts.rows.map((row) => row.dispatch_key).sort();
      expect(keys).toEqual(attempts.map((attempt) => attempt.dispatchKey).sort());
      for (const attempt of doneBeforeCrash) expect(keys).toContain(attempt.dispatchKey);
      expect(await ledger(api, authority)).toEqual({ drawn: DRAWS, draws: DRAWS, receipts: DRAWS, receipted: DRAWS });
    } finally {
      await doomed.stop();
      await survivor.close();
    }
  });
});
