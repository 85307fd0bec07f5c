import { Ajv, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { RE2JS } from 're2js';
import { graphQLError } from '../lib/errors.js';

/** The largest input schema an owner may define (its canonical JSON, in bytes). */
export const MAX_SCHEMA_BYTES = 32 * 1024;

/** Judges agents' inputs against one compiled schema. */
export interface InputValidator {
  /** Null when the input fits; otherwise one message naming the JSON pointer and the rule, e.g. `/amount: must be <= 100000`. */
  validate(input: unknown): string | null;
}

/**
 * Agents write the inputs these patterns run on, so a pattern must never
 * backtrack: RE2 matches in time linear in the input, whatever the pattern
 * (and refuses the constructs — backreferences, lookaround — that cannot).
 */
const linearRegExp: RegExpEngine = Object.assign((pattern: string) => RE2JS.compile(pattern), { code: 'RE2JS.compile' });

// ajv-formats is published as CommonJS with a default export; under Node's ESM it arrives wrapped once more.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => void;

const DRAFT_07 = 'http://json-schema.org/draft-07/schema';
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

function newAjv(draft: 'draft-07' | '2020-12'): Ajv {
  const options = {
    strict: true,
    allErrors: false,
    // Remote references are never fetched: a schema is whole as defined.
    loadSchema: undefined,
    code: { regExp: linearRegExp },
    // An `int32`-style format an owner names must exist; unknown ones are refused in strict mode.
    validateFormats: true,
  };
  const ajv = draft === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv);
  return ajv;
}

/** One compiler per draft, shared: compiling adds nothing to it that another schema could see (schemas carry no `$id` into it, see below). */
const compilers = { 'draft-07': newAjv('draft-07'), '2020-12': newAjv('2020-12') };

function draftOf(schema: AnySchemaObject): 'draft-07' | '2020-12' {
  const declared = schema.$schema;
  if (declared === undefined) return '2020-12';
  if (typeof declared === 'string') {
    const bare = declared.replace(/#$/, '');
    if (bare === DRAFT_07) return 'draft-07';
    if (bare === DRAFT_2020) return '2020-12';
  }
  throw graphQLError('BAD_INPUT', `Unsupported "$schema" ${JSON.stringify(declared)}: use ${DRAFT_07}# (draft-07) or ${DRAFT_2020} (2020-12, the default).`);
}

function pointerOf(error: ErrorObject): string {
  const path = error.instancePath;
  if (error.keyword === 'required') return `${path}/${(error.params as { missingProperty: string }).missingProperty}`;
  if (error.keyword === 'additionalProperties') return `${path}/${(error.params as { additionalProperty: string }).additionalProperty}`;
  return path || '/';
}

function messageOf(error: ErrorObject): string {
  if (error.keyword === 'required') return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not allowed';
  return error.message ?? `fails "${error.keyword}"`;
}

/**
 * Compiles an owner's input schema, at definition time: a schema that does
 * not compile, whose root is not an object schema, that is too large, or
 * whose patterns RE2 cannot run, is BAD_INPUT naming the problem.
 */
export function compileInputSchema(schema: unknown): InputValidator {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw graphQLError('BAD_INPUT', 'An input schema is a JSON object.');
  if (Buffer.byteLength(JSON.stringify(schema)) > MAX_SCHEMA_BYTES)
    throw graphQLError('BAD_INPUT', `An input schema is at most ${MAX_SCHEMA_BYTES / 1024} KiB.`);
  const object = schema as AnySchemaObject;
  if (object.type !== 'object') {
    throw graphQLError('BAD_INPUT', 'The input schema\'s root must be an object schema ("type": "object"): an input is a JSON object of named fields.');
  }
  // An `$id` would register the schema with the shared compiler; every schema compiles anonymously instead.
  const { $id: _ignored, ...anonymous } = object;
  void _ignored;
  let validate: ValidateFunction;
  const compiler = compilers[draftOf(object)];
  try {
    validate = compiler.compile(anonymous);
  } catch (error) {
    if ((error as { extensions?: unknown }).extensions) throw error;
    const reason = (error as Error).message;
    if (/regexp/i.test(reason)) {
      throw graphQLError('BAD_INPUT', `The input schema has a pattern the linear-time engine (RE2) cannot run — no backreferences or lookaround: ${reason}`);
    }
    throw graphQLError('BAD_INPUT', `The input schema does not compile: ${reason}`);
  } finally {
    // Nested `$id`s register with the shared compiler: forgotten at once, so no schema resolves a reference into another.
    compiler.removeSchema();
  }
  return {
    validate: (input) => {
      if (validate(input)) return null;
      const first = validate.errors?.[0];
      return first ? `${pointerOf(first)}: ${messageOf(first)}` : '/: does not match the schema';
    },
  };
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
    cache.delete(schemaText);
    cache.set(schemaText, cached);
    return cached;
  }
  const validator = compileInputSchema(JSON.parse(schemaText));
  cache.set(schemaText, validator);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return validator;
}
