import { ESLint } from 'eslint';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';

// The layering in docs/conventions.md is kept by the root ESLint config. These
// tests feed it code that breaks each rule, at the paths where the rule
// applies, so a config change that quietly stops a rule from biting fails here.

const root = path.resolve(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids and messages ESLint reports for `code` as if it were the file at `file` (relative to the repository). */
async function problems(file: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, message: message.message }));
}

describe('the lint rules that encode the architecture', () => {
  test('refuse a store importing its service or resolvers', async () => {
    const found = await problems('apps/api/src/agents/store.ts', `import * as service from './service.js';\nexport const used = service;\n`);
    expect(found).toContainEqual({ rule: 'no-restricted-imports', message: expect.stringContaining('A store never imports a service') as string });
  });

  test("refuse a resolver importing another domain's store", async () => {
    const found = await problems('apps/api/src/agents/resolvers.ts', `import * as owners from '../owners/store.js';\nexport const used = owners;\n`);
    expect(found).toContainEqual({ rule: 'no-restricted-imports', message: expect.stringContaining("never imports another domain's store") as string });
  });

  test('refuse a domain importing graphql/, which assembles the domains', async () => {
    const found = await problems('apps/api/src/signoffs/service.ts', `import * as limits from '../graphql/limits.js';\nexport const used = limits;\n`);
    expect(found).toContainEqual({ rule: 'no-restricted-imports', message: expect.stringContaining('A domain never imports graphql/') as string });
  });

  test('refuse db/ importing a domain, and report the cycle it closes', async () => {
    // agents/store.ts imports db/sql.ts, so db/sql.ts importing it back is a cycle.
    const found = await problems('apps/api/src/db/sql.ts', `import * as agents from '../agents/store.js';\nexport const used = agents;\n`);
    expect(found.map((problem) => problem.rule)).toEqual(expect.arrayContaining(['no-restricted-imports', 'import-x/no-cycle']));
  });

  test('refuse the console importing the API', async () => {
    const found = await problems('apps/console/src/app.tsx', `import * as api from '../../api/src/config';\nexport const used = api;\n`);
    expect(found).toContainEqual({ rule: 'no-restricted-imports', message: expect.stringContaining('never by importing it') as string });
  });

  test('refuse a floating promise and an explicit any', async () => {
    const found = await problems(
      'apps/api/src/lib/instant.ts',
      `export async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\nexport const loose: any = 1;\n`,
    );
    expect(found.map((problem) => problem.rule)).toEqual(
      expect.arrayContaining(['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-explicit-any']),
    );
  });
});
