#!/usr/bin/env node
/**
 * `pnpm lint:migrations`: migrations stay in the order they arrive. A folder
 * of `prisma/migrations/` is applied in name order and recorded by name and
 * checksum (apps/api/src/platform/db/migrate.ts), so a new one must sort after every
 * one already there — a database that applied the latest would otherwise be
 * asked for one "before" it, which the runner refuses — and none may be
 * renamed or removed.
 *
 * "New" is judged against git, in two ways that hold in a fresh clone as
 * well as in a working tree:
 *
 * 1. The working tree against HEAD: a folder not in HEAD (being added now)
 *    must sort after every folder in HEAD, and every folder in HEAD must
 *    still be there.
 * 2. The history, along the first parents (the order changes landed on the
 *    main line, merges counted once): each commit may add only folders that
 *    sort after every folder an earlier commit added. Folders added in one
 *    commit are not ordered among themselves (nothing applied between them).
 *    Commits up to the one that added BASELINE are not judged: four folders
 *    landed out of order on 2026-12-09, before this check existed, and they
 *    are applied everywhere now. A shallow clone sees its oldest commit add
 *    everything at once, so it judges only what came after it; CI clones with
 *    the full history.
 *
 * Usage: node scripts/lint-migrations.mjs [--root DIR]   (a git work tree; the repository by default)
 * LINT_MIGRATIONS_BASELINE names another baseline folder (its test builds a history of its own).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIGRATIONS = 'prisma/migrations';
/** The latest folder when this check began; what landed up to it is not judged (see above). */
const BASELINE = process.env.LINT_MIGRATIONS_BASELINE ?? '20261212100000_approve_with_changes';
/** `<14-digit stamp>_<snake_case name>`, as Prisma names them. */
const NAME = /^\d{14}_[a-z0-9_]+$/;

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
}

/** The migration folder a path inside prisma/migrations names, if any. */
function folderOf(file) {
  const [, folder] = file.slice(MIGRATIONS.length + 1).match(/^([^/]+)\/migration\.sql$/) ?? [];
  return folder;
}

const problems = [];
const dir = path.join(root, MIGRATIONS);
const onDisk = existsSync(dir)
  ? readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
      .map((entry) => entry.name)
      .sort()
  : [];

for (const name of onDisk) if (!NAME.test(name)) problems.push(`${MIGRATIONS}/${name}: not named <14-digit stamp>_<snake_case name>`);

// A column's type is never changed in place. Instances still serving the old code hold Prisma's statements prepared
// on every connection (apps/api/src/platform/db/statement-names.ts), and PostgreSQL refuses to run a prepared statement
// whose result type changed under it ("cached plan must not change result type") until that connection closes; nor
// could the old code read the new type. Expand and contract instead (docs/deploy.md, "Upgrading"): add a column of the
// new type, write both, backfill, read the new one, drop the old in a later release.
const TYPE_CHANGE = /\bALTER\s+COLUMN\s+("[^"]+"|\w+)\s+(SET\s+DATA\s+)?TYPE\b/i;
for (const name of onDisk) {
  const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8').replace(/--[^\n]*/g, '');
  if (TYPE_CHANGE.test(sql))
    problems.push(`${MIGRATIONS}/${name}: changes a column's type in place (add a column of the new type instead: expand, then contract)`);
}

const inGit = spawnSync('git', ['rev-parse', '--verify', '--quiet', 'HEAD'], { cwd: root }).status === 0;
if (!inGit) {
  console.log(`lint:migrations: ${onDisk.length} migrations; no git history here, so their order of arrival is not judged.`);
} else {
  const atHead = git('ls-tree', '-r', '--name-only', 'HEAD', '--', MIGRATIONS).split('\n').map(folderOf).filter(Boolean).sort();
  const latestAtHead = atHead.at(-1) ?? '';
  const headSet = new Set(atHead);
  const diskSet = new Set(onDisk);
  for (const name of atHead) {
    if (!diskSet.has(name))
      problems.push(`${MIGRATIONS}/${name}: committed, but gone from the working tree (a migration is never renamed or removed: databases record it by name)`);
  }
  for (const name of onDisk) {
    if (!headSet.has(name) && name <= latestAtHead) {
      problems.push(`${MIGRATIONS}/${name}: new, but sorts before ${latestAtHead}, already committed (give it a stamp after ${latestAtHead.slice(0, 14)})`);
    }
  }

  // Oldest first; each commit line `@<hash>` followed by the files it added.
  const log = git('log', '--first-parent', '--reverse', '--diff-filter=A', '--no-renames', '--name-only', '--format=@%h', '--', MIGRATIONS);
  let latest = '';
  let judging = false;
  for (const block of log.split('@').filter((text) => text.trim())) {
    const [commit, ...files] = block.trim().split('\n');
    const added = [...new Set(files.map(folderOf).filter(Boolean))].sort();
    if (judging) {
      for (const name of added) if (name <= latest) problems.push(`${MIGRATIONS}/${name}: added in ${commit}, after ${latest} had landed, but sorts before it`);
    }
    for (const name of added) if (name > latest) latest = name;
    if (added.includes(BASELINE)) judging = true;
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(
    `\n${problems.length} migration(s) out of order. Migrations apply in name order and are recorded by name: give a new one a later stamp, never rename an old one.`,
  );
  process.exit(1);
}
if (inGit) console.log(`lint:migrations: ${onDisk.length} migrations, each added after every one that sorts before it.`);
