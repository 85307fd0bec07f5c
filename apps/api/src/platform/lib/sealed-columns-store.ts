import { query, type Queryable } from '../db/sql.js';
import type { SecretBox } from './sealed.js';

/**
 * Every column holding a value sealed under COUNTERSIGN_SECRET_KEY, with the
 * purpose it was sealed for (the associated data it opens with). A new sealed
 * column is added here, or a key rotation would leave it under the old key
 * (`secret-key.test.ts` checks every purpose the code seals for is listed).
 */
export const SEALED_COLUMNS: readonly { table: string; columns: readonly string[]; purpose: string }[] = [
  { table: 'approval_keys', columns: ['private_jwk'], purpose: 'approval-signing-key' },
  { table: 'audit_keys', columns: ['private_key'], purpose: 'audit-signing-key' },
  { table: 'vapid_keys', columns: ['private_key'], purpose: 'vapid-private-key' },
  { table: 'operation_heads', columns: ['webhook_secret', 'previous_webhook_secret'], purpose: 'webhook-secret' },
  { table: 'webhook_endpoints', columns: ['secret', 'previous_secret'], purpose: 'notification-endpoint-secret' },
  { table: 'sealing_canary', columns: ['sealed'], purpose: 'sealing canary' },
  { table: 'oauth_keys', columns: ['signing_jwk'], purpose: 'oauth-signing-jwk' },
  { table: 'oauth_keys', columns: ['cookie_key'], purpose: 'oauth-cookie-key' },
];

/**
 * Opens every sealed value with `box` (under its key or its previous one) and
 * seals it again under its key, row by row under a lock, in the caller's
 * transaction: it all moves to the new key or, on any value that opens with
 * neither, nothing does. Returns how many values each table had re-sealed.
 */
export async function resealAll(tx: Queryable, box: SecretBox): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, columns, purpose } of SEALED_COLUMNS) {
    // The names are this file's constants, never input.
    const rows = await query<Record<string, string | null>>(tx, `/* lockSealed */ SELECT ctid::text AS row, ${columns.join(', ')} FROM ${table} FOR UPDATE`);
    counts[table] ??= 0;
    for (const row of rows) {
      const values = columns.map((column) => (row[column] === null ? null : box.seal(box.open(row[column]!, purpose), purpose)));
      counts[table] += values.filter((value) => value !== null).length;
      const set = columns.map((column, i) => `${column} = $${i + 1}`).join(', ');
      await query(tx, `/* reseal */ UPDATE ${table} SET ${set} WHERE ctid = $${columns.length + 1}::tid`, [...values, row.row]);
    }
  }
  return counts;
}
