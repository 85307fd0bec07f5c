import { canonicalJson } from '@countersign/manifest';
import { graphQLError } from '../../../platform/lib/errors.js';

/*
 * What an approve-and-remember rule covers (docs/sign-offs.md, S19), as pure
 * functions: the constraints an owner chose, checked when the rule is made,
 * and the match a later request's input is held against. No database here:
 * the asking transaction reads the candidate rules and draws the one this
 * file says fits.
 */

/** One top-level field's constraint, as stored (jsonb) and as the API shows it. */
export type StoredConstraint =
  { field: string; equals: unknown } | { field: string; oneOf: unknown[] } | { field: string; atMost: number } | { field: string; prefix: string };

/** A constraint as the owner sends it: exactly one of the four kinds set. */
export interface RuleConstraintInput {
  field: string;
  equals?: unknown;
  oneOf?: unknown[] | null;
  atMost?: number | null;
  prefix?: string | null;
}

/** What a rule matches on: the fields the operation declared and the owner's constraints on some of them. */
export interface RuleScope {
  fields: readonly string[];
  constraints: readonly StoredConstraint[];
}

/** Values one `oneOf` may list: enough for a short allow-list, bounded so matching stays cheap. */
export const MAX_ONE_OF = 50;

/** The longest prefix accepted, a bound on what the rule stores. */
export const MAX_PREFIX = 500;

/**
 * The most a rule's constraints may hold, as canonical JSON: well inside
 * what its audit entry may carry (docs/audit.md), so a large `equals` or
 * `oneOf` value is refused as BAD_INPUT before anything is written.
 */
export const MAX_CONSTRAINTS_CHARS = 16 * 1024;

function bad(message: string): never {
  throw graphQLError('BAD_INPUT', message);
}

/** The top-level fields a JSON Schema declares (its `properties`), sorted; none for a schema without any. */
export function schemaFields(schema: unknown): string[] {
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) return [];
  return Object.keys(properties).sort();
}

/**
 * The owner's constraints, checked: each names a field the operation's
 * schema declares, at most once, with exactly one kind; `oneOf` lists 1 to
 * 50 values, `atMost` is a finite number, `prefix` 1 to 500 characters;
 * all of them together at most 16 KiB of canonical JSON.
 * Anything else is BAD_INPUT naming the problem. The values are stored
 * canonical, so an `equals` compares by content, not by key order.
 */
export function checkConstraints(inputs: readonly RuleConstraintInput[], fields: readonly string[]): StoredConstraint[] {
  const checked = checkEach(inputs, fields);
  if (canonicalJson(checked).length > MAX_CONSTRAINTS_CHARS) bad(`A rule's constraints hold at most ${MAX_CONSTRAINTS_CHARS / 1024} KiB of values.`);
  return checked;
}

function checkEach(inputs: readonly RuleConstraintInput[], fields: readonly string[]): StoredConstraint[] {
  const seen = new Set<string>();
  return inputs.map((input) => {
    const { field } = input;
    if (!fields.includes(field)) {
      bad(
        fields.length === 0
          ? `This operation's input has no fields, so a rule can constrain none (asked: "${field}").`
          : `"${field}" is not a field of this operation's input; its fields are ${fields.join(', ')}.`,
      );
    }
    if (seen.has(field)) bad(`"${field}" is constrained twice: give each field one constraint.`);
    seen.add(field);
    const kinds = (['equals', 'oneOf', 'atMost', 'prefix'] as const).filter((kind) => input[kind] !== undefined && input[kind] !== null);
    if (kinds.length !== 1) bad(`The constraint on "${field}" must set exactly one of equals, oneOf, atMost, prefix.`);
    switch (kinds[0]) {
      case 'equals':
        return { field, equals: canonicalValue(input.equals) };
      case 'oneOf': {
        const values = input.oneOf!;
        if (values.length < 1 || values.length > MAX_ONE_OF) bad(`"oneOf" on "${field}" lists 1 to ${MAX_ONE_OF} values.`);
        return { field, oneOf: values.map(canonicalValue) };
      }
      case 'atMost': {
        const limit = input.atMost!;
        if (!Number.isFinite(limit)) bad(`"atMost" on "${field}" must be a finite number.`);
        return { field, atMost: limit };
      }
      default: {
        const prefix = input.prefix!;
        if (prefix.length < 1 || prefix.length > MAX_PREFIX) bad(`"prefix" on "${field}" is 1 to ${MAX_PREFIX} characters.`);
        return { field, prefix };
      }
    }
  });
}

/** A JSON value as the stored input holds it: keys sorted at every depth. */
function canonicalValue(value: unknown): unknown {
  return JSON.parse(canonicalJson(value)) as unknown;
}

function sameValue(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/** Whether one field's value satisfies one constraint. */
export function satisfies(constraint: StoredConstraint, value: unknown): boolean {
  if ('equals' in constraint) return sameValue(value, constraint.equals);
  if ('oneOf' in constraint) return constraint.oneOf.some((allowed) => sameValue(value, allowed));
  // A stored input is parsed JSON: its numbers are finite.
  if ('atMost' in constraint) return typeof value === 'number' && value <= constraint.atMost;
  return typeof value === 'string' && value.startsWith(constraint.prefix);
}

/**
 * Whether a rule covers a request's input: an object whose every top-level
 * field is one the operation declared when the rule was made, and whose
 * constrained fields are present and satisfy their constraints. A field
 * without a constraint may hold anything (the owner chose "any").
 */
export function ruleCovers(scope: RuleScope, input: unknown): boolean {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return false;
  const fields = input as Record<string, unknown>;
  if (Object.keys(fields).some((field) => !scope.fields.includes(field))) return false;
  return scope.constraints.every((constraint) => Object.hasOwn(fields, constraint.field) && satisfies(constraint, fields[constraint.field]));
}
