import { ESLint } from 'eslint';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The layering in docs/conventions.md is kept by the root ESLint config and by
// scripts/folder-graph.mjs (the bands of scripts/tree-map.mjs). These tests
// feed them code that breaks each rule, at the paths where the rule applies,
// so a config change that quietly stops a rule from biting fails here. Files
// are named by today's paths and read through the map once the tree is banded
// (apps/api/src/domains/ exists), so the cases hold on both sides of the move.

const root = path.resolve(import.meta.dirname, '../../..');
const src = path.join(root, 'apps/api/src');
const banded = existsSync(path.join(src, 'domains'));

type TreeMap = { targetOf: (file: string) => string | null };
type FolderGraph = {
  upwardImport: (from: string, to: string) => { fromBand: string; toBand: string } | null;
  useTree: (name: 'api' | 'console') => void;
};
const load = async <T>(script: string): Promise<T> => (await import(pathToFileURL(path.join(root, 'scripts', script)).href)) as T;

let eslint: ESLint;
let treeMap: TreeMap;
let folderGraph: FolderGraph;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  treeMap = await load<TreeMap>('tree-map.mjs');
  folderGraph = await load<FolderGraph>('folder-graph.mjs');
});

/** Where a file of today's apps/api/src (src-relative) is in the tree on disk. */
function at(file: string): string {
  return banded ? (treeMap.targetOf(file) ?? file) : file;
}

/** The specifier with which `from` imports `to` (both src-relative, today's paths), as the code writes it. */
function specifier(from: string, to: string): string {
  const relative = path.posix.relative(path.posix.dirname(at(from)), at(to)).replace(/\.ts$/, '.js');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** The rule ids and messages ESLint reports for `code` as if it were `file` (src-relative, today's path). */
async function problems(file: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, at(file)) });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, message: message.message }));
}

/** What ESLint reports for `from` importing `to` and nothing else. */
function importing(from: string, to: string): Promise<{ rule: string | null; message: string }[]> {
  return problems(from, `import * as imported from '${specifier(from, to)}';\nexport const used = imported;\n`);
}

const restricted = (message: string) => ({ rule: 'no-restricted-imports', message: expect.stringContaining(message) as string });

describe('the lint rules that encode the architecture', () => {
  test('refuse a store importing its service or resolvers', async () => {
    expect(await importing('agents/store.ts', 'agents/service.ts')).toContainEqual(restricted('A store never imports a service'));
  });

  test("refuse a resolver importing another domain's store", async () => {
    expect(await importing('agents/resolvers.ts', 'owners/store.ts')).toContainEqual(restricted("never imports another domain's store"));
  });

  test('refuse a domain importing graphql/, which assembles the domains', async () => {
    expect(await importing('signoffs/service.ts', 'graphql/limits.ts')).toContainEqual(restricted('A domain never imports graphql/'));
  });

  test('refuse db/ importing a domain, and report the cycle it closes', async () => {
    // agents/store.ts imports db/sql.ts, so db/sql.ts importing it back is a cycle.
    const found = await importing('db/sql.ts', 'agents/store.ts');
    expect(found.map((problem) => problem.rule)).toEqual(expect.arrayContaining(['no-restricted-imports', 'import-x/no-cycle']));
  });

  test('refuse the console importing the API', async () => {
    // Joined, so that scripts/move-tree.mjs does not take it for an import of this file's to rewrite.
    const intoApi = ['..', '..', '..', 'api', 'src', 'platform', 'config'].join('/');
    const [result] = await eslint.lintText(`import * as api from '${intoApi}';\nexport const used = api;\n`, {
      filePath: path.join(root, 'apps/console/src/shell/app.tsx'),
    });
    expect(result?.messages.map((message) => message.message)).toContainEqual(expect.stringContaining('never by importing it'));
  });

  test('refuse a floating promise and an explicit any', async () => {
    const found = await problems(
      'lib/instant.ts',
      `export async function later(): Promise<void> {}\nexport function start(): void {\n  later();\n}\nexport const loose: any = 1;\n`,
    );
    expect(found.map((problem) => problem.rule)).toEqual(
      expect.arrayContaining(['@typescript-eslint/no-floating-promises', '@typescript-eslint/no-explicit-any']),
    );
  });
});

