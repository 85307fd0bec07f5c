import { Ajv, type AnySchemaObject, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RE2JS } from 're2js';
import { graphQLError } from '../../platform/lib/errors.js';
import { checkSchemaLimits, SchemaLimitError } from './schema-limits.js';

/** The largest input schema an owner may define (its canonical JSON, in bytes). */
export const MAX_SCHEMA_BYTES = 32 * 1024;

/** Judges agents' inputs against one compiled schema. */
export interface InputValidator {
  /** Null when the input fits; otherwise one message naming the JSON pointer and the rule, e.g. `/amount: must be <= 100000`. */
  validate(input: unknown): string | null;
}

type Draft = 'draft-07' | '2020-12';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Agents write the inputs these patterns run on, so a pattern must never
 * backtrack: RE2 matches in time linear in the input, whatever the pattern,
 * and refuses the constructs (backreferences, lookaround) that cannot. The
 * flags ajv passes (`u`) are RE2's default behaviour, so they are not mapped.
 */
const linearRegExp: RegExpEngine = Object.assign(
  (pattern: string) => {
    try {
      return RE2JS.compile(pattern);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw graphQLError(
        'BAD_INPUT',
        `The input schema's pattern ${JSON.stringify(pattern)} cannot run on the linear-time engine (RE2), which has no backreferences or lookaround: ${reason}`,
      );
    }
  },
  { code: 'RE2JS.compile' },
);

// ajv-formats is published as CommonJS with a default export; under Node's ESM it arrives wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => void;

const OPTIONS: Options = {
  // Unknown keywords (`minimun`), unknown formats, tuples without bounds and `required` names no property describes are mistakes: refuse them.
  strict: true,
  // `"type": ["string", "null"]` is how MCP tools and zod write an optional value; strict mode would refuse it otherwise.
  allowUnionTypes: true,
  // Strict mode's overlap check runs each patternProperties key through a native, backtracking RegExp at compile time.
  allowMatchingProperties: true,
  allErrors: false,
  code: { regExp: linearRegExp },
};

/** Standard base64 (RFC 4648 section 4) and nothing else: no line breaks, whitespace or missing padding. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether a string is strict base64. ajv-formats' own pattern carries the
 * multi-line flag, so any string with one valid line among others passed.
 */
export function isStrictBase64(text: string): boolean {
  return BASE64.test(text);
}

/** Whether a string is an absolute URL as the WHATWG URL parser (what Node and browsers fetch with) reads it: linear time, unlike ajv-formats' pattern. */
export function isWhatwgUrl(text: string): boolean {
  return URL.canParse(text);
}

/** ajv-formats, with `uri` judged by the WHATWG parser and `byte` as strict base64, in every schema, stored or new. */
function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  ajv.addFormat('uri', isWhatwgUrl);
  ajv.addFormat('byte', isStrictBase64);
  return ajv;
}

function newAjv(draft: Draft, options: Options): Ajv {
  if (draft === 'draft-07') return withFormats(new Ajv(options));
  const ajv = withFormats(new Ajv2020(options));
  // ajv resolves `$anchor` targets itself but does not list the keyword, so strict mode would refuse it.
  ajv.addKeyword('$anchor');
  return ajv;
}

/**
 * One long-lived instance per draft only checks schemas against that draft's
 * meta-schema: it keeps nothing of the schemas it checks. Compiling happens in
 * a throwaway instance (about a millisecond without meta-schemas), because an
 * instance keeps every schema it compiled and every `$id` in it, forever:
 * shared, it would leak memory and let one tenant's `$id` answer another's `$ref`.
 */
const metaCheckers: Record<Draft, Ajv> = { 'draft-07': newAjv('draft-07', OPTIONS), '2020-12': newAjv('2020-12', OPTIONS) };

