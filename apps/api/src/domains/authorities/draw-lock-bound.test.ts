import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { hashSecret } from '../../platform/lib/secrets.js';

// Behind a transaction-mode pooler a connection's startup parameters never
// reach the server, so the draw carries its own lock bound
// (migration 20261217090000_draw_lock_bound): a connection with no
// lock_timeout of its own still gives up on a held balance row.

describe('the draw’s own lock bound (draw_authority SET lock_timeout)', () => {
  apiTest('is declared on the function, and fails a draw on a connection without bounds with lock_not_available, drawing nothing', async ({ api }) => {
    const config = await api.db.pool.query<{ proconfig: string[] | null }>(`SELECT proconfig FROM pg_proc WHERE proname = 'draw_authority'`);
    expect(config.rows).toEqual([{ proconfig: ['lock_timeout=5s'] }]);

    const owner = await api.owner();
    const agent = await api.agent(owner);
    const authority = await api.authority(owner, agent.id, { tokens: 10 });
    // As a pooled connection would be: neither bound set (the test's own query_timeout ends it if the draw never gave up).
    const unbounded = new pg.Client({ connectionString: api.db.url, query_timeout: 30_000 });
    const holder = await api.db.pool.connect();
    await unbounded.connect();
    try {
      await unbounded.query('SET lock_timeout = 0; SET statement_timeout = 0');
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM authority_balances WHERE authority_id = $1 FOR UPDATE', [authority]);
      const refused = await unbounded
        .query(`SELECT verdict FROM draw_authority($1, $2, 'held', 1, 0)`, [hashSecret(agent.key), authority])
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: '55P03' });
      // The session's own setting is as it was: the bound held only while the call ran.
      expect((await unbounded.query<{ lock_timeout: string }>('SHOW lock_timeout')).rows).toEqual([{ lock_timeout: '0' }]);
      await holder.query('ROLLBACK');
      const receipts = await api.db.pool.query('SELECT 1 FROM authority_receipts WHERE authority_id = $1', [authority]);
      expect(receipts.rowCount).toBe(0);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      holder.release();
      await unbounded.end();
    }
  });
});
