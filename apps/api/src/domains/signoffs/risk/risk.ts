import { findMoney, formatMoney, type Money } from './money.js';

/** How dangerous an approval is: it decides the owner's gesture, what a batch may approve, and what needs a fresh password. */
export type RiskLevel = 'LOW' | 'MEDIUM' | 'HIGH';

export interface RiskAssessment {
  risk: RiskLevel;
  /** Why it is not LOW, in words an owner reads beside the request (empty for LOW). */
  reasons: string[];
}

/** What the assessment needs of the operation asked for: a built-in by name, or a defined one's declared risk. */
export interface RiskedOperation {
  op: string;
  /** Null for a built-in; a defined operation's version otherwise. */
  version: number | null;
  declaredRisk: RiskLevel;
  irreversible: boolean;
}

const ORDER: RiskLevel[] = ['LOW', 'MEDIUM', 'HIGH'];
const higher = (a: RiskLevel, b: RiskLevel): RiskLevel => (ORDER.indexOf(a) >= ORDER.indexOf(b) ? a : b);

/** A minted token living longer than this is a standing credential rather than a task's. */
const SHORT_TOKEN_HOURS = 24;

/**
 * A request's risk, decided once by the server when the request is stored
 * (docs/sign-offs.md, S15), from its operation and its exact input:
 * deleting, transferring and granting spending authority are HIGH; a minted
 * token is MEDIUM when it can write or outlives a day, else LOW; serving and
 * unserving are LOW; a defined operation is what its owner declared, and
 * HIGH when irreversible. Then, for any operation, a money object in the
 * input above the owner's threshold for its currency raises it to HIGH
 * (`thresholds`: the owner's, one per currency; a currency without one
 * never raises).
 */
export function assessRisk(operation: RiskedOperation, input: unknown, thresholds: readonly Money[] = []): RiskAssessment {
  const assessed = operation.version === null ? builtInRisk(operation.op, input) : definedRisk(operation);
  const over = moneyOverThresholds(input, thresholds);
  if (over.length === 0) return assessed;
  return { risk: 'HIGH', reasons: [...assessed.reasons, ...over] };
}

/**
 * One reason per currency whose largest amount in the input is above the
 * owner's threshold for it: "It moves EUR 5,000.00, above your EUR 1,000.00
 * threshold." An amount equal to the threshold does not raise.
 */
function moneyOverThresholds(input: unknown, thresholds: readonly Money[]): string[] {
  if (thresholds.length === 0) return [];
  const largest = new Map<string, Money>();
  for (const money of findMoney(input)) {
    const seen = largest.get(money.currency);
    if (!seen || money.minorUnits > seen.minorUnits) largest.set(money.currency, money);
  }
  return thresholds.flatMap((threshold) => {
    const money = largest.get(threshold.currency);
    return money && money.minorUnits > threshold.minorUnits ? [`It moves ${formatMoney(money)}, above your ${formatMoney(threshold)} threshold.`] : [];
  });
}

function definedRisk(operation: RiskedOperation): RiskAssessment {
  const reasons: string[] = [];
  let risk: RiskLevel = operation.declaredRisk;
  if (risk !== 'LOW') reasons.push(`Its operation is declared ${risk.toLowerCase()} risk by your tenant.`);
  if (operation.irreversible) {
    risk = higher(risk, 'HIGH');
    reasons.push('It cannot be undone.');
  }
  return { risk, reasons };
}

function builtInRisk(op: string, input: unknown): RiskAssessment {
  switch (op) {
    case 'repository.delete':
      return { risk: 'HIGH', reasons: ['It deletes the repository, and cannot be undone.'] };
    case 'repository.transfer':
      return { risk: 'HIGH', reasons: ['It hands the repository to someone else.'] };
    case 'authority.grant':
      return { risk: 'HIGH', reasons: ['It lets the agent spend without asking, up to the ceilings.'] };
    case 'repository.mintToken': {
      const { scopes, ttlHours } = (input ?? {}) as { scopes?: unknown; ttlHours?: unknown };
      const reasons: string[] = [];
      if (Array.isArray(scopes) && scopes.includes('write')) reasons.push('The token can write to the repository.');
      if (typeof ttlHours === 'number' && ttlHours > SHORT_TOKEN_HOURS) reasons.push(`The token stays valid for more than ${SHORT_TOKEN_HOURS} hours.`);
      return { risk: reasons.length > 0 ? 'MEDIUM' : 'LOW', reasons };
    }
    default:
      // serve, unserve: reversible, and the repository stays the owner's.
      return { risk: 'LOW', reasons: [] };
  }
}
