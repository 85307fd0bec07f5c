import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // graphql has CommonJS and ESM builds and no exports map: graphql-ws (run by Node) gets
    // the CommonJS one, so the tests' fake server must use that same copy of the schema classes.
    alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }],
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
