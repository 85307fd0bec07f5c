#!/usr/bin/env node
/**
 * Moves apps/api/src into the banded tree of scripts/tree-map.mjs (issue 27,
 * item 1) and rewrites everything that names a moved file, so the move is
 * mechanical and can be repeated:
 * - `git mv` of each file the map places elsewhere (tests go where their
 *   sources go; untracked files are renamed on disk);
 * - every relative string in the repository's code that resolves to a moved
 *   file (imports, `import()`, `vi.mock`, `new URL(…, import.meta.url)`), and
 *   every relative path in a moved file that reaches outside the moving tree
 *   (`../../package.json`, `../../../../prisma/migrations`);
 * - `apps/api/src/…` paths anywhere in tracked text (package.json scripts,
 *   stryker and vitest configs, comments) and `src/…` paths in files that
 *   run from apps/api (scripts that spawn `src/main.ts`);
 * - the codegen's mappers (`../owners/store.js#OwnerRow`, relative to
 *   apps/api/src/generated/);
 * - path citations in the docs, in whatever form the docs cite: from the
 *   repository root, from apps/api/src (`http/server.ts`), or relative to
 *   the folder of the citation before (`catalogue.ts` after
 *   `apps/api/src/signoffs/`): each is rewritten so that, read the same way
 *   in the new text, it names the same file.
 *
 * Usage: node scripts/move-tree.mjs [--console] [--dry-run] [--verbose]
 * `--console` moves apps/console/src by scripts/console-tree-map.mjs
 * instead (shell > features > shared); its imports name no extension
 * (`../layout/page-error` for a `.tsx`), and apps/console/index.html names
 * its entry as `/src/main.tsx`.
 * A second run finds nothing to do. Files the map does not cover stay where
 * they are and are listed; their imports are still rewritten.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const onConsole = process.argv.includes('--console');
const { FOLDERS, inTargetTree, targetOf } = await import(onConsole ? './console-tree-map.mjs' : './tree-map.mjs');
const SRC = onConsole ? 'apps/console/src' : 'apps/api/src';
/** The package the tree is the source of (apps/api, apps/console). */
const PKG = path.posix.dirname(SRC);
const dryRun = process.argv.includes('--dry-run');
const verbose = process.argv.includes('--verbose');

const git = (...args) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 << 20 });
const posix = (p) => p.split(path.sep).join('/');

/** Every file under apps/api/src today, relative to it (tracked or not: another change may not be committed yet). */
function walk(dir, prefix = '') {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...walk(path.join(dir, entry.name), rel));
    else out.push(rel);
  }
  return out;
}
const srcFiles = walk(path.join(repo, SRC));
const tracked = new Set(git('ls-files', '-z', SRC).split('\0').filter(Boolean));

// --- the moves -----------------------------------------------------------

/** old src-relative path → new src-relative path, for every file that moves. */
const moves = new Map();
const uncovered = [];
for (const file of srcFiles) {
  if (inTargetTree(file)) continue;
  const target = targetOf(file);
  if (target === null) uncovered.push(file);
  else if (target !== file) moves.set(file, target);
}
const oldSet = new Set(srcFiles);
const newSet = new Set(srcFiles.map((file) => moves.get(file) ?? file));
for (const [from, to] of moves) if (oldSet.has(to) && !moves.has(to)) throw new Error(`${from} → ${to}: the target exists and stays`);

/**
 * Where a file or folder under src (src-relative, no trailing slash) goes;
 * itself when it stays. A folder cut up goes where its shallowest part goes
 * (signoffs/ → domains/signoffs, whose sub-folders hold the rest).
 */
function mapSrcPath(rel) {
  if (oldSet.has(rel)) return moves.get(rel) ?? rel;
  if (FOLDERS[rel]) return FOLDERS[rel];
  const all = srcFiles.filter((file) => file.startsWith(`${rel}/`));
  if (all.length === 0) return null;
  // Files the map does not cover stay behind; the folder is where the rest went.
  const inside = all.filter((file) => moves.has(file));
  if (inside.length === 0) return rel;
  const homes = new Set(
    inside.map((file) => {
      const tail = file.slice(rel.length);
      const to = moves.get(file) ?? file;
      return to.endsWith(tail) ? to.slice(0, to.length - tail.length) : null;
    }),
  );
  if (homes.has(null)) return null;
  return [...homes].find((home) => [...homes].every((other) => other === home || other.startsWith(`${home}/`))) ?? null;
}

/** Whether `rel` (src-relative) names a file or folder of the tree `files`. */
function existsIn(files, rel) {
  if (files.has(rel)) return true;
  for (const file of files) if (file.startsWith(`${rel}/`)) return true;
  return false;
}

