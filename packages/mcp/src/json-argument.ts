import { CountersignError } from '@countersign/client';
import * as z from 'zod';

/**
 * The text twin of a free-form argument (`input` → `inputJson`): hosts in a
 * strict tool-schema mode refuse a parameter of any type, and may send the
 * value as JSON text instead.
 */
export function jsonTextOf(name: string) {
  return z
    .string()
    .max(262_144)
    .optional()
    .describe(`\`${name}\` as JSON text, for hosts that cannot send a free-form value: give exactly one of \`${name}\` and \`${name}Json\`.`);
}

/**
 * The free-form argument from `value` or its JSON text, exactly one of the
 * two: both, or neither when `required`, is BAD_INPUT naming both, as is text
 * that is not JSON. Undefined when optional and neither was given.
 */
export function eitherJson(name: string, value: unknown, text: string | undefined, required: boolean): unknown {
  if (value !== undefined && text !== undefined) {
    throw new CountersignError('BAD_INPUT', `Give exactly one of \`${name}\` and \`${name}Json\`, not both.`);
  }
  if (text === undefined) {
    if (value === undefined && required) throw new CountersignError('BAD_INPUT', `Give \`${name}\` (a JSON value) or \`${name}Json\` (the same as JSON text).`);
    return value;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CountersignError('BAD_INPUT', `\`${name}Json\` is not JSON text: ${(error as Error).message}`);
  }
}
