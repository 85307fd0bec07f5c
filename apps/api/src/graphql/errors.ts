/**
 * Kept only for importers outside this change's reach (registry/content.ts,
 * registry/parse-pool.ts, registry/signatures.ts, test/fuzz.test.ts): the
 * error codes live in lib/errors.ts, and no domain may import `graphql/`.
 * Delete this file once those import lines point at lib/errors.ts.
 */
export * from '../lib/errors.js';
