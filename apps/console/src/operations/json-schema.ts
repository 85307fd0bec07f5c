/**
 * Reading an operation's JSON Schema in the console: the editor checks what
 * the owner types before anything is sent, and the inbox and the example form
 * read the top-level properties' titles. The API compiles the schema (ajv)
 * and stays the judge; these checks only catch what is plain from the text.
 */

/** The API's limit on a schema, in bytes of its JSON text. */
export const MAX_SCHEMA_BYTES = 32 * 1024;

/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

/** One top-level property of an object schema, as a form shows it. */
export interface SchemaField {
  /** The property's name in the input. */
  name: string;
  /** Its `title`, or else its name: what labels it. */
  label: string;
  /** Its `description`, shown as a hint. */
  hint?: string;
  /** Its `type` (the first one, when it lists several). */
  type?: string;
  /** Its `enum` values, when it lists some. */
  choices?: readonly unknown[];
  required: boolean;
}

/** The top-level properties of an object schema, in the schema's order; an unreadable schema has none. */
export function schemaFields(schema: unknown): SchemaField[] {
  if (!isJsonObject(schema) || !isJsonObject(schema['properties'])) return [];
  const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((name) => typeof name === 'string') : []);
  return Object.entries(schema['properties']).map(([name, property]) => {
    const definition = isJsonObject(property) ? property : {};
    const { title, description, type } = definition;
    const firstType = Array.isArray(type) ? type.find((entry) => typeof entry === 'string') : type;
    return {
      name,
      label: typeof title === 'string' && title.trim() !== '' ? title : name,
      hint: typeof description === 'string' && description.trim() !== '' ? description : undefined,
      type: typeof firstType === 'string' ? firstType : undefined,
      choices: Array.isArray(definition['enum']) ? definition['enum'] : undefined,
      required: required.has(name),
    };
  });
}
