import type { DocumentOptions, ParseOptions, SchemaOptions, ToJSOptions } from 'yaml';

/** How a manifest's text is read. */
export type ManifestSyntax = 'json' | 'yaml';

/**
 * JSON when the text starts with `{` (after leading whitespace), YAML
 * otherwise. Both sides must choose alike: YAML reads most JSON too, but
 * not always as JSON does, so the same text could digest two ways.
 */
export function manifestSyntaxOf(text: string): ManifestSyntax {
  return text.trimStart().startsWith('{') ? 'json' : 'yaml';
}

/**
 * What a manifest's YAML means: the core schema whatever a `%YAML`
 * directive says, and no merge keys, so a text is plain YAML 1.2 for every
 * reader. (Left to itself, `yaml` would read `%YAML 1.1` texts with the 1.1
 * schema, where `yes` is a boolean, and the client and the API could then
 * digest one text two ways.) Duplicate keys are not settled here: each
 * reader refuses them its own way, and either way the text is refused.
 */
export const MANIFEST_YAML_OPTIONS = { schema: 'core', merge: false, version: '1.2' } as const satisfies ParseOptions & DocumentOptions & SchemaOptions;

/**
 * Turning a manifest's YAML into a value resolves no alias: a few aliases
 * can multiply a document's size, and manifests are written out in full.
 */
export const MANIFEST_YAML_TO_JS = { maxAliasCount: 0 } as const satisfies ToJSOptions;
