import { showInvisibles } from '@countersign/manifest/invisible-characters';
import { graphQLError } from '../../platform/lib/errors.js';

/**
 * How an owner wants a defined operation's requests read (issue 26, item 3;
 * docs/operations.md, O3): an effect template ("Pay {vendor} {amount}") and
 * the order of its fields. Both name top-level properties of the input
 * schema, checked here so an agent's request never meets a template that
 * names nothing; the console fills the template (`@countersign/effect`,
 * defined-effect.ts), each value quoted and escaped as the effect renders
 * values, so what an agent sends cannot read as the owner's sentence.
 */

/** The longest template: a sentence an owner reads in a list row's line, not a paragraph. */
export const MAX_TEMPLATE_LENGTH = 200;

/** The most `{name}` places one template fills. */
export const MAX_TEMPLATE_PLACES = 10;

/** The most names `fieldOrder` lists (each a top-level property, so a schema bounds it too). */
export const MAX_FIELD_ORDER = 100;

/**
 * A `{name}` place or a literal run; a brace is never literal text, so the
 * template reads one way only. The renderer in `@countersign/effect` reads
 * the same grammar.
 */
const PLACE = /\{([^{}]*)\}/g;

/** The top-level property names of an object schema (none when it declares no `properties`). */
function topLevelNames(inputSchema: unknown): Set<string> {
  if (typeof inputSchema !== 'object' || inputSchema === null) return new Set();
  const properties = (inputSchema as Record<string, unknown>)['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return new Set();
  return new Set(Object.keys(properties));
}

function unknownName(name: string, where: string): never {
  throw graphQLError('BAD_INPUT', `${where} names "${showInvisibles(name)}", which is not a top-level property of the input schema.`);
}

/**
 * The template as stored (trimmed; null when absent or blank), or BAD_INPUT
 * naming the problem: too long, too many places, a stray brace, an empty
 * place, an invisible character, or a name the schema does not declare.
 */
export function checkEffectTemplate(template: string | null | undefined, inputSchema: unknown): string | null {
  const trimmed = template?.trim() ?? '';
  if (trimmed === '') return null;
  if (Array.from(trimmed).length > MAX_TEMPLATE_LENGTH) throw graphQLError('BAD_INPUT', `An effectTemplate is at most ${MAX_TEMPLATE_LENGTH} characters.`);
  if (showInvisibles(trimmed) !== trimmed) {
    throw graphQLError('BAD_INPUT', 'An effectTemplate holds no control, direction-changing or invisible characters.');
  }
  const names = [...trimmed.matchAll(PLACE)].map((place) => place[1]!);
  if (/[{}]/.test(trimmed.replace(PLACE, ''))) {
    throw graphQLError('BAD_INPUT', 'An effectTemplate uses braces only around a field name, as in "Pay {vendor} {amount}".');
  }
  if (names.length > MAX_TEMPLATE_PLACES) throw graphQLError('BAD_INPUT', `An effectTemplate fills at most ${MAX_TEMPLATE_PLACES} {field} places.`);
  if (names.includes('')) throw graphQLError('BAD_INPUT', 'An effectTemplate has an empty "{}": put a field name between the braces.');
  const declared = topLevelNames(inputSchema);
  const missing = names.find((name) => !declared.has(name));
  if (missing !== undefined) unknownName(missing, 'The effectTemplate');
  return trimmed;
}

/**
 * The field order as stored (null when absent or empty: the schema's own,
 * canonical order), or BAD_INPUT for a name listed twice, too many names, or
 * a name the schema does not declare. Fields it leaves out follow it, in
 * the schema's order.
 */
export function checkFieldOrder(fieldOrder: readonly string[] | null | undefined, inputSchema: unknown): string[] | null {
  if (!fieldOrder || fieldOrder.length === 0) return null;
  if (fieldOrder.length > MAX_FIELD_ORDER) throw graphQLError('BAD_INPUT', `A fieldOrder lists at most ${MAX_FIELD_ORDER} fields.`);
  const seen = new Set<string>();
  const declared = topLevelNames(inputSchema);
  for (const name of fieldOrder) {
    if (seen.has(name)) throw graphQLError('BAD_INPUT', `The fieldOrder lists "${showInvisibles(name)}" twice.`);
    seen.add(name);
    if (!declared.has(name)) unknownName(name, 'The fieldOrder');
  }
  return [...fieldOrder];
}
