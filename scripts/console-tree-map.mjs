/**
 * The target tree of apps/console/src (issue 27, item 2) as data, in the
 * shape of scripts/tree-map.mjs: three bands ranked so that an import only
 * goes down — `shell > features > shared`. The shell is what starts the
 * console and frames every page (main, the app's routes, the layout with its
 * session and banners); a feature is one folder per thing an owner manages,
 * and may use another feature's parts only where there is no cycle; shared
 * is what every feature stands on and that knows none of them (the
 * transport, the router, the UI parts). The move script applied it once
 * (`git show a3778bd:scripts/move-tree.mjs`, run with `--console`);
 * `scripts/folder-graph.mjs --console` checks it.
 *
 * Paths are relative to apps/console/src.
 */

export const BANDS = ['shell', 'features', 'shared'];

/** Left where it is and outside every band: codegen output (its path is fixed in packages/schema/codegen.ts). */
export const UNBANDED = ['gql'];

export const FOLDERS = {
  agents: 'features/agents',
  authorities: 'features/authorities',
  notify: 'features/notify',
  operations: 'features/operations',
  owners: 'features/owners',
  registry: 'features/registry',
  repositories: 'features/repositories',
  session: 'features/session',
  settings: 'features/settings',
  'sign-offs': 'features/sign-offs',
  transport: 'shared/transport',
  layout: 'shared/ui',
};

export const FILES = {
  'main.tsx': 'shell/main.tsx',
  'app.tsx': 'shell/app.tsx',
  'lazy-pages.tsx': 'shell/lazy-pages.tsx',
  'styles.css': 'shell/styles.css',
  // The frame around every page: it shows the session and the settings' banners, so it is the shell's, not a shared part.
  'layout/layout.tsx': 'shell/layout.tsx',
  'router.tsx': 'shared/router.tsx',
};

/** No folder here is cut up file by file. */
export const CUT = [];

const TEST = /\.test\.tsx?$/;

/** Where `file` (relative to apps/console/src) goes, `file` itself when it stays (gql/), or null when the map does not say. */
export function targetOf(file) {
  if (FILES[file]) return FILES[file];
  if (TEST.test(file)) {
    const source = file.replace(TEST, '');
    for (const ext of ['.ts', '.tsx']) if (FILES[`${source}${ext}`]) return `${FILES[`${source}${ext}`].replace(/\.tsx?$/, '')}${file.slice(source.length)}`;
  }
  const parts = file.split('/');
  if (UNBANDED.includes(parts[0])) return file;
  for (let depth = parts.length - 1; depth >= 1; depth -= 1) {
    const folder = parts.slice(0, depth).join('/');
    if (FOLDERS[folder]) return [FOLDERS[folder], ...parts.slice(depth)].join('/');
  }
  return null;
}

/** Whether `file` is already in the target tree: under a band folder or unbanded. */
export function inTargetTree(file) {
  const first = file.split('/')[0];
  return BANDS.includes(first) || UNBANDED.includes(first);
}

export function bandOf(file) {
  const first = file.split('/')[0];
  return BANDS.includes(first) ? first : null;
}

/** A band's rank: 0 for the highest (shell); an import from rank r may reach ranks ≥ r. */
export function rankOf(band) {
  return BANDS.indexOf(band);
}