// --- relative strings in code --------------------------------------------

const CODE = /\.(?:[cm]?[jt]s|tsx)$/;
const STRING = /(['"`])(\.\.?\/[\w@./-]*)\1/g;
const summary = { moved: moves.size, importsRewritten: 0, filesWithImports: 0, pathsRewritten: 0, citationsRewritten: 0, docsTouched: 0 };
const unresolved = [];

/** The src file or folder a specifier names (`.js` for `.ts`, or no extension), `{ missing }` when it names none, null outside src. */
function srcTargetOf(absolute) {
  const rel = posix(path.relative(path.join(repo, SRC), absolute));
  if (rel.startsWith('..')) return null;
  if (oldSet.has(rel)) return { file: rel };
  if (rel.endsWith('.js') && oldSet.has(`${rel.slice(0, -3)}.ts`)) return { file: `${rel.slice(0, -3)}.ts`, ext: '.js' };
  if (oldSet.has(`${rel}.ts`)) return { file: `${rel}.ts`, ext: '' };
  if (oldSet.has(`${rel}.tsx`)) return { file: `${rel}.tsx`, ext: '' };
  if (existsIn(oldSet, rel)) return { file: rel, folder: true };
  return { missing: rel };
}

/** Rewrites the relative strings of one code file, known by its repo-relative old path and new path. */
function rewriteCode(text, oldPath, newPath, base = path.dirname(oldPath), newBase = path.dirname(newPath)) {
  let count = 0;
  const out = text.replace(STRING, (whole, quote, specifier) => {
    const absolute = path.join(repo, base, specifier);
    const target = srcTargetOf(absolute);
    let next;
    if (target && target.file) {
      const mapped = target.folder ? mapSrcPath(target.file) : (moves.get(target.file) ?? target.file);
      if (mapped === null) return whole;
      const to = target.ext === undefined ? mapped : mapped.replace(/\.tsx?$/, target.ext);
      next = posix(path.relative(path.join(repo, newBase), path.join(repo, SRC, to)));
      if (target.folder && specifier.endsWith('/')) next += '/';
    } else if (target && target.missing && base !== newBase) {
      unresolved.push(`${oldPath}: ${specifier}`);
      return whole;
    } else if (!target && base !== newBase && (existsSync(absolute) || existsSync(path.dirname(absolute)))) {
      next = posix(path.relative(path.join(repo, newBase), absolute)) + (specifier.endsWith('/') ? '/' : '');
    } else {
      if (target?.missing && !/\.(?:test|d)\.ts$/.test(oldPath)) unresolved.push(`${oldPath}: ${specifier}`);
      return whole;
    }
    if (!next.startsWith('.')) next = `./${next}`;
    if (next === specifier) return whole;
    count += 1;
    return `${quote}${next}${quote}`;
  });
  return { text: out, count };
}

// --- apps/api/src/… and src/… paths in any text ---------------------------

const PATH_CHARS = '[\\w@.*/-]';
const FULL = new RegExp(`(?<![\\w./-])${SRC.replace(/\//g, '\\/')}/(${PATH_CHARS}+)`, 'g');
const BARE = new RegExp(`(?<![\\w./@-])src/(${PATH_CHARS}+)`, 'g');

/** Maps a src-relative citation (a file, a folder with or without `/`, `.js` for `.ts`, or a glob) in `files`; null when it names nothing. */
function mapCitation(rel) {
  const trimmed = rel.replace(/[.,;:)]+$/, '');
  const tail = rel.slice(trimmed.length);
  const slash = trimmed.endsWith('/') ? '/' : '';
  const bare = trimmed.replace(/\/$/, '');
  if (bare.includes('*')) {
    const pattern = new RegExp(
      `^${bare
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\//g, '(?:.*/)?')
        .replace(/\*/g, '[^/]*')}$`,
    );
    const matched = srcFiles.filter((file) => pattern.test(file));
    if (matched.length === 0) return null;
    if (bare.startsWith('**')) return { to: rel, same: true };
    const dirs = new Set(matched.map((file) => posix(path.dirname(moves.get(file) ?? file))));
    const oldDir = posix(path.dirname(bare));
    if (dirs.size !== 1) return { to: rel, same: true, ambiguous: true };
    return { to: `${[...dirs][0]}/${path.posix.basename(bare)}${slash}${tail}`, same: [...dirs][0] === oldDir };
  }
  for (const candidate of [bare, bare.replace(/\.js$/, '.ts')]) {
    if (oldSet.has(candidate)) {
      const mapped = moves.get(candidate) ?? candidate;
      const to = candidate === bare ? mapped : mapped.replace(/\.ts$/, '.js');
      return { to: `${to}${slash}${tail}`, same: mapped === candidate };
    }
  }
  if (existsIn(oldSet, bare)) {
    const mapped = mapSrcPath(bare);
    if (mapped === null) return null;
    return { to: `${mapped}${slash}${tail}`, same: mapped === bare };
  }
  return null;
}

/** A src-relative file path starting with one of today's top folders that moves (none once the tree is banded). */
const movingTops = [...new Set([...moves.keys()].filter((file) => file.includes('/')).map((file) => file.split('/')[0]))];
const SRC_RELATIVE = new RegExp(
  `(?<![\\w./@-])(?:${movingTops.map((top) => top.replace(/[.-]/g, '\\$&')).join('|') || '(?!)'})/[\\w./-]*\\.(?:[cm]?[jt]s|tsx)\\b`,
  'g',
);

/** The nearest folder of `file` (repo-relative) holding a package.json. */
function packageOf(file) {
  let dir = path.dirname(file);
  while (dir !== '.' && !existsSync(path.join(repo, dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}

function rewritePaths(text, file) {
  let count = 0;
  let out = text.replace(FULL, (whole, rest) => {
    const mapped = mapCitation(rest);
    if (!mapped || mapped.same) return whole;
    count += 1;
    return `${SRC}/${mapped.to}`;
  });
  const own = packageOf(file);
  out = out.replace(BARE, (whole, rest, offset, all) => {
    if (all.slice(Math.max(0, offset - PKG.length - 1), offset) === `${PKG}/`) return whole;
    const mapped = mapCitation(rest);
    if (!mapped || mapped.same) return whole;
    if (own !== PKG && own !== '.' && existsSync(path.join(repo, own, 'src', rest.replace(/[.,;:)]+$/, '')))) return whole;
    count += 1;
    return `src/${mapped.to}`;
  });
  if (file.startsWith(`${PKG}/`)) {
    // An HTML entry names its script from the package's root: `<script src="/src/main.tsx">`.
    out = out.replace(/(["'])\/src\/([\w@./-]+)\1/g, (whole, quote, rest) => {
      const mapped = mapCitation(rest);
      if (!mapped || mapped.same) return whole;
      count += 1;
      return `${quote}/src/${mapped.to}${quote}`;
    });
  }
  if (CODE.test(file) && (file.startsWith(`${PKG}/`) || file.startsWith('scripts/'))) {
    // Comments in the API's code cite files from apps/api/src (`metrics/settings.ts`).
    out = out.replace(SRC_RELATIVE, (whole) => {
      if (!oldSet.has(whole)) return whole;
      const mapped = mapCitation(whole);
      if (!mapped || mapped.same) return whole;
      count += 1;
      return mapped.to;
    });
  }
  return { text: out, count };
}

// --- citations in the docs -------------------------------------------------

const DOCS = /^(docs\/[^/]+\.md|ARCHITECTURE\.md|README\.md|SECURITY\.md|CONTRIBUTING\.md)$/;
const ROOTS = ['apps/', 'packages/', 'e2e/', 'scripts/', 'prisma/', 'docs/', '.ci/'];
const CITATION = /`([\w@.*/-]+)`/g;
const LOOKS_LIKE_PATH = /(?:\.(?:[cm]?[jt]s|tsx|json|sql|md)|\/)$/;

/**
 * What a citation names, read the way the docs are written: from the
 * repository root when it starts with a top folder; else against the folder
 * of the citation before (`context`), then the last folder cited as a
 * folder (`anchor`: `apps/api/src/signoffs/`, a table row's `db/`), then
 * the context's parents inside apps/api/src, then apps/api/src itself.
 * Returns the repo-relative path and which of those read it.
 */
function resolveCitation(text, where, files) {
  const srcExists = (rel) => {
    const bare = rel.replace(/\/$/, '');
    if (bare.includes('*')) {
      const pattern = new RegExp(`^${bare.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
      for (const file of files) if (pattern.test(file)) return true;
      return false;
    }
    return existsIn(files, bare) || files.has(bare.replace(/\.js$/, '.ts'));
  };
  const exists = (repoRel) => {
    const bare = repoRel.replace(/\/$/, '');
    if (bare === SRC || bare.startsWith(`${SRC}/`)) return bare === SRC || srcExists(bare.slice(SRC.length + 1));
    if (bare.includes('*')) {
      try {
        return readdirSync(path.join(repo, path.dirname(bare))).some((name) =>
          new RegExp(
            `^${path
              .basename(bare)
              .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '.*')}$`,
          ).test(name),
        );
      } catch {
        return false;
      }
    }
    return existsSync(path.join(repo, bare));
  };
  if (ROOTS.some((root) => text.startsWith(root))) return exists(text) ? { path: text, kind: 'repo' } : null;
  const bases = [];
  if (where.context) bases.push([where.context, 'context']);
  if (where.anchor && where.anchor !== where.context) bases.push([where.anchor, 'anchor']);
  if (where.context) {
    for (
      let dir = path.posix.dirname(where.context);
      dir.startsWith(`${SRC}/`) || (!where.context.startsWith(`${SRC}/`) && dir !== '.' && dir.includes('/'));
      dir = path.posix.dirname(dir)
    )
      bases.push([dir, 'ancestor']);
  }
  for (const [base, kind] of bases) if (exists(`${base}/${text}`)) return { path: `${base}/${text}`, kind };
  // A bare name read from src. With --console, a name the API's tree has too (`owners/`) is the console's only in a
  // passage about the console: under a heading naming apps/console/src, or after a citation in it.
  const shared = onConsole && existsSync(path.join(repo, 'apps/api/src', text.replace(/\/$/, '')));
  const ours = !shared || where.section === SRC || where.context?.startsWith(`${SRC}/`);
  if (ours && srcExists(text)) return { path: `${SRC}/${text}`, kind: 'src' };
  return null;
}

const folderOfCitation = (repoRel) => (repoRel.endsWith('/') ? repoRel.replace(/\/$/, '') : path.posix.dirname(repoRel));

/** Rewrites a doc's citations of moved files, keeping each in the form it was written in where that form still reads right. */
function rewriteDoc(text) {
  let count = 0;
  const old = { context: null, anchor: null, section: null };
  const next = { context: null, anchor: null, section: null };
  // The tree a passage is about, by the nearest heading above it that names one (`## apps/console/src`).
  const headings = [...text.matchAll(/^#{1,6} (.*)$/gm)].map((match) => ({ at: match.index, tree: /apps\/(api|console)\/src/.exec(match[1])?.[0] ?? null }));
  const out = text.replace(CITATION, (whole, cited, offset) => {
    if (!LOOKS_LIKE_PATH.test(cited) || cited.startsWith('./') || cited.startsWith('../')) return whole;
    const heading = headings.filter((entry) => entry.at < offset).at(-1);
    old.section = next.section = heading?.tree ?? null;
    const found = resolveCitation(cited, old, oldSet);
    if (!found) return whole;
    const inSrc = found.path.startsWith(`${SRC}/`);
    const mapped = inSrc ? mapCitation(found.path.slice(SRC.length + 1)) : null;
    const newPath = mapped && !mapped.same ? `${SRC}/${mapped.to}` : found.path;
    const where = { ...next };
    old.context = folderOfCitation(found.path);
    next.context = folderOfCitation(newPath);
    if (cited.endsWith('/')) {
      old.anchor = old.context;
      next.anchor = next.context;
    }
    const wanted = newPath.replace(/\/$/, '');
    const again = resolveCitation(cited, where, newSet);
    // Unmoved and still read the same (a bare name whose folder did not move): leave it.
    if (again && again.path.replace(/\/$/, '') === wanted && again.kind === found.kind) return whole;
    if (!inSrc && (!mapped || mapped.same) && found.kind === 'repo') return whole;
    const slash = cited.endsWith('/') ? '/' : '';
    const relativeTo = (base) => (base && wanted.startsWith(`${base}/`) ? [wanted.slice(base.length + 1) + slash] : []);
    const forms = [];
    if (found.kind === 'repo') forms.push(newPath);
    else {
      if (found.kind !== 'src') {
        forms.push(...relativeTo(where.context), ...relativeTo(where.anchor));
        if (found.kind === 'ancestor' && where.context)
          for (let dir = path.posix.dirname(where.context); dir.startsWith(`${SRC}/`); dir = path.posix.dirname(dir)) forms.push(...relativeTo(dir));
      }
      if (inSrc) forms.push(wanted.slice(SRC.length + 1) + slash);
      forms.push(wanted + slash);
    }
    const form = forms.find((candidate) => {
      const read = resolveCitation(candidate, where, newSet);
      return read && read.path.replace(/\/$/, '') === wanted && (read.kind !== 'ancestor' || found.kind === 'ancestor');
    });
    if (!form || form === cited) return whole;
    count += 1;
    if (verbose) console.log(`  \`${cited}\` → \`${form}\``);
    return `\`${form}\``;
  });
  return { text: out, count };
}

// --- run -------------------------------------------------------------------

const SKIP =
  /(^|\/)(node_modules|dist|coverage)\/|^apps\/api\/src\/generated\/prisma\/|^prisma\/migrations\/|pnpm-lock\.yaml$|\.(png|jpg|ico|woff2?|svg|webp|gz)$/;
/** The map, this script, the check and the tests that name today's paths on purpose (they read them through the map). */
const OWN = new Set([
  'scripts/tree-map.mjs',
  'scripts/console-tree-map.mjs',
  'scripts/move-tree.mjs',
  'scripts/folder-graph.mjs',
  'apps/api/test/architecture.test.ts',
]);
const textFiles = git('ls-files', '-z')
  .split('\0')
  .filter((file) => file && !SKIP.test(file) && !OWN.has(file));
for (const file of srcFiles) if (!tracked.has(`${SRC}/${file}`) && CODE.test(file) && !SKIP.test(`${SRC}/${file}`)) textFiles.push(`${SRC}/${file}`);

const writes = new Map();
for (const file of new Set(textFiles)) {
  const absolute = path.join(repo, file);
  if (!existsSync(absolute) || statSync(absolute).isDirectory()) continue;
  const before = readFileSync(absolute, 'utf8');
  if (before.includes('\0')) continue;
  let text = before;
  const inSrc = file.startsWith(`${SRC}/`) ? file.slice(SRC.length + 1) : null;
  const newFile = inSrc !== null && moves.has(inSrc) ? `${SRC}/${moves.get(inSrc)}` : file;
  if (CODE.test(file)) {
    const code = rewriteCode(text, file, newFile);
    text = code.text;
    summary.importsRewritten += code.count;
    if (code.count > 0) summary.filesWithImports += 1;
    if (file === 'packages/schema/codegen.ts' && !onConsole) {
      // Mappers are written relative to the generated file: '../owners/store.js#OwnerRow'.
      const generated = `${SRC}/generated/graphql.ts`;
      text = text.replace(/'(\.\.?\/[\w./-]+)#(\w+)'/g, (whole, specifier, name) => {
        const { text: next, count } = rewriteCode(`'${specifier}'`, generated, generated);
        summary.importsRewritten += count;
        return count ? `${next.slice(0, -1)}#${name}'` : whole;
      });
    }
  }
  if (DOCS.test(file)) {
    const docs = rewriteDoc(text);
    text = docs.text;
    summary.citationsRewritten += docs.count;
    if (docs.count > 0) summary.docsTouched += 1;
  }
  const paths = rewritePaths(text, file);
  text = paths.text;
  summary.pathsRewritten += paths.count;
  if (text !== before) writes.set(file, { newFile, text });
}

if (!dryRun) {
  for (const [from, to] of [...moves].sort()) {
    const source = `${SRC}/${from}`;
    const target = `${SRC}/${to}`;
    mkdirSync(path.dirname(path.join(repo, target)), { recursive: true });
    if (tracked.has(source)) git('mv', source, target);
    else renameSync(path.join(repo, source), path.join(repo, target));
  }
  for (const { newFile, text } of writes.values()) writeFileSync(path.join(repo, newFile), text);
  // The folders the moves emptied: git keeps no folders, the disk would.
  const prune = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) prune(path.join(dir, entry.name));
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  };
  prune(path.join(repo, SRC));
  // Longer paths can push a line past the print width: format what was edited, as `pnpm format` would.
  const formatted = [...writes.values()]
    .map(({ newFile }) => newFile)
    .filter((file) => /\.(?:[cm]?[jt]s|tsx|json)$/.test(file) && !file.startsWith(`${SRC}/generated/`));
  if (formatted.length > 0)
    execFileSync(path.join(repo, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', ...formatted], { cwd: repo, stdio: 'inherit' });
}

console.log(
  `${dryRun ? 'Would move' : 'Moved'} ${summary.moved} files; rewrote ${summary.importsRewritten} import specifiers in ${summary.filesWithImports} files, ${summary.citationsRewritten} doc citations in ${summary.docsTouched} docs and ${summary.pathsRewritten} other paths (scripts, configs, comments); ${writes.size} files edited.`,
);
if (verbose) for (const [from, to] of moves) console.log(`  ${from} → ${to}`);
if (uncovered.length > 0) {
  console.log(`\n${uncovered.length} file(s) the map does not cover, left where they are (add them to scripts/tree-map.mjs):`);
  for (const file of uncovered) console.log(`  ${SRC}/${file}`);
}
if (unresolved.length > 0) {
  console.log(`\n${unresolved.length} relative specifier(s) into apps/api/src that name no file (left as they are):`);
  for (const entry of [...new Set(unresolved)]) console.log(`  ${entry}`);
}
