import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { finished } from '../../../test/processes.js';
import { launchApi, spawnApi } from '../../../test/spawn-api.js';
import { SecretBox } from './sealed.js';
import { checkSealingCanary, SealingKeyMismatchError, type SealedValue } from './sealing-canary.js';

const keyA = Buffer.alloc(32, 7);
const keyB = Buffer.alloc(32, 8);
const none = async (): Promise<SealedValue | null> => null;

describe('the sealing canary', () => {
  dbTest('is sealed by the first start, opens for the same key, and refuses another, naming the setting and never the key', async ({ database }) => {
    await checkSealingCanary(database.pool, new SecretBox(keyA), none);
    await checkSealingCanary(database.pool, new SecretBox(keyA), none);
    const refused = await checkSealingCanary(database.pool, new SecretBox(keyB), none).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SealingKeyMismatchError);
    const message = (refused as Error).message;
    expect(message).toMatch(/^COUNTERSIGN_SECRET_KEY is not the key this database's secrets are sealed with/);
    for (const key of [keyA, keyB]) expect(message).not.toContain(key.toString('base64'));
    expect((await database.pool.query('SELECT 1 FROM sealing_canary')).rowCount).toBe(1);
  });

  dbTest('is not sealed under a key that cannot open an older secret of the database, and is sealed under the one that can', async ({ database }) => {
    const older = { sealed: new SecretBox(keyA).seal('an approval key', 'approval-signing-key'), purpose: 'approval-signing-key' };
    await expect(checkSealingCanary(database.pool, new SecretBox(keyB), async () => older)).rejects.toBeInstanceOf(SealingKeyMismatchError);
    expect((await database.pool.query('SELECT 1 FROM sealing_canary')).rowCount).toBe(0);
    await checkSealingCanary(database.pool, new SecretBox(keyA), async () => older);
    await expect(checkSealingCanary(database.pool, new SecretBox(keyB), none)).rejects.toBeInstanceOf(SealingKeyMismatchError);
  });

  dbTest('lets exactly one key win when 16 first starts race with two keys, 10 rounds', async ({ database }) => {
    for (let round = 0; round < 10; round++) {
      await database.pool.query('DELETE FROM sealing_canary');
      const keys = Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? keyA : keyB));
      const outcomes = await Promise.all(
        keys.map((key) =>
          checkSealingCanary(database.pool, new SecretBox(key), none).then(
            () => key,
            (error: unknown) => {
              expect(error).toBeInstanceOf(SealingKeyMismatchError);
              return null;
            },
          ),
        ),
      );
      const winners = new Set(outcomes.filter((key) => key !== null));
      expect(winners.size, `round ${round}`).toBe(1);
      expect(
        outcomes.filter((key) => key !== null),
        `round ${round}`,
      ).toHaveLength(8);
      expect((await database.pool.query('SELECT 1 FROM sealing_canary')).rowCount).toBe(1);
    }
  });

  dbTest('stops a server given another key before it serves, exit 1, naming COUNTERSIGN_SECRET_KEY', async ({ database }) => {
    const first = await spawnApi(database.url, { COUNTERSIGN_SECRET_KEY: keyA.toString('base64') });
    await first.stop();
    const other = await finished(launchApi({ DATABASE_URL: database.url, PORT: '0', COUNTERSIGN_SECRET_KEY: keyB.toString('base64') }));
    expect(other.code).toBe(1);
    expect(other.stderr).toContain("COUNTERSIGN_SECRET_KEY is not the key this database's secrets are sealed with");
    expect(other.stderr + other.stdout).not.toContain(keyB.toString('base64'));
    const again = await spawnApi(database.url, { COUNTERSIGN_SECRET_KEY: keyA.toString('base64') });
    await again.stop();
  });
});
