/**
 * Reading an operation's JSON Schema in the console: the editor checks what
 * the owner types before anything is sent (reading the properties' titles is
 * @countersign/effect's schemaFields, shared with the server). The API compiles the schema (ajv)
 * and stays the judge; these checks only catch what is plain from the text.
 */
import { isJsonObject, type JsonObject } from '@countersign/effect';

/** The API's limit on a schema, in bytes of its JSON text. */
export const MAX_SCHEMA_BYTES = 32 * 1024;

/** The editor's text as a schema, or the first problem that keeps it from being one. */
export type SchemaCheck = { schema: JsonObject } | { problem: string };

/** Parses the editor's text and checks what the API would refuse at sight: bad JSON, a root that is not an object schema, too many bytes. */
export function checkSchemaText(text: string): SchemaCheck {
  if (text.trim() === '') return { problem: 'Enter the JSON Schema of the input.' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { problem: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (!isJsonObject(parsed)) return { problem: 'The schema must be a JSON object ({ … }).' };
  if (parsed['type'] !== 'object') return { problem: 'The root must be an object schema: give it "type": "object".' };
  if ('properties' in parsed && !isJsonObject(parsed['properties']))
    return { problem: '"properties" must be an object mapping each field name to its schema.' };
  const bytes = new TextEncoder().encode(JSON.stringify(parsed)).length;
  if (bytes > MAX_SCHEMA_BYTES) return { problem: `The schema is ${bytes} bytes; at most ${MAX_SCHEMA_BYTES} are allowed.` };
  return { schema: parsed };
}
