/**
 * `@countersign/manifest`: the manifest rules the API and the agent client
 * must apply alike, kept in one place, since a digest or key id computed two
 * ways would make every signature the client makes be refused; and the
 * other rules the console and the client share (what is shown of invisible
 * characters, how a whole paged list is read).
 */
export { CanonicalJsonError, canonicalJson, hashCanonical } from './canonical-json.js';
export { MANIFEST_YAML_OPTIONS, MANIFEST_YAML_TO_JS, manifestSyntaxOf, type ManifestSyntax } from './manifest-text.js';
export { ATTESTATION_PREFIX, attestationPayload, keyIdOf } from './attestation.js';
export { showInvisibles, TEXT_LAYOUT, TERMINAL_LAYOUT } from './invisible-characters.js';
export { PAGE_SIZE, readAllPages, type PageOf } from './pages.js';
