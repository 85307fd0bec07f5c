import type pg from 'pg';
import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';
import { inTransaction } from '../../platform/db/sql.js';
import { SecretBox } from '../../platform/lib/sealed.js';
import { appendAuditEntry } from './append.js';
import { chainHash, GENESIS_HASH } from './chain.js';
import { signTenantHead } from '../../jobs/audit-signer/signer.js';
import { appendAfterHead, findHead } from './store.js';
import { verifyStoredChain } from './verify.js';

const box = new SecretBox(Buffer.alloc(32, 7));

async function newTenant(pool: pg.Pool, slug: string): Promise<string> {
  const { rows } = await pool.query<{ id: string }>(`INSERT INTO tenants (id, slug, name) VALUES (gen_random_uuid(), $1, 'A') RETURNING id`, [slug]);
  return rows[0]!.id;
}

function appendOne(pool: pg.Pool, tenantId: string) {
  return inTransaction(pool, (tx) => appendAuditEntry(tx, { tenantId, kind: 'agent.revoked', actor: 'owner:o', subject: 'agent:a', detail: {} }));
}

/** Every row of the three audit tables, as text: what a refused statement must leave as it was. */
async function auditRows(pool: pg.Pool): Promise<string[]> {
  const tables = ['audit_heads', 'audit_entries', 'audit_signed_heads'];
  const all = await Promise.all(tables.map((table) => pool.query<{ row: string }>(`SELECT t::text AS row FROM ${table} t ORDER BY 1`)));
  return all.flatMap((result, n) => result.rows.map((r) => `${tables[n]} ${r.row}`));
}

