#!/usr/bin/env node
/**
 * The folder-to-folder import graph of apps/api/src, and a check that it has
 * no cycle: `http → graphql → domain resolvers → services → stores → db`,
 * with `lib/` below every domain. A file-level tool (madge) finds cycles
 * between files; this one finds the cycles between folders that file-level
 * checks miss (a → b through one file pair, b → a through another).
 *
 * Usage: node scripts/folder-graph.mjs [--dot]
 * Prints one line per folder with the folders it imports (or Graphviz with
 * --dot) and exits 1, naming them, when folders import each other.
 * Top-level files (main.ts, config.ts, logger.ts) count as folders of their
 * own name; `generated/` is left out (codegen output that imports row types),
 * and so are tests, which may reach across layers to set a scene.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');
const IGNORED = new Set(['generated']);
const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The folder a path under src/ belongs to. */
function folderOf(file) {
  const [first, ...rest] = path.relative(root, file).split(path.sep);
  return rest.length === 0 ? first.replace(/\.[cm]?[jt]s$/, '') : first;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!(dir === root && IGNORED.has(entry.name))) yield* sourceFiles(full);
    } else if (/\.[cm]?ts$/.test(entry.name) && !/\.(d|test)\.ts$/.test(entry.name)) {
      yield full;
    }
  }
}

/** folder → (imported folder → the files that import it, for the report) */
const graph = new Map();
for (const file of sourceFiles(root)) {
  const from = folderOf(file);
  if (!graph.has(from)) graph.set(from, new Map());
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (!specifier?.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier);
    if (!target.startsWith(root + path.sep)) continue;
    const to = folderOf(target);
    if (to === from || IGNORED.has(to)) continue;
    const edges = graph.get(from);
    if (!edges.has(to)) edges.set(to, new Set());
    edges.get(to).add(path.relative(root, file));
  }
}

/** Tarjan's strongly connected components: every component of more than one folder is a cycle. */
function cycles() {
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

const folders = [...graph.keys()].sort();
if (process.argv.includes('--dot')) {
  console.log('digraph api {');
  for (const from of folders) for (const to of [...graph.get(from).keys()].sort()) console.log(`  "${from}" -> "${to}";`);
  console.log('}');
} else {
  for (const from of folders) console.log(`${from} → ${[...graph.get(from).keys()].sort().join(', ') || '(nothing)'}`);
}

const found = cycles();
if (found.length > 0) {
  console.error(`\n${found.length} folder cycle(s) in apps/api/src:`);
  for (const component of found) {
    console.error(`  ${component.join(' ↔ ')}`);
    for (const from of component) {
      for (const [to, files] of graph.get(from)) if (component.includes(to)) console.error(`    ${from} → ${to}: ${[...files].sort().join(', ')}`);
    }
  }
  process.exit(1);
}
console.error('\nNo cycles between folders.');
