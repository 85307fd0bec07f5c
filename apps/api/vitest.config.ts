import { createRequire } from 'node:module';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql ships CommonJS and ESM builds without an exports map: Node hands
    // packages (Apollo, graphql-ws, graphql-tools) the CommonJS one, Vite would
    // hand our sources the ESM one, and graphql refuses a schema from the other
    // copy. Pin everyone to the one Node picks, as in production.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The READMEs' quick starts install packages for minutes: their own step (vitest.quick-starts.config.ts).
    exclude: [...configDefaults.exclude, 'test/quick-starts/**'],
    globalSetup: ['test/global-setup.ts'],
    // Each test (dbTest / apiTest) gets its own database cloned from a migrated
    // template, so no test sees another's rows and files run in parallel (two
    // workers: this project's machines have two cores).
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
