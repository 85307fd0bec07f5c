/**
 * Reading an operation's JSON Schema where the effect is described: the
 * top-level properties' titles label the input's values. The API compiles
 * the schema (ajv) and stays the judge; this only reads what the text says.
 */

/** A plain JSON object (not an array, not null). */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
