/**
 * Kept only for test/fuzz.test.ts, outside this change's reach: the error
 * codes live in lib/errors.ts, and no domain may import `graphql/`. Delete
 * this file once that import line points at lib/errors.ts.
 */
export * from '../lib/errors.js';
