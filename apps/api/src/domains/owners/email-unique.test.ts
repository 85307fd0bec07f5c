import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { createOwner, prepareOwner } from './service.js';

// docs/tenancy.md, rule T6: sign-in is by email alone, before any tenant is
// known, so an address names one owner across every tenant, whatever its case.

describe('an owner email', () => {
  dbTest('is refused for a second owner, in another tenant and in other case, and the first owner stays the only one', async ({ database }) => {
    const first = { email: 'Dana@Example.com', password: 'correct horse battery', tenantName: 'First tenant' };
    const owner = await createOwner(database.pool, first, await prepareOwner(first));
    expect(owner.email).toBe('dana@example.com');

    const second = { email: 'DANA@example.COM', password: 'another long passphrase', tenantName: 'Second tenant' };
    const hash = await prepareOwner(second);
    await expect(createOwner(database.pool, second, hash)).rejects.toMatchObject({ code: '23505', constraint: 'owners_email_key' });

    // Nor can a write that skips the service store an address in other case.
    await expect(
      database.pool.query(`INSERT INTO owners (tenant_id, id, email, password_hash) VALUES ($1, gen_random_uuid(), 'Dana@example.com', 'x')`, [owner.tenantId]),
    ).rejects.toMatchObject({ code: '23514' });

    const owners = await database.pool.query<{ email: string; tenant_id: string }>(`SELECT email, tenant_id FROM owners`);
    expect(owners.rows).toEqual([{ email: 'dana@example.com', tenant_id: owner.tenantId }]);
  });
});