function draftOf(schema: AnySchemaObject): Draft {
  const declared: unknown = schema.$schema;
  if (declared === undefined) return '2020-12';
  if (typeof declared === 'string') {
    const bare = declared.replace(/#$/, '');
    if (bare === DRAFT_07) return 'draft-07';
    if (bare === DRAFT_2020) return '2020-12';
  }
  throw graphQLError('BAD_INPUT', `Unsupported "$schema" ${JSON.stringify(declared)}: use ${DRAFT_07}# (draft-07) or ${DRAFT_2020} (2020-12, the default).`);
}

function compileAlone(schema: AnySchemaObject): ValidateFunction {
  const draft = draftOf(schema);
  const checker = metaCheckers[draft];
  try {
    if (!checker.validateSchema(schema)) {
      throw graphQLError('BAD_INPUT', `The input schema does not compile: ${checker.errorsText(checker.errors, { dataVar: 'schema' })}`);
    }
    // No `loadSchema`: a `$ref` outside the schema is never fetched, so it stays unresolved and is refused here.
    return newAjv(draft, { ...OPTIONS, meta: false, validateSchema: false }).compile(schema);
  } catch (error) {
    if ((error as { extensions?: unknown }).extensions) throw error;
    throw graphQLError('BAD_INPUT', `The input schema does not compile: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A property name as one JSON pointer segment (RFC 6901), as ajv writes `instancePath`. */
function segment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The failure stated as pointer and rule; a missing or extra property is the pointer itself, so agents see which field to fix. */
function messageOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return `${error.instancePath}/${segment(String(params.missingProperty))}: is required`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${segment(String(params.additionalProperty))}: is not allowed`;
  if (error.keyword === 'unevaluatedProperties') return `${error.instancePath}/${segment(String(params.unevaluatedProperty))}: is not allowed`;
  return `${error.instancePath || '/'}: ${error.message ?? `fails "${error.keyword}"`}`;
}

/**
 * Compiles an owner's input schema, at definition time: a schema that does
 * not compile, whose root is not an object schema, that is too large, that
 * declares an unsupported `$schema`, or whose patterns RE2 cannot run, is
 * BAD_INPUT naming the problem.
 */
export function compileInputSchema(schema: unknown): InputValidator {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw graphQLError('BAD_INPUT', 'An input schema is a JSON object.');
  if (Buffer.byteLength(JSON.stringify(schema)) > MAX_SCHEMA_BYTES)
    throw graphQLError('BAD_INPUT', `An input schema is at most ${MAX_SCHEMA_BYTES / 1024} KiB.`);
  const object = schema as AnySchemaObject;
  if (object.type !== 'object') {
    throw graphQLError('BAD_INPUT', 'The input schema\'s root must be an object schema ("type": "object"): an input is a JSON object of named fields.');
  }
  const validate = compileAlone(object);
  return {
    validate: (input) => {
      if (validate(input)) return null;
      // Without allErrors ajv stops at the first failing keyword and reports it last,
      // after any branch errors of an anyOf/oneOf, which would blame one branch alone.
      const failed = validate.errors?.at(-1);
      return failed ? messageOf(failed) : '/: does not match the schema';
    },
  };
}

/**
 * Compiles an input schema an owner defines now (defineOperation, and so the
 * tool schemas `gate init` registers): as compileInputSchema, and first the
 * limits of schema-limits.ts, BAD_INPUT naming the one it breaks. Stored
 * versions are compiled without them (validatorFor), so they keep working.
 */
export function compileNewInputSchema(schema: unknown): InputValidator {
  if (schema !== null && typeof schema === 'object' && !Array.isArray(schema) && Buffer.byteLength(JSON.stringify(schema)) <= MAX_SCHEMA_BYTES) {
    try {
      checkSchemaLimits(schema as Record<string, unknown>);
    } catch (error) {
      if (error instanceof SchemaLimitError) throw graphQLError('BAD_INPUT', error.message);
      throw error;
    }
  }
  return compileInputSchema(schema);
}

const CACHE_SIZE = 500;
const cache = new Map<string, InputValidator>();

/**
 * The validator for a stored schema (its canonical text), compiled once per
 * distinct text in this process and kept in a small LRU: asking does not
 * recompile, and versions never change, so nothing cached goes stale.
 */
export function validatorFor(schemaText: string): InputValidator {
  const cached = cache.get(schemaText);
  if (cached) {
    // Re-inserting moves the entry to the young end of the Map's insertion order.
    cache.delete(schemaText);
    cache.set(schemaText, cached);
    return cached;
  }
  const validator = compileInputSchema(JSON.parse(schemaText));
  cache.set(schemaText, validator);
  for (const oldest of cache.keys()) {
    if (cache.size <= CACHE_SIZE) break;
    cache.delete(oldest);
  }
  return validator;
}
