import { describe, expect } from 'vitest';
import { dbTest } from '../../../test/fixtures.js';

// docs/tenancy.md, rule T1: every tenant-owned table is keyed by its tenant
// first, and every foreign key between tenant-owned tables carries the
// tenant, so no row can point into another tenant whatever the code does.
// Read from the migrated catalogue, so a new table or key that forgets it fails here.

describe('tenant-owned tables', () => {
  dbTest('lead every primary key with tenant_id, and carry tenant_id first in every key that points at another tenant-owned table', async ({ database }) => {
    const owned = await database.pool.query<{ table: string; primary: string[] | null }>(
      `SELECT c.relname AS "table",
              (SELECT array_agg(a.attname::text ORDER BY k.ordinality)
                 FROM pg_constraint p
                 CROSS JOIN LATERAL unnest(p.conkey) WITH ORDINALITY AS k(attnum, ordinality)
                 JOIN pg_attribute a ON a.attrelid = p.conrelid AND a.attnum = k.attnum
                WHERE p.conrelid = c.oid AND p.contype = 'p') AS "primary"
         FROM pg_class c
         JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
        WHERE c.relkind = 'r'
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped)
        ORDER BY 1`,
    );
    // The tables this project holds per tenant; a new one must be added here on purpose.
    expect(owned.rows.map((row) => row.table)).toEqual([
      'agents',
      'audit_entries',
      'audit_heads',
      'audit_signed_heads',
      'authorities',
      'authority_balances',
      'authority_receipts',
      'email_digest_entries',
      'email_preferences',
      'idempotency_keys',
      'manifests',
      'money_risk_thresholds',
      'oauth_bound',
      'operation_approval_policies',
      'operation_heads',
      'operations',
      'outbox',
      'owner_invitations',
      'owner_tokens',
      'owners',
      'push_devices',
      'repositories',
      'repository_tokens',
      'sessions',
      'sign_off_approvals',
      'sign_off_rules',
      'sign_offs',
      'signing_keys',
      'webhook_endpoints',
    ]);
    for (const row of owned.rows) expect(row.primary?.[0], `${row.table}'s primary key`).toBe('tenant_id');

    const foreign = await database.pool.query<{ name: string; from: string; to: string; columns: string[]; referenced: string[] }>(
      `SELECT p.conname AS name, src.relname AS "from", dst.relname AS "to",
              (SELECT array_agg(a.attname::text ORDER BY k.ordinality) FROM unnest(p.conkey) WITH ORDINALITY AS k(attnum, ordinality)
                 JOIN pg_attribute a ON a.attrelid = p.conrelid AND a.attnum = k.attnum) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY k.ordinality) FROM unnest(p.confkey) WITH ORDINALITY AS k(attnum, ordinality)
                 JOIN pg_attribute a ON a.attrelid = p.confrelid AND a.attnum = k.attnum) AS referenced
         FROM pg_constraint p
         JOIN pg_class src ON src.oid = p.conrelid
         JOIN pg_class dst ON dst.oid = p.confrelid
        WHERE p.contype = 'f' AND src.relname = ANY($1::text[]) AND dst.relname = ANY($1::text[])`,
      [owned.rows.map((row) => row.table)],
    );
    expect(foreign.rows.length).toBeGreaterThan(10);
    for (const key of foreign.rows) {
      expect([key.columns[0], key.referenced[0]], `${key.name} (${key.from} → ${key.to})`).toEqual(['tenant_id', 'tenant_id']);
    }
  });
});
