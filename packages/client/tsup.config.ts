import { defineConfig } from 'tsup';

/**
 * The published build: ESM (`.js`) and CommonJS (`.cjs`) with their type
 * declarations, for Node.js 20 and later. `@countersign/manifest` is a
 * private workspace package, so its code (and its types) are bundled in:
 * the tarball must install from the registry alone. Every other runtime
 * dependency stays a dependency, so an agent shares one copy of each.
 */
export default defineConfig({
  entry: ['src/index.ts', 'src/ai-sdk.ts', 'src/langgraph.ts', 'src/openai-agents.ts'],
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { paths: { '@countersign/manifest': ['../manifest/src/index.ts'] } } },
  outDir: 'dist',
  target: 'node20',
  platform: 'node',
  clean: true,
  // Shared code in shared chunks for CommonJS too: a subpath (`./langgraph`) throws the main entry's
  // CountersignError, so `isCountersignError` (an instanceof) holds whichever entry an error came from.
  splitting: true,
  sourcemap: true,
  noExternal: ['@countersign/manifest'],
  removeNodeProtocol: false,
});