// Issue 27: six imports the hand-written domain list and the `resolvers.ts`-only
// patterns let through. Each must now be refused.
describe('the imports the derived lint refuses', () => {
  test("refuse a sub-domain's *-resolvers.ts importing another domain's store", async () => {
    expect(await importing('signoffs/rules-resolvers.ts', 'owners/store.ts')).toContainEqual(restricted("never imports another domain's store"));
  });

  test("refuse owner-tokens' resolvers importing the owners' store", async () => {
    expect(await importing('owner-tokens/resolvers.ts', 'owners/store.ts')).toContainEqual(restricted("never imports another domain's store"));
  });

  test("refuse audit's resolvers importing graphql/", async () => {
    expect(await importing('audit/resolvers.ts', 'graphql/limits.ts')).toContainEqual(restricted('A domain never imports graphql/'));
  });

  test("refuse the heartbeats' store importing a service", async () => {
    expect(await importing('heartbeats/store.ts', 'signoffs/service.ts')).toContainEqual(restricted('A store never imports a service'));
  });

  test('refuse the webhook transport importing a domain', async () => {
    expect(await importing('webhooks/post.ts', 'signoffs/service.ts')).toContainEqual(restricted('are neutral: they import no domain'));
  });

  test('refuse a sub-domain service importing a *-resolvers.ts', async () => {
    expect(await importing('signoffs/rules-service.ts', 'signoffs/rules-resolvers.ts')).toContainEqual(restricted('A service never imports resolvers'));
  });
});

describe('the band check of scripts/folder-graph.mjs', () => {
  test('refuses a domain importing http/, a band above it', () => {
    expect(folderGraph.upwardImport(at('signoffs/service.ts'), at('http/server.ts'))).toEqual(expect.objectContaining({ fromBand: 'domains', toBand: 'edge' }));
  });

  test("refuses audit's resolvers importing graphql/, a band above it", () => {
    expect(folderGraph.upwardImport(at('audit/resolvers.ts'), at('graphql/limits.ts'))).toEqual(
      expect.objectContaining({ fromBand: 'domains', toBand: 'edge' }),
    );
  });

  test('refuses platform importing a domain, and the edge importing the app', () => {
    expect(folderGraph.upwardImport(at('lib/deps.ts'), at('owners/store.ts'))).toEqual(expect.objectContaining({ fromBand: 'platform', toBand: 'domains' }));
    expect(folderGraph.upwardImport(at('http/server.ts'), at('runtime.ts'))).toEqual(expect.objectContaining({ fromBand: 'edge', toBand: 'app' }));
  });

  test('lets an import go down a band or stay in its own', () => {
    expect(folderGraph.upwardImport(at('webhooks/post.ts'), at('signoffs/service.ts'))).toBeNull();
    expect(folderGraph.upwardImport(at('signoffs/rules-resolvers.ts'), at('owners/store.ts'))).toBeNull();
  });
});

describe("the console's band check (scripts/folder-graph.mjs --console)", () => {
  // Named by today's paths of apps/console/src, read through scripts/console-tree-map.mjs once it is banded.
  let consoleMap: TreeMap;
  const consoleBanded = existsSync(path.join(root, 'apps/console/src/features'));
  const there = (file: string) => (consoleBanded ? (consoleMap.targetOf(file) ?? file) : file);
  beforeAll(async () => {
    consoleMap = await load<TreeMap>('console-tree-map.mjs');
    folderGraph.useTree('console');
  });
  afterAll(() => folderGraph.useTree('api'));

  test('refuses the transport importing a feature, and a shared UI part importing one', () => {
    expect(folderGraph.upwardImport(there('transport/use-result-mutation.ts'), there('session/reauthentication.tsx'))).toEqual(
      expect.objectContaining({ fromBand: 'shared', toBand: 'features' }),
    );
    expect(folderGraph.upwardImport(there('layout/modal-dialog.tsx'), there('settings/settings-page.tsx'))).toEqual(
      expect.objectContaining({ fromBand: 'shared', toBand: 'features' }),
    );
  });

  test('refuses a feature importing the shell', () => {
    expect(folderGraph.upwardImport(there('sign-offs/inbox-page.tsx'), there('lazy-pages.tsx'))).toEqual(
      expect.objectContaining({ fromBand: 'features', toBand: 'shell' }),
    );
  });

  test("lets the layout's frame use the session and settings (it is the shell's), and a feature another's parts", () => {
    expect(folderGraph.upwardImport(there('layout/layout.tsx'), there('session/session-queries.ts'))).toBeNull();
    expect(folderGraph.upwardImport(there('sign-offs/history-filters.tsx'), there('agents/agent-queries.ts'))).toBeNull();
    expect(folderGraph.upwardImport(there('sign-offs/inbox-page.tsx'), there('transport/graphql-client.ts'))).toBeNull();
  });
});
