import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { isNameTaken, newRepositoryCode } from './service.js';
import { insertRepository } from './store.js';

/** What PostgreSQL answers the insert with, or undefined if it succeeds. */
async function insertError(insert: Promise<unknown>): Promise<unknown> {
  try {
    await insert;
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('telling a taken name from other unique clashes', () => {
  apiTest('calls only a clash on the live name index a taken name, not one on the code or the id', async ({ api }) => {
    const owner = await api.owner();
    const existing = await api.repository(owner, 'taken');
    const { rows } = await api.db.pool.query<{ tenantId: string; ownerId: string }>(
      'SELECT tenant_id AS "tenantId", owner_id AS "ownerId" FROM repositories WHERE id = $1::uuid',
      [existing.id],
    );
    const { tenantId, ownerId } = rows[0]!;

    const sameName = await insertError(insertRepository(api.db.pool, { tenantId, ownerId, id: randomUUID(), name: 'taken', code: newRepositoryCode() }));
    const sameCode = await insertError(insertRepository(api.db.pool, { tenantId, ownerId, id: randomUUID(), name: 'other', code: existing.code }));
    const sameId = await insertError(insertRepository(api.db.pool, { tenantId, ownerId, id: existing.id, name: 'third', code: newRepositoryCode() }));

    // Real answers from PostgreSQL, each a unique violation on a different constraint.
    expect([sameName, sameCode, sameId].map((error) => (error as { code?: string; constraint?: string } | undefined)?.constraint)).toEqual([
      'repositories_live_name',
      'repositories_code_key',
      'repositories_pkey',
    ]);
    expect([sameName, sameCode, sameId].map(isNameTaken)).toEqual([true, false, false]);
  });

  test('calls nothing else a taken name', () => {
    for (const error of [undefined, null, 'repositories_live_name', new Error('boom'), { code: '23503', constraint: 'repositories_live_name' }]) {
      expect(isNameTaken(error)).toBe(false);
    }
  });
});
