#!/usr/bin/env node
/**
 * `pnpm lint:docs`: the docs move with the code. Fails, naming file:line, when
 * a page (`docs/*.md`, ARCHITECTURE.md, README.md, SECURITY.md,
 * CONTRIBUTING.md) cites
 *
 * - a path (in backticks, or a Markdown link) that is not in the tree,
 * - a named statement (`/* name *\/`) that no source file opens with any more,
 * - a name in an "Enforced by:" bullet (`drawAuthority`) that no source
 *   file defines or mentions any more,
 * - a test, in a "Proved by:" bullet (`file` — "test name"), whose name is no
 *   longer in that file,
 *
 * or when docs/README.md's table gives a page a range of rules (S1–S22)
 * other than the `### Rule XN.` headings the page has.
 *
 * Paths are resolved as a reader would: from the repository root, from the
 * page's folder, then from each folder the page cited before (so
 * `triage-view.ts` after `apps/console/src/features/sign-offs/triage/use-inbox-keys.ts`
 * is found beside it) and their parents, then from the packages' source
 * roots (`platform/lib/errors.ts` is `apps/api/src/platform/lib/errors.ts`). Only a path found
 * from none of them is reported: a false alarm would teach people to ignore it.
 *
 * Usage: node scripts/lint-docs.mjs [--root DIR]   (DIR defaults to the repository)
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Not part of the tree a doc can cite: installed, built or generated at run time. */
const SKIPPED_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'release',
  'reports',
  'test-results',
  'playwright-report',
  '.countersign',
  '.stryker-tmp',
  'coverage',
]);
/** What a cited file name ends with; a backticked word without one (`http/protobuf`, `repository.delete`) is not a path. */
const FILE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|json|sql|md|prisma|graphql|ya?ml|sh|css|html|webmanifest|svg|png)$/;
/** Source text in which statements, identifiers and test names are looked up. */
const SOURCE_EXTENSIONS = /\.(ts|tsx|mts|mjs|cjs|js|sql|graphql|prisma)$/;
/** Words the docs use for "a statement's name" itself, not a statement. */
const PLACEHOLDER_STATEMENTS = new Set(['name', 'functionName']);

/** Every file and folder under the root, relative to it, with `/` separators. */
function walk() {
  const files = [];
  const dirs = new Set(['']);
  const visit = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || rel === 'apps/api/src/generated/prisma') continue;
        dirs.add(rel);
        visit(rel);
      } else if (entry.isFile()) files.push(rel);
    }
  };
  visit('');
  return { files, fileSet: new Set(files), dirs };
}

const tree = walk();

/** Folders every page may cite from: the packages' roots, source roots and public files (served at the console's root), the migrations. */
const SOURCE_ROOTS = [...tree.dirs].filter(
  (dir) => /^(apps|packages)\/[^/]+(\/src|\/public)?$/.test(dir) || ['prisma', 'prisma/migrations', 'apps/api/test'].includes(dir),
);

