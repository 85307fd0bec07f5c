import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import type { Database } from '../../platform/db/database.js';
import { createInvitation } from './invitations.js';
import { claimInvitation } from './invitations-store.js';
import { createOwner, prepareOwner } from './service.js';
import { hashSecret } from '../../platform/lib/secrets.js';

// The acceptance asks whether a link is usable before it claims it, so its own
// tests rarely reach a claim that should fail: these hold the claim statement
// itself to its rules (docs/tenancy.md, T10), which are what stand between two
// racing acceptances and a link revoked or expired meanwhile.

async function invitingOwner(database: Database) {
  const input = { email: `inviter-${process.pid}-${Math.random().toString(36).slice(2)}@example.com`, password: 'a long passphrase', tenantName: 'Claims' };
  return createOwner(database.pool, input, await prepareOwner(input));
}

/** Claims in a transaction that is rolled back: the new owner's row (the deferred foreign key) is never needed. */
async function claimTwice(database: Database, tokenHash: string): Promise<[boolean, boolean]> {
  const client = await database.pool.connect();
  try {
    await client.query('BEGIN');
    const first = await claimInvitation(client, tokenHash, randomUUID());
    const second = await claimInvitation(client, tokenHash, randomUUID());
    return [first !== null, second !== null];
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}

describe('claiming an invitation', () => {
  dbTest('succeeds once for a live link; every later claim gets nothing', async ({ database }) => {
    const owner = await invitingOwner(database);
    const { token } = await createInvitation(database.pool, { tenantId: owner.tenantId, invitedBy: owner.id, note: null, signOffId: null });
    expect(await claimTwice(database, hashSecret(token))).toEqual([true, false]);
  });

  dbTest('gets nothing for a link revoked or past its expiry, which stays unaccepted', async ({ database }) => {
    const owner = await invitingOwner(database);
    const revoked = await createInvitation(database.pool, { tenantId: owner.tenantId, invitedBy: owner.id, note: null, signOffId: null });
    const expired = await createInvitation(database.pool, { tenantId: owner.tenantId, invitedBy: owner.id, note: null, signOffId: null });
    await database.pool.query(`UPDATE owner_invitations SET revoked_at = now() WHERE id = $1`, [revoked.invitation.id]);
    await database.pool.query(`UPDATE owner_invitations SET created_at = now() - interval '73 hours', expires_at = now() - interval '1 hour' WHERE id = $1`, [
      expired.invitation.id,
    ]);
    expect(await claimTwice(database, hashSecret(revoked.token))).toEqual([false, false]);
    expect(await claimTwice(database, hashSecret(expired.token))).toEqual([false, false]);
    const rows = await database.pool.query(`SELECT accepted_at FROM owner_invitations`);
    expect(rows.rows).toEqual([{ accepted_at: null }, { accepted_at: null }]);
  });
});
