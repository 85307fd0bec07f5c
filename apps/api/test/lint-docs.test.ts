import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';

// scripts/lint-docs.mjs (`pnpm lint:docs`) run over a small tree of its own:
// a page whose citations all hold passes, and each kind of stale citation
// fails naming the page and line, so a change that stops a check from biting
// fails here.

const script = path.resolve(import.meta.dirname, '../../../scripts/lint-docs.mjs');
const trees: string[] = [];

afterEach(() => {
  for (const dir of trees.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const SOURCES: Record<string, string> = {
  'apps/api/src/domains/signoffs/store.ts': 'export function decidePending() {\n  return `/* decidePending */ UPDATE sign_offs SET state = $1`;\n}\n',
  'apps/api/src/domains/signoffs/service.ts': 'export function drawAuthority() {}\n',
  'apps/api/src/platform/lib/errors.ts': 'export const HTTP_STATUS = {};\n',
  'apps/api/src/domains/signoffs/decisions.test.ts':
    "test('runs an approved request once', () => {});\nfor (const name of ['agents']) test(`${name}: pages through every row once`, () => {});\n",
  // A test quoting a statement's comment does not keep the statement alive.
  'apps/api/src/platform/telemetry/settings.test.ts': "test('names it', () => expect(statementName('/* decideOpen */ SELECT 1')).toBe('decideOpen'));\n",
  'apps/console/src/features/sign-offs/triage/use-inbox-keys.ts': 'export {};\n',
  'apps/console/src/features/sign-offs/triage/triage-view.ts': 'export {};\n',
};

const PAGE = `# Sign-offs

Code: \`apps/api/src/domains/signoffs/\` (\`service.ts\`, \`store.ts\`), errors in \`platform/lib/errors.ts\`; see [the index](README.md).

### Rule S1. One decision wins

- **Enforced by:** \`/* decidePending */\` in \`store.ts\`; \`drawAuthority\` in \`service.ts\`;
  \`apps/console/src/features/sign-offs/triage/use-inbox-keys.ts\`, \`triage-view.ts\`.
- **Proved by:**
  - \`apps/api/src/domains/signoffs/decisions.test.ts\` — "runs an approved request once", "agents: pages through every row once"

### Rule S2. Approved runs once

Text.
`;

const INDEX = `# Rules

| page | rules | what it covers |
| --- | --- | --- |
| [sign-offs.md](sign-offs.md) | S1–S2 | requests |
`;

/** A tree with the sources, docs/README.md and docs/sign-offs.md, each page changed by `edit`; the lint's exit code and report. */
function lint(edit: (page: string) => string = (page) => page, index = INDEX): { code: number | null; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'countersign-lint-docs-'));
  trees.push(dir);
  const files = { ...SOURCES, 'docs/README.md': index, 'docs/sign-offs.md': edit(PAGE) };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}

/** The page's line that holds `text`, 1-based, as the report names it. */
function lineOf(text: string): number {
  return PAGE.split('\n').findIndex((line) => line.includes(text)) + 1;
}

describe('pnpm lint:docs', () => {
  test('passes a page whose paths, statements, names, tests and rule range all hold', () => {
    const run = lint();
    expect(run.output).toContain('every cited path, statement, name and test exists');
    expect(run.code).toBe(0);
  });

  test('fails on a cited path that is not in the tree, naming the page and line', () => {
    const run = lint((page) => page.replace('`platform/lib/errors.ts`', '`graphql/errors.ts`'));
    expect(run.code).toBe(1);
    expect(run.output).toContain(`docs/sign-offs.md:${lineOf('platform/lib/errors.ts')}: the path \`graphql/errors.ts\` is not in the repository`);
  });

  test('resolves a bare file name beside the path cited before it, and fails on one that is not there', () => {
    const run = lint((page) => page.replace('`triage-view.ts`', '`triage-gone.ts`'));
    expect(run.code).toBe(1);
    expect(run.output).toContain(`docs/sign-offs.md:${lineOf('triage-view.ts')}: the path \`triage-gone.ts\` is not in the repository`);
  });

  test('fails on a link to a page that is not there', () => {
    const run = lint((page) => page.replace('(README.md)', '(INDEX.md)'));
    expect(run.code).toBe(1);
    expect(run.output).toContain(`docs/sign-offs.md:${lineOf('(README.md)')}: the link (INDEX.md) points to nothing in the repository`);
  });

  test('fails on a named statement no SQL opens with any more, though a test still quotes it', () => {
    const run = lint((page) => page.replace('`/* decidePending */`', '`/* decideOpen */`'));
    expect(run.code).toBe(1);
    expect(run.output).toContain(`docs/sign-offs.md:${lineOf('decidePending')}: the statement \`/* decideOpen */\` opens no SQL in the sources any more`);
  });

  test('fails on a name in an "Enforced by" bullet that no source holds any more', () => {
    const run = lint((page) => page.replace('`drawAuthority`', '`drawStandingAuthority`'));
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `docs/sign-offs.md:${lineOf('**Enforced by:**')}: \`drawStandingAuthority\` (Enforced by) is named in no source file any more`,
    );
  });

  test('fails on a "Proved by" test name that is not in the cited file, and accepts one its template builds', () => {
    const run = lint((page) => page.replace('"runs an approved request once"', '"runs an approved request twice"'));
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      `docs/sign-offs.md:${lineOf('decisions.test.ts')}: no test named "runs an approved request twice" in apps/api/src/domains/signoffs/decisions.test.ts (Proved by)`,
    );
    expect(run.output).not.toContain('pages through every row once" in');
  });

  test('reads a test file cited by its bare name from the folder cited before it', () => {
    const run = lint((page) => page.replace('### Rule S2.', '- **Proved by:** `decisions.test.ts` — "runs an approved request twice"\n\n### Rule S2.'));
    expect(run.code).toBe(1);
    expect(run.output).toContain('no test named "runs an approved request twice" in decisions.test.ts (Proved by)');
  });

  test("fails when docs/README.md's rule range lags behind the page's headings", () => {
    const run = lint((page) => `${page}\n### Rule S3. A third rule\n`);
    expect(run.code).toBe(1);
    expect(run.output).toContain('docs/README.md:5: sign-offs.md has rules S1–S3, the table says S1–S2');
  });

  test('fails when a page states rules but docs/README.md has no row for it', () => {
    const run = lint(undefined, INDEX.replace(/^\| \[sign-offs.*$/m, ''));
    expect(run.code).toBe(1);
    expect(run.output).toContain('docs/README.md: sign-offs.md states rules but has no row in the table');
  });

  test('fails when docs/README.md lists rules the page does not have', () => {
    const run = lint(undefined, INDEX.replace('S1–S2', 'S1–S2, X1–X4'));
    expect(run.code).toBe(1);
    expect(run.output).toContain('docs/README.md:5: sign-offs.md has no "### Rule XN." heading, the table says X1–X4');
  });
});
