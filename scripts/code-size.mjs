#!/usr/bin/env node
// Sizes the project holds itself to (CONTRIBUTING.md): no function over
// MAX_FUNCTION_LINES and no non-test source file over MAX_FILE_LINES, outside
// generated code. Lines are counted without blanks and comments, so a
// well-explained function is not penalised for its explanation.
//
//   node scripts/code-size.mjs            fail on any function or file over the limit (pnpm lint:size)
//   node scripts/code-size.mjs --report   list the largest, pass regardless
//
// STILL_OVER names the ones not yet cut down, each at its size today: such a
// one may shrink but not grow, and an entry that is no longer over must go,
// so the list can only get shorter.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const MAX_FUNCTION_LINES = 80;
const MAX_FILE_LINES = 400;
/** Files not yet cut down, at their size today: they may shrink, not grow. */
const FILES_STILL_OVER = new Map();
const ROOTS = ['apps/api/src', 'apps/console/src', 'packages', 'scripts', 'e2e/support'];
const SKIP_DIR = new Set(['node_modules', 'dist', 'generated', 'gql', 'test', 'tests', '__tests__']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.(test|spec)\.(ts|tsx|mjs|js)$/;

// --root DIR measures another tree laid out like this one (the script's own test).
const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? `${process.argv[rootAt + 1]}/` : new URL('..', import.meta.url).pathname;
const report = process.argv.includes('--report');

/**
 * `file#function` → its lines of code when it was listed: functions known to
 * be over the limit, allowed to shrink only. Empty since issue 27 cut the
 * last of them; keep it that way.
 */
const STILL_OVER = new Map();

function* files(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIR.has(name)) yield* files(path);
    } else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) {
      yield path;
    }
  }
}

/** The set of line numbers holding code, not blanks or comments. */
function codeLines(source, text) {
  const lines = new Set();
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, source.languageVariant, text);
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.JsxText && scanner.getTokenText().trim() === '') continue;
    const start = source.getLineAndCharacterOfPosition(scanner.getTokenStart()).line;
    const end = source.getLineAndCharacterOfPosition(scanner.getTokenEnd()).line;
    for (let line = start; line <= end; line += 1) lines.add(line);
  }
  return lines;
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  return '(anonymous)';
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessor(node) ||
  ts.isSetAccessor(node);

const functionsOver = [];
const filesOver = [];
for (const base of ROOTS) {
  for (const path of files(join(root, base))) {
    const text = readFileSync(path, 'utf8');
    const kind = path.endsWith('x') ? ts.ScriptKind.TSX : path.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
    const code = codeLines(source, text);
    const file = relative(root, path);
    if (code.size > MAX_FILE_LINES) filesOver.push({ file, lines: code.size });
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        let lines = 0;
        for (let line = start; line <= end; line += 1) if (code.has(line)) lines += 1;
        if (lines > MAX_FUNCTION_LINES || report) functionsOver.push({ file, line: start + 1, name: nameOf(node), lines });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
}

functionsOver.sort((a, b) => b.lines - a.lines);
filesOver.sort((a, b) => b.lines - a.lines);
const over = functionsOver.filter((f) => f.lines > MAX_FUNCTION_LINES);
if (report) {
  console.log(`largest functions (limit ${MAX_FUNCTION_LINES} lines of code):`);
  for (const f of functionsOver.slice(0, 15)) console.log(`  ${String(f.lines).padStart(4)}  ${f.name}  ${f.file}:${f.line}`);
}
let failed = 0;
const seen = new Set();
for (const f of over) {
  const key = `${f.file}#${f.name}`;
  const listed = STILL_OVER.get(key);
  seen.add(key);
  if (listed !== undefined && f.lines <= listed) continue;
  failed += 1;
  const why = listed === undefined ? `limit ${MAX_FUNCTION_LINES}` : `listed at ${listed}: it may only shrink`;
  console.error(`function ${f.name} is ${f.lines} lines of code (${why}): ${f.file}:${f.line}`);
}
for (const key of STILL_OVER.keys()) {
  if (seen.has(key)) continue;
  failed += 1;
  console.error(`${key} is no longer over ${MAX_FUNCTION_LINES} lines (or is gone): remove it from STILL_OVER in scripts/code-size.mjs`);
}
for (const f of filesOver) {
  const listed = rootAt > 0 ? undefined : FILES_STILL_OVER.get(f.file);
  if (listed !== undefined && f.lines <= listed) continue;
  failed += 1;
  console.error(`file ${f.file} is ${f.lines} lines of code (limit ${MAX_FILE_LINES})`);
}
const listed = over.filter((f) => STILL_OVER.has(`${f.file}#${f.name}`)).length;
console.log(
  `code-size: ${over.length} functions over ${MAX_FUNCTION_LINES} lines (${listed} listed as still to cut), ${filesOver.length} files over ${MAX_FILE_LINES}`,
);
if (failed && !report) process.exit(1);
