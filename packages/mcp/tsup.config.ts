import { defineConfig } from 'tsup';

/**
 * The published build: the library (`dist/index.js` for `import`,
 * `dist/index.cjs` for `require`, with `.d.ts`/`.d.cts`) and the
 * `countersign-mcp` command (`dist/bin.js`, its shebang kept). Dependencies
 * stay dependencies: `@countersign/client` is published beside this package,
 * and an MCP host's project shares one copy of the SDK and zod.
 */
export default defineConfig({
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
  format: ['esm', 'cjs'],
  dts: { entry: { index: 'src/index.ts' } },
  outDir: 'dist',
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  removeNodeProtocol: false,
});
