import { parse as parseYaml } from 'yaml';
import { graphQLError } from '../graphql/errors.js';
import { canonicalJson, hashCanonical } from '../signoffs/canonical-json.js';

/** Largest manifest accepted, in bytes of its text. */
export const MAX_MANIFEST_BYTES = 32 * 1024;

const NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$/;

/** A manifest as published: its exact text, the document it means, and that document's identity. */
export interface ParsedManifest {
  name: string;
  version: string;
  format: 'json' | 'yaml';
  content: string;
  canonical: string;
  digest: string;
}

/**
 * Parses YAML or JSON (JSON when the text starts with `{`), requires a
 * mapping with `name` and `version`, and computes the digest of its
 * canonical JSON: the same document digests alike whatever its key order,
 * whitespace or syntax. Throws BAD_INPUT saying what is wrong.
 */
export function parseManifest(content: string): ParsedManifest {
  if (Buffer.byteLength(content) > MAX_MANIFEST_BYTES) throw graphQLError('BAD_INPUT', `A manifest is at most ${MAX_MANIFEST_BYTES} bytes.`);
  const format = content.trimStart().startsWith('{') ? 'json' : 'yaml';
  let document: unknown;
  try {
    document = format === 'json' ? JSON.parse(content) : parseYaml(content, { uniqueKeys: true, maxAliasCount: 100 });
  } catch (error) {
    throw graphQLError('BAD_INPUT', `The manifest is not valid ${format.toUpperCase()}: ${(error as Error).message.split('\n')[0]}`);
  }
  if (document === null || typeof document !== 'object' || Array.isArray(document)) throw graphQLError('BAD_INPUT', 'A manifest is a mapping (an object) at the top.');
  const { name, version } = document as { name?: unknown; version?: unknown };
  if (typeof name !== 'string' || !NAME.test(name)) throw graphQLError('BAD_INPUT', 'A manifest needs a "name": lower-case letters, digits, dots, dashes or underscores, at most 100.');
  if (typeof version !== 'string' || !VERSION.test(version)) throw graphQLError('BAD_INPUT', 'A manifest needs a "version" string, such as "1.2.0", at most 64 characters.');
  let canonical: string;
  try {
    canonical = canonicalJson(document);
  } catch (error) {
    throw graphQLError('BAD_INPUT', `The manifest holds a value JSON cannot: ${(error as Error).message}`);
  }
  return { name, version, format, content, canonical, digest: hashCanonical(canonical) };
}
