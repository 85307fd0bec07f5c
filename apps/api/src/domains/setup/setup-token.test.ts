import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { claimSetupToken, insertSetupToken } from './store.js';

// The setup service asks whether a token is usable before it claims it, so its
// own tests never reach a claim that should fail: these hold the claim
// statement itself to its rules, which are what stand between two racing setups.
describe('claiming a setup token', () => {
  dbTest('succeeds once for a live token; every later claim gets nothing', async ({ database }) => {
    await insertSetupToken(database.prisma, 'live-token-hash', new Date(Date.now() + 60_000));
    expect(await claimSetupToken(database.prisma, 'live-token-hash')).toBe(true);
    expect(await claimSetupToken(database.prisma, 'live-token-hash')).toBe(false);
  });

  dbTest('gets nothing for a token past its expiry, which stays unused', async ({ database }) => {
    await insertSetupToken(database.prisma, 'stale-token-hash', new Date(Date.now() - 1));
    expect(await claimSetupToken(database.prisma, 'stale-token-hash')).toBe(false);
    expect(await database.prisma.setupToken.findFirstOrThrow({ where: { tokenHash: 'stale-token-hash' } })).toMatchObject({ usedAt: null });
  });
});
