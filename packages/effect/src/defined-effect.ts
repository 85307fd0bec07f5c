import { isJsonObject, schemaFields } from './schema-fields.js';
import { showInvisibles } from '@countersign/manifest/invisible-characters';
import type { Effect, EffectContext, EffectSubject } from './effect.js';
import { formatMoney, isMoney } from './money.js';

/** Nesting shown in words; deeper values read "…" (the exact JSON stays under Details). */
const MAX_DEPTH = 6;

/** The longest sentence: an owner reads it whole; past this, the rest is under Details. */
export const MAX_SENTENCE = 600;

/** The longest brief, for a 48 px list row. */
export const MAX_BRIEF = 48;

/** Text cut to a length at a character boundary, with an ellipsis when cut. */
export function shorten(text: string, length: number): string {
  const characters = Array.from(text);
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`;
}

/** The schema of a property of an object schema, or undefined. */
function propertySchema(schema: unknown, name: string): unknown {
  if (!isJsonObject(schema) || !isJsonObject(schema['properties'])) return undefined;
  return Object.hasOwn(schema['properties'], name) ? schema['properties'][name] : undefined;
}

/** The schema every item of an array follows, or undefined (a tuple's positions are not told apart). */
function itemSchema(schema: unknown): unknown {
  return isJsonObject(schema) && isJsonObject(schema['items']) ? schema['items'] : undefined;
}

/**
 * An object's entries as "Label: value", labelled by the schema's `title`s
 * (else the property's name): the properties the schema names first, in its
 * order, then any it let through unnamed.
 */
function entries(value: Record<string, unknown>, schema: unknown, depth: number, context: EffectContext): string[] {
  const named = schemaFields(schema).filter((field) => Object.hasOwn(value, field.name));
  const known = new Set(named.map((field) => field.name));
  const labelled = [
    ...named.map((field) => ({ name: field.name, label: field.label })),
    ...Object.keys(value)
      .filter((name) => !known.has(name))
      .map((name) => ({ name, label: name })),
  ];
  return labelled.map(({ name, label }) => `${showInvisibles(label)}: ${renderValue(value[name], propertySchema(schema, name), depth + 1, context)}`);
}

/**
 * One value in words: money in its currency, text in quotes (so an agent's
 * text cannot pass for the sentence around it), yes/no, "none", objects as
 * "(Label: value, …)", lists comma-separated ("[…]" when inside a list).
 */
export function renderValue(value: unknown, schema: unknown, depth: number, context: EffectContext, inList = false): string {
  if (depth > MAX_DEPTH) return '…';
  if (isMoney(value)) return formatMoney(value, context.locale, 'code');
  if (typeof value === 'string') return `“${showInvisibles(value)}”`;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) {
    if (value.length === 0) return 'none';
    const items = value.map((item) => renderValue(item, itemSchema(schema), depth + 1, context, true)).join(', ');
    return inList && value.length > 1 ? `[${items}]` : items;
  }
  if (isJsonObject(value)) {
    const parts = entries(value, schema, depth, context);
    return parts.length === 0 ? 'nothing' : `(${parts.join(', ')})`;
  }
  return '…';
}

/**
 * An owner-defined operation's effect: its summary (the owner's own words,
 * as `description`), then the input rendered by the schema's titles —
 * "Refund an order: Order: “A-1001”; Amount: EUR 50.00".
 */
export function describeDefined(subject: EffectSubject, context: EffectContext): Omit<Effect, 'amount'> {
  const summary = subject.description.trim() || subject.op;
  const input = subject.input;
  let details: string;
  if (isJsonObject(input)) details = entries(input, subject.operation.inputSchema, 0, context).join('; ');
  else details = input === null || input === undefined ? '' : renderValue(input, subject.operation.inputSchema, 0, context);
  const repository = subject.repository?.name ? showInvisibles(subject.repository.name) : null;
  return {
    sentence: shorten(details === '' ? summary : `${summary}: ${details}`, MAX_SENTENCE),
    brief: shorten(summary, MAX_BRIEF),
    target: repository,
  };
}
