import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

// scripts/lint-migrations.mjs (`pnpm lint:migrations`) over a git history of
// its own: migrations that arrive in name order pass; one that arrives with
// an earlier name, in a commit or in the working tree, fails, naming both;
// so does a committed one renamed.

const script = path.resolve(import.meta.dirname, '../../../scripts/lint-migrations.mjs');
const repos: string[] = [];

afterEach(() => {
  for (const dir of repos.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

function git(dir: string, ...args: string[]): void {
  const run = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, ...GIT_ENV } });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
}

function addMigration(dir: string, name: string): void {
  mkdirSync(path.join(dir, 'prisma/migrations', name), { recursive: true });
  writeFileSync(path.join(dir, 'prisma/migrations', name, 'migration.sql'), `-- ${name}\n`);
}

/** A repository whose history adds each group of migrations in one commit, oldest group first. */
function repository(...commits: string[][]): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-lint-migrations-'));
  repos.push(dir);
  git(dir, 'init', '--quiet', '--initial-branch=main');
  for (const names of commits) {
    for (const name of names) addMigration(dir, name);
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', names.join(' '));
  }
  return dir;
}

function lint(dir: string): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [script, '--root', dir], {
    encoding: 'utf8',
    env: { ...process.env, LINT_MIGRATIONS_BASELINE: '20261201000000_first' },
  });
  return { code: run.status, output: run.stdout + run.stderr };
}

describe('pnpm lint:migrations', () => {
  test('passes migrations that arrived in name order, several in one commit in any order', () => {
    const dir = repository(['20261201000000_first'], ['20261203000000_third', '20261202000000_second']);
    addMigration(dir, '20261204000000_fourth');
    const run = lint(dir);
    expect(run.output).toContain('4 migrations, each added after every one that sorts before it');
    expect(run.code).toBe(0);
  });

  test('fails on a commit adding a migration that sorts before one already landed, naming both', () => {
    const dir = repository(['20261201000000_first'], ['20261203000000_third'], ['20261202000000_second']);
    const run = lint(dir);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/prisma\/migrations\/20261202000000_second: added in \w+, after 20261203000000_third had landed, but sorts before it/);
  });

  test('fails on a new migration in the working tree that sorts before the latest committed one', () => {
    const dir = repository(['20261201000000_first'], ['20261203000000_third']);
    addMigration(dir, '20261202000000_second');
    const run = lint(dir);
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'prisma/migrations/20261202000000_second: new, but sorts before 20261203000000_third, already committed (give it a stamp after 20261203000000)',
    );
  });

  test('fails on a committed migration renamed or removed', () => {
    const dir = repository(['20261201000000_first'], ['20261203000000_third']);
    renameSync(path.join(dir, 'prisma/migrations/20261203000000_third'), path.join(dir, 'prisma/migrations/20261204000000_third'));
    const run = lint(dir);
    expect(run.code).toBe(1);
    expect(run.output).toContain('prisma/migrations/20261203000000_third: committed, but gone from the working tree');
  });

  test('does not judge what landed before the baseline', () => {
    const dir = repository(['20261130000000_zero'], ['20261129000000_older'], ['20261201000000_first'], ['20261202000000_second']);
    expect(lint(dir).code).toBe(0);
  });

  test.each(['ALTER TABLE sign_offs ALTER COLUMN summary TYPE varchar(200);', 'alter table "sign_offs" alter column "summary" set data type text;'])(
    "fails on a migration that changes a column's type in place: %s",
    (statement) => {
      const dir = repository(['20261201000000_first']);
      addMigration(dir, '20261202000000_retype');
      writeFileSync(path.join(dir, 'prisma/migrations/20261202000000_retype/migration.sql'), `-- a type changed in place\n${statement}\n`);
      const run = lint(dir);
      expect(run.code).toBe(1);
      expect(run.output).toContain(
        "prisma/migrations/20261202000000_retype: changes a column's type in place (add a column of the new type instead: expand, then contract)",
      );
    },
  );

  test('passes a migration that only mentions a type change in a comment, or adds a column of a type', () => {
    const dir = repository(['20261201000000_first']);
    addMigration(dir, '20261202000000_add');
    writeFileSync(
      path.join(dir, 'prisma/migrations/20261202000000_add/migration.sql'),
      `-- never ALTER COLUMN summary TYPE here\nALTER TABLE sign_offs ADD COLUMN summary_v2 text;\n`,
    );
    expect(lint(dir).code).toBe(0);
  });
});
