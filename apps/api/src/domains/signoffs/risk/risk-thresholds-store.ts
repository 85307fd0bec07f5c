import { query, type Queryable } from '../../../platform/db/sql.js';
import type { Money } from './money.js';

/** The owner's thresholds, by currency code (docs/sign-offs.md, S15). */
export async function findMoneyRiskThresholds(db: Queryable, tenantId: string, ownerId: string): Promise<Money[]> {
  const rows = await query<{ currency: string; minorUnits: string | bigint | number }>(
    db,
    `/* findMoneyRiskThresholds */
    SELECT currency, minor_units AS "minorUnits" FROM money_risk_thresholds WHERE tenant_id = $1::uuid AND owner_id = $2::uuid ORDER BY currency`,
    [tenantId, ownerId],
  );
  // The column's CHECK keeps it at most 2^53 − 1, so the number is exact.
  return rows.map((row) => ({ currency: row.currency, minorUnits: Number(row.minorUnits) }));
}

/** Sets the owner's threshold for one currency (a second call replaces the first). */
export async function saveMoneyRiskThreshold(db: Queryable, owner: { tenantId: string; ownerId: string }, threshold: Money): Promise<void> {
  await query(
    db,
    `/* saveMoneyRiskThreshold */
    INSERT INTO money_risk_thresholds (tenant_id, owner_id, currency, minor_units) VALUES ($1::uuid, $2::uuid, $3, $4::bigint)
    ON CONFLICT (tenant_id, owner_id, currency) DO UPDATE SET minor_units = EXCLUDED.minor_units`,
    [owner.tenantId, owner.ownerId, threshold.currency, threshold.minorUnits],
  );
}

/** Removes the owner's threshold for one currency, if there is one. */
export async function removeMoneyRiskThreshold(db: Queryable, owner: { tenantId: string; ownerId: string }, currency: string): Promise<void> {
  await query(
    db,
    `/* removeMoneyRiskThreshold */
    DELETE FROM money_risk_thresholds WHERE tenant_id = $1::uuid AND owner_id = $2::uuid AND currency = $3`,
    [owner.tenantId, owner.ownerId, currency],
  );
}
