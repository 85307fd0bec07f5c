#!/usr/bin/env node
/**
 * The folder-to-folder import graph of apps/api/src, checked two ways:
 * folders never import each other (no cycle), and an import never goes up a
 * band (`app > edge > jobs > delivery > domains > platform`, rule C1 "calls
 * never go up"; the bands and their ranks are scripts/tree-map.mjs). A
 * file-level tool (madge) finds cycles between files; this one finds the
 * cycles between folders that file-level checks miss (a → b through one
 * file pair, b → a through another), and the upward imports no cycle shows.
 *
 * Usage: node scripts/folder-graph.mjs [--console] [--dot]
 * `--console` checks apps/console/src instead, by its own bands
 * (`shell > features > shared`, scripts/console-tree-map.mjs), enforced
 * once apps/console/src/features/ exists.
 * Prints the bands, one line per folder with the folders it imports (or
 * Graphviz with --dot), then every upward import by file and specifier.
 * Exits 1 on a folder cycle, and on any upward import once the tree is
 * banded (apps/api/src/domains/ exists). Before the move the bands are read
 * through the map (where each file will go) and upward imports are only
 * listed: they are the cuts still to make before the move.
 *
 * A folder is `band/folder` in the banded tree (`edge/http`,
 * `domains/signoffs`; its sub-folders are part of it) and a loose file is a
 * folder of its own name (`app/main`); in today's tree a folder is a
 * top-level folder or file. `generated/` is left out (codegen output that
 * imports row types), and so are tests, which may reach across layers to
 * set a scene.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as consoleMap from './console-tree-map.mjs';
import * as apiMap from './tree-map.mjs';

/** The two trees checked: where each lives, its map, the folder whose presence says it is banded, and its source files. */
const TREES = {
  api: { src: 'apps/api/src', map: apiMap, bandedBy: 'domains', source: /\.[cm]?ts$/, skipped: /\.(d|test)\.ts$/, extensions: ['.ts'] },
  console: { src: 'apps/console/src', map: consoleMap, bandedBy: 'features', source: /\.tsx?$/, skipped: /\.(d|test)\.tsx?$/, extensions: ['.ts', '.tsx'] },
};
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let tree = TREES[process.argv.includes('--console') ? 'console' : 'api'];
let root = path.join(repoRoot, tree.src);
let { BANDS, bandOf, inTargetTree, rankOf, targetOf, UNBANDED } = tree.map;

/** Checks the other tree from here on (`api` or `console`): for tests, which import this module once. */
export function useTree(name) {
  tree = TREES[name];
  root = path.join(repoRoot, tree.src);
  ({ BANDS, bandOf, inTargetTree, rankOf, targetOf, UNBANDED } = tree.map);
}
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** Whether the tree under `src` is the banded one; the band check is enforced only there. */
export function isBanded(src = root) {
  return existsSync(path.join(src, tree.bandedBy));
}

/** The band of a src-relative path: its first folder in the banded tree, where the map sends it in today's. */
export function bandOfFile(file) {
  if (inTargetTree(file)) return bandOf(file);
  const target = targetOf(file);
  return target === null ? null : bandOf(target);
}

/** The folder a src-relative path belongs to, as the graph names it. */
export function folderOf(file) {
  const parts = file.split('/');
  const strip = (name) => name.replace(/\.[cm]?[jt]sx?$/, '');
  if (BANDS.includes(parts[0])) return parts.length === 2 ? `${parts[0]}/${strip(parts[1])}` : `${parts[0]}/${parts[1]}`;
  return parts.length === 1 ? strip(parts[0]) : parts[0];
}

/**
 * The upward import from `from` to `to` (src-relative paths of source files),
 * or null when it goes down or stays in its band, or either file is outside
 * the bands.
 */
export function upwardImport(from, to) {
  const fromBand = bandOfFile(from);
  const toBand = bandOfFile(to);
  if (fromBand === null || toBand === null || rankOf(toBand) >= rankOf(fromBand)) return null;
  return { from, to, fromBand, toBand };
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(dir === root && UNBANDED.includes(entry.name))) yield* sourceFiles(full);
    } else if (tree.source.test(entry.name) && !tree.skipped.test(entry.name)) {
      yield full;
    }
  }
}

