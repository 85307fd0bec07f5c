// `pnpm test:mutate:rules`: Stryker over the pure rule functions (see
// stryker.config.json). StrykerJS 10 refuses to start from its command line
// on Node.js below 22, a check of its CLI alone; this project runs on Node.js
// 20, on which its engine runs as it is, so the engine is started directly.
// Stryker sets the exit code itself (1 below the config's break threshold).
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const core = require.resolve('@stryker-mutator/core/package.json');
const { Stryker } = await import(pathToFileURL(core.replace(/package\.json$/, 'dist/src/stryker.js')).href);
await new Stryker({ configFile: 'stryker.config.json' }).runMutationTest();