const sources = tree.files.filter((file) => (SOURCE_EXTENSIONS.test(file) || /(^|\/)package\.json$/.test(file)) && !file.startsWith('docs/'));
const sourceText = new Map(sources.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
const statements = new Set();
const identifiers = new Set();
// A test that quotes a statement's opening comment (telemetry's statementName test quotes drawAuthority's) must not keep a renamed statement alive.
const isTest = (file) => /\.(test|spec)\.[cm]?[jt]sx?$|(^|\/)(test|e2e|bench)\//.test(file);
for (const [file, text] of sourceText) {
  if (!isTest(file)) for (const match of text.matchAll(/\/\*\s*([A-Za-z_]\w*)\s*\*\//g)) statements.add(match[1]);
  for (const match of text.matchAll(/[A-Za-z_$][\w$]*/g)) identifiers.add(match[0]);
}

/** `a/./b/../c` → `a/c`, `''` for the root; undefined when it climbs out of the tree. */
function normal(rel) {
  const joined = path.posix.normalize(rel).replace(/\/$/, '');
  if (joined === '.' || joined === '') return '';
  return joined.startsWith('..') ? undefined : joined;
}

/** A glob (`*` within one segment) as a regular expression over relative paths. */
function globPattern(glob) {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
}

function exists(rel, folder) {
  if (rel === undefined) return false;
  if (rel.includes('*')) {
    const pattern = globPattern(rel);
    return tree.files.some((file) => pattern.test(file)) || [...tree.dirs].some((dir) => pattern.test(dir));
  }
  return folder ? tree.dirs.has(rel) : tree.fileSet.has(rel) || tree.dirs.has(rel);
}

/**
 * File names found in more than one folder (`store.ts`, `service.ts`,
 * `settings.ts`): a page that cites one bare means the kind of file ("a
 * domain's `service.ts`"), so any of them will do. A name found once must be
 * found from the page's folders, as a reader would look for it.
 */
const GENERIC_NAMES = (() => {
  const seen = new Map();
  for (const file of tree.files) {
    const name = path.posix.basename(file);
    seen.set(name, (seen.get(name) ?? 0) + 1);
  }
  return new Set([...seen].filter(([, count]) => count > 1).map(([name]) => name));
})();

function isGeneric(cited) {
  if (cited.includes('/')) return false;
  if (!cited.includes('*')) return GENERIC_NAMES.has(cited);
  const pattern = globPattern(cited);
  return tree.files.some((file) => pattern.test(path.posix.basename(file)));
}

/** The folder and its parents up to the root. */
function withParents(dir) {
  const chain = [];
  for (let at = dir; at; at = at.includes('/') ? at.slice(0, at.lastIndexOf('/')) : '') chain.push(at);
  return chain;
}

/** Where a page's path citation points, or undefined; `context` holds the folders the page cited before, latest first. */
function resolve(cited, page, context) {
  const folder = cited.endsWith('/');
  const bare = cited.replace(/\/$/, '');
  // Build output and reports (`dist/`, `release/`, `apps/api/reports/mutation/`) exist only after a build or a run.
  if (bare.split('/').some((segment) => SKIPPED_DIRS.has(segment))) return bare;
  const bases = ['', path.posix.dirname(page) === '.' ? '' : path.posix.dirname(page), ...context.flatMap(withParents), ...SOURCE_ROOTS];
  for (const base of new Set(bases)) {
    const rel = normal(base ? `${base}/${bare}` : bare);
    if (exists(rel, folder)) return rel;
  }
  return isGeneric(cited) ? bare : undefined;
}

/** Is a backticked text a path citation? A route (`/mcp`), a URL, a placeholder (`e2e/<area>/…`) or a value is not. */
function looksLikePath(text) {
  if (!/^[\w@.*\-/[\]]+$/.test(text) || text.startsWith('/') || text.startsWith('.') || text.includes('//')) return false;
  if (text.endsWith('/')) return text.length > 1;
  return FILE_EXTENSIONS.test(text);
}

/**
 * The page's text with fenced code blocks blanked, lines kept (a command or a
 * diagram cites nothing), and the blocks' own text: a file the page's example
 * makes (`gate.json`) is the reader's, not the repository's.
 */
function split(text) {
  let fenced = false;
  const code = [];
  const lines = text.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return '';
    }
    if (fenced) code.push(line);
    return fenced ? '' : line;
  });
  return { prose: lines.join('\n'), code: code.join('\n') };
}

