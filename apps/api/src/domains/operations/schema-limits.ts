/**
 * The limits a new input schema must keep (docs/operations.md, O2): what
 * makes ajv's time or memory grow faster than the input. They are checked
 * when an owner defines a version, never when a stored version is compiled
 * again, so a version stored before them keeps working (the ask path bounds
 * its cost instead: validation-pool.ts).
 */

/** How deep one schema may sit inside another, the root counting as 1. */
export const MAX_SCHEMA_NESTING = 32;

/** The product of `anyOf`/`oneOf`/`allOf` widths along any path, `$ref`s expanded: how many times one value may be judged. */
export const MAX_BRANCH_PRODUCT = 1_000;

/** The formats a new schema may name: each is checked in time linear in the string. */
export const ALLOWED_FORMATS: readonly string[] = ['date', 'time', 'date-time', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uuid', 'byte'];

type Schema = Record<string, unknown>;

/** Keywords whose value is one subschema. */
const ONE = ['not', 'if', 'then', 'else', 'additionalProperties', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties', 'contains', 'propertyNames'];
/** Keywords whose value is a map of names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];
/** Keywords whose value is a list of subschemas that all judge the same value. */
const BRANCHES = ['anyOf', 'oneOf', 'allOf'];

/** The schema's root id when it declares none: only for resolving relative references, never fetched. */
const ROOT_BASE = 'https://schema.countersign.invalid/root.json';

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A pointer segment as RFC 6901 writes it. */
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface Child {
  schema: Schema;
  /** Where it sits, as a JSON pointer from its parent. */
  at: string;
  /** The width of the combinator it is a branch of; 1 when it is not a branch. */
  width: number;
}

/** The subschemas directly inside one schema (booleans and non-schema values left out). */
function childrenOf(schema: Schema): Child[] {
  const children: Child[] = [];
  const add = (value: unknown, at: string, width = 1) => {
    if (isSchema(value)) children.push({ schema: value, at, width });
  };
  for (const keyword of ONE) add(schema[keyword], `/${keyword}`);
  for (const keyword of MAP) {
    const map = schema[keyword];
    if (isSchema(map)) for (const [name, value] of Object.entries(map)) add(value, `/${keyword}/${escape(name)}`);
  }
  const { items, prefixItems } = schema;
  if (Array.isArray(items)) items.forEach((value, i) => add(value, `/items/${i}`));
  else add(items, '/items');
  if (Array.isArray(prefixItems)) prefixItems.forEach((value, i) => add(value, `/prefixItems/${i}`));
  for (const keyword of BRANCHES) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) branches.forEach((value, i) => add(value, `/${keyword}/${i}`, branches.length));
  }
  return children;
}

/** A schema's `$ref` and `$dynamicRef` (treated alike: the limits need only where a reference may lead). */
function referencesOf(schema: Schema): string[] {
  return [schema.$ref, schema.$dynamicRef].filter((ref): ref is string => typeof ref === 'string');
}

/** A limit the schema breaks, stated for the owner: which limit, and where. */
export class SchemaLimitError extends Error {}

/** The schema's nodes by where a reference can name them: resource URL (with a `#anchor` or not), each with its base for its own references. */
interface Index {
  byUrl: Map<string, Schema>;
  baseOf: Map<Schema, string>;
  pathOf: Map<Schema, string>;
}

function resolveUrl(ref: string, base: string): URL | null {
  try {
    return new URL(ref, base);
  } catch {
    return null;
  }
}

/** Walks the schema once: checks nesting and formats, and indexes what references can name. */
function index(root: Schema): Index {
  const found: Index = { byUrl: new Map(), baseOf: new Map(), pathOf: new Map() };
  const visit = (schema: Schema, path: string, depth: number, outerBase: string) => {
    if (depth > MAX_SCHEMA_NESTING) {
      throw new SchemaLimitError(
        `The input schema nests deeper than ${MAX_SCHEMA_NESTING} levels (at ${path || '/'}); a new schema nests at most ${MAX_SCHEMA_NESTING}.`,
      );
    }
    const { format } = schema;
    if (format !== undefined && !(typeof format === 'string' && ALLOWED_FORMATS.includes(format))) {
      throw new SchemaLimitError(
        `The input schema's format ${JSON.stringify(format)} (at ${path || '/'}/format) is not one a new schema may use: ${ALLOWED_FORMATS.join(', ')}.`,
      );
    }
    const id = typeof schema.$id === 'string' ? resolveUrl(schema.$id, outerBase) : null;
    const base = id ? id.href.replace(/#.*$/, '') : outerBase;
    found.baseOf.set(schema, base);
    found.pathOf.set(schema, path);
    if (id || depth === 1) found.byUrl.set(base, schema);
    for (const anchor of [schema.$anchor, schema.$dynamicAnchor]) if (typeof anchor === 'string') found.byUrl.set(`${base}#${anchor}`, schema);
    for (const child of childrenOf(schema)) visit(child.schema, path + child.at, depth + 1, base);
  };
  visit(root, '', 1, ROOT_BASE);
  return found;
}

/** The subschema a reference names, or null when it names nothing here (compiling then refuses it). */
function target(found: Index, from: Schema, ref: string): Schema | null {
  const url = resolveUrl(ref, found.baseOf.get(from) ?? ROOT_BASE);
  if (!url) return null;
  const fragment = decodeURIComponent(url.hash.slice(1));
  url.hash = '';
  if (fragment && !fragment.startsWith('/')) return found.byUrl.get(`${url.href}#${fragment}`) ?? null;
  let node: unknown = found.byUrl.get(url.href);
  for (const segment of fragment.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return isSchema(node) ? node : null;
}

/**
 * Throws a SchemaLimitError naming the first limit a new input schema
 * breaks: nesting deeper than MAX_SCHEMA_NESTING, a format outside
 * ALLOWED_FORMATS, a `$ref` cycle (a schema reaching itself through
 * references, however indirectly), or a path whose `anyOf`/`oneOf`/`allOf`
 * widths multiply past MAX_BRANCH_PRODUCT once references are expanded.
 * Linear in the schema's size: each subschema's worst product is computed
 * once.
 */
export function checkSchemaLimits(root: Schema): void {
  const found = index(root);
  const worst = new Map<Schema, number>();
  const open = new Set<Schema>();
  const product = (schema: Schema): number => {
    const known = worst.get(schema);
    if (known !== undefined) return known;
    if (open.has(schema)) {
      throw new SchemaLimitError(
        `The input schema refers to itself: following its $refs from ${found.pathOf.get(schema) || '/'} leads back there; a new schema has no $ref cycle.`,
      );
    }
    open.add(schema);
    let most = 1;
    for (const child of childrenOf(schema)) most = Math.max(most, child.width * product(child.schema));
    for (const ref of referencesOf(schema)) {
      const named = target(found, schema, ref);
      if (named) most = Math.max(most, product(named));
    }
    open.delete(schema);
    if (most > MAX_BRANCH_PRODUCT) {
      throw new SchemaLimitError(
        `The input schema's anyOf/oneOf/allOf widths multiply to more than ${MAX_BRANCH_PRODUCT.toLocaleString('en')} along one path (from ${found.pathOf.get(schema) || '/'}, $refs expanded); a new schema keeps that product at most ${MAX_BRANCH_PRODUCT.toLocaleString('en')}.`,
      );
    }
    worst.set(schema, most);
    return most;
  };
  product(root);
}
