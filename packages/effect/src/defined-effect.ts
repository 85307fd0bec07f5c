import { isJsonObject, schemaFields, type SchemaField } from './schema-fields.js';
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

/**
 * What a defined operation's version says about how its requests read
 * (docs/operations.md, O3): the owner's sentence, `{name}` places filled from
 * the input, and the order of its fields. Read from `EffectSubject.operation`
 * structurally, checked here, since this never trusts a shape.
 */
export interface DefinedPresentation {
  /** "Pay {vendor} {amount}": each `{name}` a top-level property of the input schema. */
  effectTemplate?: string | null;
  /** Top-level properties shown first, in this order; the others follow in the schema's order. */
  fieldOrder?: readonly string[] | null;
}

/** A `{name}` place of an effect template; a brace is never literal text (the API refuses a stray one, O3). */
const PLACE = /\{([^{}]*)\}/g;

function presentationOf(operation: unknown): { template: string | null; order: readonly string[] } {
  const { effectTemplate, fieldOrder } = (isJsonObject(operation) ? operation : {}) as DefinedPresentation;
  const template = typeof effectTemplate === 'string' && effectTemplate.trim() !== '' ? effectTemplate.trim() : null;
  const order = Array.isArray(fieldOrder) ? fieldOrder.filter((name): name is string => typeof name === 'string') : [];
  return { template, order };
}

/**
 * The top-level fields of an object schema in the order an owner reads them:
 * those `fieldOrder` lists first, in its order, then the rest in the schema's
 * own (stored canonical, so by name). The console's field list and the
 * effect's details both follow it.
 */
export function orderedSchemaFields(schema: unknown, fieldOrder?: readonly string[] | null): SchemaField[] {
  const fields = schemaFields(schema);
  if (!fieldOrder || fieldOrder.length === 0) return fields;
  const rank = new Map<string, number>();
  fieldOrder.forEach((name, index) => {
    if (typeof name === 'string' && !rank.has(name)) rank.set(name, index);
  });
  const last = fieldOrder.length;
  // Array.prototype.sort is stable: unlisted fields keep the schema's order after the listed ones.
  return fields
    .map((field) => ({ field, at: rank.get(field.name) ?? last }))
    .sort((a, b) => a.at - b.at)
    .map(({ field }) => field);
}

/**
 * An agent's text inside the quotes that mark it as the agent's: invisible
 * characters escaped, and the quotation marks themselves too, so a value
 * can neither close its quotes early nor open a quote of its own, and what
 * stands outside quotes is only ever the owner's words.
 */
function quoted(text: string): string {
  return `“${showInvisibles(text).replace(QUOTE_LOOKALIKES, (mark) => `\\u${mark.charCodeAt(0).toString(16).padStart(4, '0')}`)}”`;
}

/**
 * The marks that could pass for the quotes around an agent's text: “ and ”
 * themselves and the double marks drawn like them (low and reversed quotes,
 * primes, the fullwidth and CJK ones). ASCII quotes and apostrophes stay as
 * written: they look like neither, and names such as O'Brien stay readable.
 */
const QUOTE_LOOKALIKES = /[“”„‟″‶〝〞〟＂ˮ]/g;

/** The most characters of a text filling a template place: a long one cannot push the rest of the owner's sentence (the amount, say) out of a notification. */
export const MAX_PLACE = 60;

/** Text cut in the middle to at most `length` characters, both ends kept: "Acme Supplies International…Holdings". */
function middleCut(text: string, length: number): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  const head = Math.ceil((length - 1) * 0.66);
  return `${characters.slice(0, head).join('')}…${characters.slice(characters.length - (length - 1 - head)).join('')}`;
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
 * How an object's entries are written. The names of properties the schema
 * does not name are the agent's and always quoted, at every depth and with or
 * without a template: nothing the agent wrote stands unquoted in the sentence.
 */
interface Rendering {
  /** Top-level only: the owner's `fieldOrder`. */
  order?: readonly string[];
  /** Top-level only: names already shown (a template's places), left out. */
  skip?: ReadonlySet<string>;
}

