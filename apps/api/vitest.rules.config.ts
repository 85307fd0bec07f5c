import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

/**
 * The unit and property tests of the pure rule functions, which need no
 * database: what Stryker (`pnpm test:mutate:rules`, stryker.config.json) runs
 * against each mutant of those functions.
 */
export default defineConfig({
  resolve: base.resolve,
  test: {
    include: [
      'src/authorities/terms.test.ts',
      'src/authorities/terms.property.test.ts',
      'src/authorities/terms-messages.test.ts',
      'src/registry/decide-publish.test.ts',
      'src/registry/decide-publish.property.test.ts',
      'src/registry/decide-publish-attestation.test.ts',
      'src/graphql/limits.test.ts',
      'src/graphql/limits.property.test.ts',
      'src/graphql/limits-text.test.ts',
      'src/owners/sign-in-limits.test.ts',
      'src/owners/sign-in-delay.test.ts',
      'src/signoffs/rule-terms.test.ts',
      'src/signoffs/rule-terms.property.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
  },
});
