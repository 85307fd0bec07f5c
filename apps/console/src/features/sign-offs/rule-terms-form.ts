import type { RuleConstraintInput, RuleTermsInput } from '../../gql/graphql';

/*
 * The "Approve and allow similar" dialog's choices (docs/sign-offs.md, S19),
 * as pure functions: what each of the request's top-level fields may be
 * constrained to, prefilled from the request's own input, and the terms
 * the API is sent. The server checks everything again; this only offers
 * choices that make sense for the value shown.
 */

/** How one field is constrained: left free, or one of the API's four kinds. */
export type FieldChoiceKind = 'any' | 'equals' | 'oneOf' | 'atMost' | 'prefix';

/** One field's row in the dialog: the kinds its value allows, and the current choice with its text. */
export interface FieldChoice {
  field: string;
  /** The request's own value, shown beside the choice. */
  value: unknown;
  kinds: FieldChoiceKind[];
  kind: FieldChoiceKind;
  /** The text behind `oneOf` (comma-separated), `atMost` (a number) or `prefix`; unused for the other kinds. */
  text: string;
}

/** The longest a rule may stand (the API's limit too). */
export const MAX_RULE_DAYS = 30;

/** The end the dialog proposes: a week. */
export const DEFAULT_RULE_DAYS = 7;

/** The cap the dialog proposes. */
export const DEFAULT_RULE_CAP = 5;

/**
 * The rows for an input: one per top-level field, sorted as the stored input
 * is, each starting at "exactly this" (the narrowest rule that still covers
 * the request) with the kinds its value allows: a number may be capped, a
 * string prefixed, a string or number listed among others.
 */
export function fieldChoices(input: unknown): FieldChoice[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return [];
  return Object.entries(input as Record<string, unknown>)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([field, value]) => {
      const kinds: FieldChoiceKind[] = ['any', 'equals'];
      if (typeof value === 'string' || typeof value === 'number') kinds.push('oneOf');
      if (typeof value === 'number') kinds.push('atMost');
      if (typeof value === 'string' && value.length > 0) kinds.push('prefix');
      return { field, value, kinds, kind: 'equals', text: prefill('equals', value) };
    });
}

/** The text a kind starts from when chosen: the request's own value. */
export function prefill(kind: FieldChoiceKind, value: unknown): string {
  if (kind === 'oneOf' || kind === 'atMost' || kind === 'prefix') return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return '';
}

/** One row as a constraint for the API, or a problem in words; null for "any". */
export function constraintOf(choice: FieldChoice): RuleConstraintInput | { problem: string } | null {
  const { field, kind, text, value } = choice;
  switch (kind) {
    case 'any':
      return null;
    case 'equals':
      return { field, equals: value };
    case 'atMost': {
      const limit = Number(text.trim());
      if (text.trim() === '' || !Number.isFinite(limit)) return { problem: `“${field}”: “at most” needs a number.` };
      return { field, atMost: limit };
    }
    case 'prefix':
      if (text.length === 0) return { problem: `“${field}”: a prefix needs at least one character.` };
      return { field, prefix: text };
    case 'oneOf': {
      const items = text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0);
      if (items.length === 0) return { problem: `“${field}”: list at least one value, separated by commas.` };
      if (items.length > 50) return { problem: `“${field}”: list at most 50 values.` };
      // The values keep the type the request's value has: a number field lists numbers.
      if (typeof value === 'number') {
        const numbers = items.map(Number);
        if (numbers.some((item) => !Number.isFinite(item))) return { problem: `“${field}”: list numbers only.` };
        return { field, oneOf: numbers };
      }
      return { field, oneOf: items };
    }
  }
}

/** The end as the API takes it, `days` after `now`; within (0, 30] days, or a problem. */
export function endAfter(now: Date, days: number): string | { problem: string } {
  if (!Number.isFinite(days) || days <= 0 || days > MAX_RULE_DAYS) return { problem: `The rule ends after 1 to ${MAX_RULE_DAYS} days.` };
  return new Date(now.getTime() + days * 24 * 3600 * 1000).toISOString();
}

/** The terms for the API, or the first problem to show. */
export function termsOf(choices: readonly FieldChoice[], cap: number, days: number, now: Date): RuleTermsInput | { problem: string } {
  if (!Number.isInteger(cap) || cap < 1 || cap > 1000) return { problem: 'Allow 1 to 1000 requests.' };
  const endsAt = endAfter(now, days);
  if (typeof endsAt !== 'string') return endsAt;
  const constraints: RuleConstraintInput[] = [];
  for (const choice of choices) {
    const constraint = constraintOf(choice);
    if (constraint === null) continue;
    if ('problem' in constraint) return constraint;
    constraints.push(constraint);
  }
  return { constraints, maxApprovals: cap, endsAt };
}

/** A stored constraint in words, for the rules list and History. */
export function describeConstraint(constraint: {
  field: string;
  kind: 'EQUALS' | 'ONE_OF' | 'AT_MOST' | 'PREFIX';
  equals?: unknown;
  oneOf?: readonly unknown[] | null;
  atMost?: number | null;
  prefix?: string | null;
}): string {
  switch (constraint.kind) {
    case 'EQUALS':
      return `${constraint.field} is ${JSON.stringify(constraint.equals)}`;
    case 'ONE_OF':
      return `${constraint.field} is one of ${(constraint.oneOf ?? []).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'AT_MOST':
      return `${constraint.field} is at most ${constraint.atMost ?? ''}`;
    case 'PREFIX':
      return `${constraint.field} starts with ${JSON.stringify(constraint.prefix ?? '')}`;
  }
}

/**
 * Whether "Approve and allow similar" is offered for a request: an agent's
 * (a rule covers one agent), not HIGH risk (no rule may approve those), and
 * needing one approval only (one owner's rule must not stand in for two).
 */
export function offersRemember(signOff: { risk: string; agent?: { id: string } | null; approvalsRequired?: number | null }): boolean {
  return signOff.risk !== 'HIGH' && Boolean(signOff.agent) && (signOff.approvalsRequired ?? 1) === 1;
}
