import { appendAuditEntry } from '../../audit/append.js';
import type { Queryable } from '../../../platform/db/sql.js';
import type { SetMoneyRiskThresholdInput } from '../../../generated/graphql.js';
import type { ServiceDeps } from '../../../platform/lib/deps.js';
import { graphQLError } from '../../../platform/lib/errors.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { isKnownCurrency, type Money } from './money.js';
import { findMoneyRiskThresholds, removeMoneyRiskThreshold, saveMoneyRiskThreshold } from './risk-thresholds-store.js';

/** The owner's money thresholds, by currency code. */
export function moneyRiskThresholds(db: Queryable, owner: OwnerPrincipal): Promise<Money[]> {
  return findMoneyRiskThresholds(db, owner.tenantId, owner.ownerId);
}

/**
 * Sets or removes the owner's threshold for one currency (docs/sign-offs.md,
 * S15), for requests asked from then on; BAD_INPUT, changing nothing, for a
 * code that is not an ISO 4217 currency or an amount that is not a whole
 * number from 0 to 2^53 − 1. Returns the thresholds after the change.
 */
export async function setMoneyRiskThreshold(deps: ServiceDeps, owner: OwnerPrincipal, input: SetMoneyRiskThresholdInput): Promise<Money[]> {
  const { currency } = input;
  if (!isKnownCurrency(currency))
    throw graphQLError('BAD_INPUT', `"${input.currency}" is not an ISO 4217 currency code: use three capital letters, such as EUR.`);
  const minorUnits = input.minorUnits ?? null;
  if (minorUnits !== null && (!Number.isSafeInteger(minorUnits) || minorUnits < 0)) {
    throw graphQLError('BAD_INPUT', 'A threshold is a whole number of minor units from 0 to 2^53 − 1.');
  }
  return deps.scope.transaction(async (tx) => {
    if (minorUnits === null) await removeMoneyRiskThreshold(tx, owner, currency);
    else await saveMoneyRiskThreshold(tx, owner, { currency, minorUnits });
    const thresholds = await findMoneyRiskThresholds(tx, owner.tenantId, owner.ownerId);
    // Which requests are HIGH is of record (docs/audit.md, L1): last, the audit head being the last lock taken.
    await appendAuditEntry(tx, {
      tenantId: owner.tenantId,
      kind: 'policy.changed',
      actor: `owner:${owner.ownerId}`,
      subject: `owner:${owner.ownerId}`,
      detail: { setting: 'moneyRiskThreshold', currency, minorUnits },
    });
    return thresholds;
  });
}