/** The src file a relative specifier in `file` names (`.js` standing for `.ts`), or null outside src. */
function resolveImport(file, specifier) {
  const target = path.resolve(path.dirname(file), specifier);
  if (!target.startsWith(root + path.sep)) return null;
  const candidates = [target.replace(/\.js$/, '.ts'), target, ...tree.extensions.flatMap((ext) => [`${target}${ext}`, path.join(target, `index${ext}`)])];
  for (const candidate of candidates) if (existsSync(candidate) && !statSync(candidate).isDirectory()) return candidate;
  return target;
}

/** Reads the tree: folder → (imported folder → importing files), and every upward import with its specifier. */
export function readGraph() {
  const graph = new Map();
  const upward = [];
  for (const file of sourceFiles(root)) {
    const fromFile = path.relative(root, file).split(path.sep).join('/');
    const from = folderOf(fromFile);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (!specifier?.startsWith('.')) continue;
      const target = resolveImport(file, specifier);
      if (target === null) continue;
      const toFile = path.relative(root, target).split(path.sep).join('/');
      if (UNBANDED.includes(toFile.split('/')[0])) continue;
      const up = upwardImport(fromFile, toFile);
      if (up) upward.push({ ...up, specifier });
      const to = folderOf(toFile);
      if (to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, new Set());
      edges.get(to).add(fromFile);
    }
  }
  return { graph, upward };
}

/** Tarjan's strongly connected components: every component of more than one folder is a cycle. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const state = new Map();
  const found = [];
  const visit = (node) => {
    state.set(node, { index, low: index, onStack: true });
    index += 1;
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!state.has(next)) {
        visit(next);
        state.get(node).low = Math.min(state.get(node).low, state.get(next).low);
      } else if (state.get(next).onStack) {
        state.get(node).low = Math.min(state.get(node).low, state.get(next).index);
      }
    }
    if (state.get(node).low === state.get(node).index) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        state.get(member).onStack = false;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return found;
}

function main() {
  const { graph, upward } = readGraph();
  const banded = isBanded();
  const folders = [...graph.keys()].sort();
  if (process.argv.includes('--dot')) {
    console.log(`digraph "${tree.src}" {`);
    for (const from of folders) for (const to of [...graph.get(from).keys()].sort()) console.log(`  "${from}" -> "${to}";`);
    console.log('}');
  } else {
    const bandOfFolder = (folder) => {
      const files = [...graph.get(folder).values()].flatMap((set) => [...set]);
      const any =
        files[0] ?? [...sourceFiles(root)].map((file) => path.relative(root, file).split(path.sep).join('/')).find((file) => folderOf(file) === folder);
      return any ? bandOfFile(any) : null;
    };
    for (const band of [...BANDS, null]) {
      const members = folders.filter((folder) => bandOfFolder(folder) === band);
      if (members.length === 0) continue;
      console.log(band === null ? '\n(outside the map)' : `\n${band} (rank ${rankOf(band)}${banded ? '' : ', by the map'})`);
      for (const from of members) console.log(`  ${from} → ${[...graph.get(from).keys()].sort().join(', ') || '(nothing)'}`);
    }
  }

  let failed = false;
  const found = cycles(graph);
  if (found.length > 0) {
    failed = true;
    console.error(`\n${found.length} folder cycle(s) in ${tree.src}:`);
    for (const component of found) {
      console.error(`  ${component.join(' ↔ ')}`);
      for (const from of component) {
        for (const [to, files] of graph.get(from)) if (component.includes(to)) console.error(`    ${from} → ${to}: ${[...files].sort().join(', ')}`);
      }
    }
  } else {
    console.error('\nNo cycles between folders.');
  }

  if (upward.length > 0) {
    failed ||= banded;
    console.error(
      `\n${upward.length} import(s) going up a band${banded ? '' : ` (bands read through the map; enforced once ${tree.src}/${tree.bandedBy}/ exists)`}:`,
    );
    for (const { from, to, fromBand, toBand, specifier } of upward) console.error(`  ${from} (${fromBand}) imports '${specifier}' → ${to} (${toBand})`);
  } else {
    console.error(`No import goes up a band (${BANDS.join(' > ')}).`);
  }
  if (failed) process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
