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
      'src/domains/authorities/terms.test.ts',
      'src/domains/authorities/terms.property.test.ts',
      'src/domains/authorities/terms-messages.test.ts',
      'src/domains/registry/decide-publish.test.ts',
      'src/domains/registry/decide-publish.property.test.ts',
      'src/domains/registry/decide-publish-attestation.test.ts',
      'src/edge/graphql/limits.test.ts',
      'src/edge/graphql/limits.property.test.ts',
      'src/edge/graphql/limits-text.test.ts',
      'src/domains/owners/sign-in-limits.test.ts',
      'src/domains/owners/sign-in-delay.test.ts',
      'src/domains/signoffs/rules/rule-terms.test.ts',
      'src/domains/signoffs/rules/rule-terms.property.test.ts',
    ],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
  },
});