/**
 * An object's entries as "Label: value", labelled by the schema's `title`s
 * (else the property's name): the properties the schema names first, in its
 * order (or the owner's `fieldOrder`), then any it let through unnamed.
 */
function entries(value: Record<string, unknown>, schema: unknown, depth: number, context: EffectContext, rendering: Rendering = {}): string[] {
  const named = orderedSchemaFields(schema, rendering.order).filter((field) => Object.hasOwn(value, field.name));
  const known = new Set(named.map((field) => field.name));
  const labelled = [
    ...named.map((field) => ({ name: field.name, label: showInvisibles(field.label) })),
    ...Object.keys(value)
      .filter((name) => !known.has(name))
      .map((name) => ({ name, label: quoted(name) })),
  ].filter(({ name }) => !rendering.skip?.has(name));
  return labelled.map(({ name, label }) => `${label}: ${renderValue(value[name], propertySchema(schema, name), depth + 1, context)}`);
}

/**
 * One value in words: money in its currency, text in quotes (so an agent's
 * text cannot pass for the sentence around it), yes/no, "none", objects as
 * "(Label: value, …)", lists comma-separated ("[…]" when inside a list).
 */
export function renderValue(value: unknown, schema: unknown, depth: number, context: EffectContext, inList = false): string {
  if (depth > MAX_DEPTH) return '…';
  if (isMoney(value)) return formatMoney(value, context.locale, 'code');
  if (typeof value === 'string') return quoted(value);
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
 * The owner's template with each `{name}` place filled with the input's value,
 * rendered as every value is, a text cut in the middle past MAX_PLACE
 * characters (the whole value is under Details); a place the input leaves
 * out reads "none". The template's own text is the owner's, shown
 * with any invisible character escaped all the same.
 */
function fillTemplate(template: string, input: Record<string, unknown>, schema: unknown, context: EffectContext): { text: string; used: Set<string> } {
  const used = new Set<string>();
  let text = '';
  let from = 0;
  for (const place of template.matchAll(PLACE)) {
    const name = place[1]!;
    used.add(name);
    text += showInvisibles(template.slice(from, place.index));
    const value = input[name];
    // A long text is cut before it is quoted and escaped, so the cut never splits an escape or a quote.
    const shown = typeof value === 'string' ? middleCut(value, MAX_PLACE) : value;
    text += Object.hasOwn(input, name) ? renderValue(shown, propertySchema(schema, name), 1, context) : 'none';
    from = place.index + place[0].length;
  }
  return { text: text + showInvisibles(template.slice(from)), used };
}

/**
 * An owner-defined operation's effect: its summary (the owner's own words,
 * as `description`), then the input rendered by the schema's titles —
 * "Refund an order: Order: “A-1001”; Amount: EUR 50.00". With the version's
 * `effectTemplate` (O3), the filled template is the sentence and the brief —
 * "Pay “Acme Supplies” EUR 100,000.00" — and the fields it does not name
 * follow it in the sentence, so nothing the request carries goes unsaid;
 * the fields follow the version's `fieldOrder`.
 */
export function describeDefined(subject: EffectSubject, context: EffectContext): Omit<Effect, 'amount'> {
  const summary = subject.description.trim() || subject.op;
  const { template, order } = presentationOf(subject.operation);
  const schema = subject.operation.inputSchema;
  const input = subject.input;
  const repository = subject.repository?.name ? showInvisibles(subject.repository.name) : null;
  if (template !== null && isJsonObject(input)) {
    const filled = fillTemplate(template, input, schema, context);
    const rest = entries(input, schema, 0, context, { order, skip: filled.used }).join('; ');
    return {
      sentence: shorten(rest === '' ? filled.text : `${filled.text}; ${rest}`, MAX_SENTENCE),
      brief: shorten(filled.text, MAX_BRIEF),
      target: repository,
    };
  }
  let details: string;
  if (isJsonObject(input)) details = entries(input, schema, 0, context, { order }).join('; ');
  else details = input === null || input === undefined ? '' : renderValue(input, schema, 0, context);
  return {
    sentence: shorten(details === '' ? summary : `${summary}: ${details}`, MAX_SENTENCE),
    brief: shorten(summary, MAX_BRIEF),
    target: repository,
  };
}