function lineAt(text, index) {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/**
 * The bullets of a page (a list item with its wrapped lines joined by one
 * space), with the line each starts on: "Enforced by" and "Proved by" are
 * read per bullet, since a citation often wraps.
 */
function bullets(text) {
  const found = [];
  let current;
  text.split('\n').forEach((line, index) => {
    const item = line.match(/^\s*[-*] (.*)$/);
    if (item) {
      current = { line: index + 1, text: item[1].trim() };
      found.push(current);
    } else if (current && line.trim() && /^\s+/.test(line) && !/^\s*(#|\|)/.test(line)) {
      current.text += ` ${line.trim()}`;
    } else {
      current = undefined;
    }
  });
  return found;
}

/** The first test name at `text[at]` (a `"`) that the file holds, or the shortest quoted candidate; and where it ends. */
function testNameAt(text, at, fileText) {
  const candidates = [];
  for (let close = text.indexOf('"', at + 1); close >= 0; close = text.indexOf('"', close + 1)) {
    const after = text.slice(close + 1);
    if (/^(\s*$|[,.;:)]|\s+(and|or)\s+"|\s+\()/.test(after)) candidates.push(close);
  }
  const named = (close) => text.slice(at + 1, close);
  const found = candidates.find((close) => holdsTest(fileText, named(close)));
  const close = found ?? candidates[0];
  if (close === undefined) return undefined;
  return { name: named(close), end: close + 1, found: found !== undefined };
}

/** Test names a file builds from a template (`${name}: pages through …`), as patterns a cited name may fill (a filled place holds no `"`, which ends a cited name). */
const templateNames = new Map();
function templatesOf(fileText) {
  if (!templateNames.has(fileText)) {
    const patterns = [...fileText.matchAll(/`((?:[^`\\]|\\.)*\$\{(?:[^`\\]|\\.)*)`/g)].map(
      (match) =>
        new RegExp(
          `^${match[1]
            .split(/\$\{[^}]*\}/)
            .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^"]+')}$`,
        ),
    );
    templateNames.set(fileText, patterns);
  }
  return templateNames.get(fileText);
}

/** Whether a test file holds a test of this name: the name opens a string literal there (escaped quotes read as written), or fills a template. */
function holdsTest(fileText, name) {
  const unescaped = fileText.replace(/\\(['"`\\])/g, '$1');
  if (["'", '"', '`'].some((quote) => fileText.includes(quote + name) || unescaped.includes(quote + name))) return true;
  return templatesOf(fileText).some((pattern) => pattern.test(name));
}

function lintPage(page, problems) {
  const { prose: text, code: examples } = split(readFileSync(path.join(root, page), 'utf8'));
  const examplesWords = new Set(examples.split(/[^\w@.\-/]+/));
  const report = (index, message) => problems.push(`${page}:${typeof index === 'number' ? lineAt(text, index) : index.line}: ${message}`);
  const context = [];
  /** Each cited path as it was resolved where the page cited it, for the Proved-by check (a test file cited by its bare name). */
  const resolved = new Map();

  // Paths and statements, in reading order so a citation can lean on the folder of the one before.
  for (const match of text.matchAll(/`([^`]+)`|\]\(([^)\s]+)\)/g)) {
    const [, code, link] = match;
    if (link !== undefined) {
      if (/^[a-z]+:|^#/.test(link)) continue;
      const target = normal(path.posix.join(path.posix.dirname(page), decodeURI(link.replace(/#.*$/, ''))));
      if (!exists(target, false)) report(match.index, `the link (${link}) points to nothing in the repository`);
      continue;
    }
    const statement = code.match(/^\/\*\s*([A-Za-z_]\w*)\s*\*\//);
    if (statement) {
      if (!PLACEHOLDER_STATEMENTS.has(statement[1]) && !statements.has(statement[1]))
        report(match.index, `the statement \`/* ${statement[1]} */\` opens no SQL in the sources any more`);
      continue;
    }
    if (!looksLikePath(code)) continue;
    if (!code.includes('/') && examplesWords.has(code)) continue;
    const found = resolve(code, page, context);
    if (found === undefined) {
      report(
        match.index,
        `the path \`${code}\` is not in the repository (from the root, this page's folder, the folders cited before it, or a package's src/)`,
      );
      continue;
    }
    resolved.set(code, found);
    const dir = tree.dirs.has(found) ? found : path.posix.dirname(found);
    if (dir && dir !== '.' && context[0] !== dir) context.unshift(dir);
  }

  for (const bullet of bullets(text)) {
    const enforced = bullet.text.match(/^\*\*Enforced by:?\*\*:?(.*)$/);
    if (enforced) {
      for (const match of enforced[1].matchAll(/`([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)(\(\))?`/g)) {
        if (!identifiers.has(match[1])) report(bullet, `\`${match[1]}\` (Enforced by) is named in no source file any more`);
      }
    }
    lintProvedBy(bullet, resolved, report);
  }
}

/** `file` — "name", "name" and "name": each name must be in that file. */
function lintProvedBy(bullet, resolved, report) {
  const proved = bullet.text.replace(/^\*\*Proved by:?\*\*:?\s*/, '');
  for (const cite of proved.matchAll(/`([^`]+\.(?:test|spec)\.[cm]?[jt]sx?)` — /g)) {
    const file = resolved.get(cite[1]);
    // Not found: reported as a missing path already. A generic name (two `store.test.ts`) names no one file to read.
    if (file === undefined || !tree.fileSet.has(file)) continue;
    const fileText = readFileSync(path.join(root, file), 'utf8');
    let at = cite.index + cite[0].length;
    while (proved[at] === '"') {
      const name = testNameAt(proved, at, fileText);
      if (!name) break;
      if (!name.found) report(bullet, `no test named "${name.name}" in ${cite[1]} (Proved by)`);
      const rest = proved.slice(name.end).match(/^(,\s*|\s+(and|or)\s+)(?=")/);
      if (!rest) break;
      at = name.end + rest[0].length;
    }
  }
}

/** docs/README.md's table: each page's range of rules, against the `### Rule XN.` headings on the page. */
function lintRuleRanges(problems) {
  const index = 'docs/README.md';
  if (!existsSync(path.join(root, index))) return;
  const lines = readFileSync(path.join(root, index), 'utf8').split('\n');
  const rows = new Set();
  lines.forEach((line, at) => {
    const row = line.match(/^\|\s*\[[^\]]+\]\(([^)]+\.md)\)\s*\|\s*([^|]*?)\s*\|/);
    if (!row) return;
    rows.add(row[1]);
    const pageFile = path.join(root, 'docs', row[1]);
    if (!existsSync(pageFile)) return; // reported as a broken link
    const highest = new Map();
    for (const heading of readFileSync(pageFile, 'utf8').matchAll(/^### Rule ([A-Z]+)(\d+)\./gm)) {
      highest.set(heading[1], Math.max(highest.get(heading[1]) ?? 0, Number(heading[2])));
    }
    const listed = new Map();
    for (const range of row[2].matchAll(/([A-Z]+)(\d+)\s*[–-]\s*([A-Z]+)(\d+)/g)) listed.set(range[1], `${range[1]}${range[2]}–${range[3]}${range[4]}`);
    const where = `${index}:${at + 1}`;
    for (const [prefix, max] of highest) {
      const want = `${prefix}1–${prefix}${max}`;
      if (listed.get(prefix) !== want) problems.push(`${where}: ${row[1]} has rules ${want}, the table says ${listed.get(prefix) ?? row[2]}`);
    }
    for (const [prefix, range] of listed)
      if (!highest.has(prefix)) problems.push(`${where}: ${row[1]} has no "### Rule ${prefix}N." heading, the table says ${range}`);
  });
  for (const name of readdirSync(path.join(root, 'docs')).filter((file) => file.endsWith('.md') && file !== 'README.md' && !rows.has(file))) {
    if (/^### Rule [A-Z]+\d+\./m.test(readFileSync(path.join(root, 'docs', name), 'utf8')))
      problems.push(`${index}: ${name} states rules but has no row in the table`);
  }
}

const pages = [
  ...(existsSync(path.join(root, 'docs'))
    ? readdirSync(path.join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : []),
  ...['ARCHITECTURE.md', 'README.md', 'SECURITY.md', 'CONTRIBUTING.md'].filter(
    (name) => existsSync(path.join(root, name)) && statSync(path.join(root, name)).isFile(),
  ),
].sort();

const problems = [];
for (const page of pages) lintPage(page, problems);
lintRuleRanges(problems);

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(
    `\n${problems.length} citation(s) behind the code. Fix the page (or the code) in the same change: docs/README.md says the code is right and the page is the bug.`,
  );
  process.exit(1);
}
console.log(`lint:docs: ${pages.length} pages, every cited path, statement, name and test exists; the rule ranges match.`);