describe('the audit chain store', () => {
  dbTest('refuses an append that does not follow the head as locked: a skipped seq, or another prev_hash; nothing changes', async ({ database }) => {
    const tenantId = await newTenant(database.pool, 'audit-store');
    const input = { tenantId, kind: 'agent.revoked' as const, actor: 'owner:o', subject: 'agent:a', detail: {} };
    const first = await inTransaction(database.pool, (tx) => appendAuditEntry(tx, input));
    expect(first.seq).toBe(1);
    const entry = '{"not":"checked here"}';
    const skipped = { seq: 3, prevHash: first.hash, hash: chainHash(first.hash, entry), entry };
    const forked = { seq: 2, prevHash: GENESIS_HASH, hash: chainHash(GENESIS_HASH, entry), entry };
    for (const record of [skipped, forked]) {
      expect(await inTransaction(database.pool, (tx) => appendAfterHead(tx, tenantId, record, new Date().toISOString()))).toBe(false);
    }
    expect(await findHead(database.pool, tenantId)).toEqual({ seq: 1, hash: first.hash });
    const count = await database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries WHERE tenant_id = $1', [tenantId]);
    expect(count.rows[0]!.n).toBe(1);
    expect((await inTransaction(database.pool, (tx) => appendAuditEntry(tx, input))).seq).toBe(2);
  });

  dbTest('every tenant has its audit head from its creation, at seq 0 with the genesis hash: its empty chain verifies', async ({ database }) => {
    const tenantId = await newTenant(database.pool, 'audit-new');
    expect(await findHead(database.pool, tenantId)).toEqual({ seq: 0, hash: GENESIS_HASH });
    expect(await verifyStoredChain(database.pool, tenantId)).toEqual({ tenantId, count: 0, problem: null, signedHead: null });
  });

  dbTest('an append updates the head row once, inserts none and locks nothing of the tenant, from its first entry on', async ({ database }) => {
    const tenantId = await newTenant(database.pool, 'audit-writes');
    for (const seq of [1, 2]) {
      const seen = await inTransaction(database.pool, async (tx) => {
        // This backend's counts (which may still hold earlier transactions' unflushed ones: the difference is the append's) and this transaction's locks.
        const counts = async () =>
          (
            await tx.query<{ inserted: number; updated: number }>(
              `SELECT n_tup_ins::int AS inserted, n_tup_upd::int AS updated FROM pg_stat_xact_user_tables WHERE relname = 'audit_heads'`,
            )
          ).rows[0]!;
        const before = await counts();
        await appendAuditEntry(tx, { tenantId, kind: 'agent.revoked', actor: 'owner:o', subject: 'agent:a', detail: {} });
        const after = await counts();
        const locks = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE pid = pg_backend_pid() AND relation = 'tenants'::regclass`);
        return { inserted: after.inserted - before.inserted, updated: after.updated - before.updated, tenantLocks: locks.rows[0]!.n };
      });
      expect([seq, seen]).toEqual([seq, { inserted: 0, updated: 1, tenantLocks: 0 }]);
    }
    expect(await verifyStoredChain(database.pool, tenantId)).toMatchObject({ count: 2, problem: null });
  });

  dbTest(
    'refuses UPDATE, DELETE and TRUNCATE of entries and signed heads, and a head moved back, skipped ahead, deleted or truncated, each with a clear error and nothing changed',
    async ({ database }) => {
      const pool = database.pool;
      const tenantId = await newTenant(pool, 'audit-hardened');
      await appendOne(pool, tenantId);
      await appendOne(pool, tenantId);
      expect(await signTenantHead(pool, box, tenantId)).toMatchObject({ head: { seq: 2 }, fresh: true });
      const before = await auditRows(pool);
      const refused: [string, string][] = [
        [`UPDATE audit_entries SET at = at - interval '1 day' WHERE tenant_id = $1`, 'audit entries are append-only'],
        [`DELETE FROM audit_entries WHERE tenant_id = $1 AND seq = 2`, 'audit entries are append-only'],
        ['TRUNCATE audit_entries', 'audit_entries is append-only: TRUNCATE refused'],
        [`UPDATE audit_signed_heads SET signed_at = signed_at - interval '2 hours' WHERE tenant_id = $1`, 'audit signed heads are append-only'],
        [`DELETE FROM audit_signed_heads WHERE tenant_id = $1`, 'audit signed heads are append-only'],
        ['TRUNCATE audit_signed_heads', 'audit_signed_heads is append-only: TRUNCATE refused'],
        [
          `UPDATE audit_heads h SET seq = 1, hash = e.hash FROM audit_entries e WHERE e.tenant_id = h.tenant_id AND e.seq = 1 AND h.tenant_id = $1`,
          'audit heads only move forward, one entry at a time (UPDATE refused)',
        ],
        [`UPDATE audit_heads SET seq = seq + 2 WHERE tenant_id = $1`, 'audit heads only move forward, one entry at a time (UPDATE refused)'],
        [`UPDATE audit_heads SET hash = repeat('a', 64) WHERE tenant_id = $1`, 'audit heads only move forward, one entry at a time (UPDATE refused)'],
        [`DELETE FROM audit_heads WHERE tenant_id = $1`, 'audit heads only move forward, one entry at a time (DELETE refused)'],
        ['TRUNCATE audit_heads CASCADE', 'is append-only: TRUNCATE refused'],
        ['TRUNCATE tenants CASCADE', 'is append-only: TRUNCATE refused'],
      ];
      for (const [sql, message] of refused) {
        const params = sql.includes('$1') ? [tenantId] : [];
        await expect(pool.query(sql, params), sql).rejects.toMatchObject({ code: '23001', message: expect.stringContaining(message) as unknown });
      }
      expect(await auditRows(pool)).toEqual(before);
      expect(await verifyStoredChain(pool, tenantId)).toMatchObject({ count: 2, problem: null, signedHead: { seq: 2 } });
    },
  );

  dbTest('verify racing appends and signatures committed on other connections never reports a problem: it reads one snapshot', async ({ database }) => {
    const pool = database.pool;
    const tenantId = await newTenant(pool, 'audit-race');
    await appendOne(pool, tenantId);
    let appending = true;
    let appended = 1;
    const appenders = Array.from({ length: 3 }, async () => {
      while (appending) {
        await appendOne(pool, tenantId);
        appended++;
      }
    });
    const signer = (async () => {
      while (appending) await signTenantHead(pool, box, tenantId);
    })();
    const counts: number[] = [];
    try {
      for (let round = 0; round < 40; round++) {
        const verdict = await verifyStoredChain(pool, tenantId);
        expect(verdict.problem, `round ${round}`).toBeNull();
        counts.push(verdict.count);
      }
    } finally {
      appending = false;
      await Promise.all([...appenders, signer]);
    }
    // They raced: the chain grew while verify read it.
    expect(new Set(counts).size).toBeGreaterThan(1);
    expect(await verifyStoredChain(pool, tenantId)).toMatchObject({ count: appended, problem: null });
  });
});
