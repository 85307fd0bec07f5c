import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// The READMEs' quick starts (test/quick-starts): one file, its paths one after
// another, each installing from the packed release, so they get their own
// step of `pnpm test` and time limits that allow for a cold npm cache.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['test/quick-starts/**/*.test.ts'],
    exclude: [],
    maxWorkers: 1,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
