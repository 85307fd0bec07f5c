// The project's lint: typed TypeScript rules everywhere, plus rules that encode
// the architecture (docs/conventions.md) so that layering is kept by a tool,
// not by memory. `pnpm lint` runs it; `pnpm test` runs `pnpm lint` first.
import js from '@eslint/js';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { CUT, FOLDERS } from './scripts/tree-map.mjs';

/**
 * The API's domain folders, read from the tree: every folder under
 * apps/api/src/domains/ once the tree is banded (scripts/tree-map.mjs), and
 * until that move lands the folders the map sends there. Each holds
 * resolvers → service → store for one subsystem (signoffs/ with sub-domains).
 */
const SRC = path.join(import.meta.dirname, 'apps/api/src');
const BANDED = existsSync(path.join(SRC, 'domains'));
const DOMAINS = BANDED
  ? readdirSync(path.join(SRC, 'domains'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `domains/${entry.name}`)
  : [...Object.keys(FOLDERS).filter((folder) => FOLDERS[folder].startsWith('domains/')), ...CUT];
/** Folders below the edge that are not domains and must not reach graphql/ either (before the move: the old hand-written list's extras). */
const BELOW_EDGE = BANDED ? ['jobs', 'delivery', 'platform'] : ['auth', 'idempotency', 'notifications', 'outbox', 'sweeper', 'heartbeats', 'webhooks'];
/** lib/, db/, the outbox and the webhook transport know no domain. */
const NEUTRAL = BANDED
  ? ['platform/lib/**/*.ts', 'platform/db/**/*.ts', 'delivery/outbox/**/*.ts', 'delivery/webhooks/post.ts', 'delivery/webhooks/pinned-lookup.ts']
  : ['lib/**/*.ts', 'db/**/*.ts', 'outbox/**/*.ts', 'webhooks/post.ts', 'webhooks/pinned-lookup.ts'];
const api = (glob) => `apps/api/src/${glob}`;
const inDomains = (glob) => DOMAINS.map((domain) => api(`${domain}/${glob}`));
const nameOf = (domain) => domain.split('/').pop();

/** `graphql/` assembles every resolver, so a domain importing it would close a loop. */
const NO_GRAPHQL = {
  regex: '^(\\.\\./)+(edge/)?graphql/',
  message: 'A domain never imports graphql/ (it assembles the domains); shared errors and context types live in lib/.',
};
/** Stores sit at the bottom of a domain: rules and wiring above them, never below. */
const STORE_STAYS_LOW = {
  regex: '(^|/)([a-z-]+-)?(service|resolvers)(\\.js)?$',
  message: 'A store never imports a service or resolvers: stores are the bottom layer above db/.',
};
/** Services hold the rules resolvers call; a service reaching resolvers would call upwards. */
const SERVICE_BELOW_RESOLVERS = {
  regex: '(^|/)([a-z-]+-)?resolvers(\\.js)?$',
  message: 'A service never imports resolvers: resolvers call services, not the other way.',
};
/** A resolver reaches another domain through that domain's service, which holds its rules. */
function noForeignStore(domain) {
  const others = DOMAINS.filter((other) => other !== domain).map(nameOf);
  return {
    regex: `^(\\.\\./)+(domains/)?(${others.join('|')})/([a-z-]+/)*([a-z-]+-)?store(\\.js)?$`,
    message: "A resolver never imports another domain's store: call that domain's service.",
  };
}

function restricted(...patterns) {
  return { 'no-restricted-imports': ['error', { patterns }] };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/reports/**',
      '**/.stryker-tmp/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/generated/**',
      'apps/console/src/gql/**',
      'packages/client/src/gql/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x never reads a .ts dependency, and no-cycle silently checks nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Apollo's plugin hooks and async iterators' `return` must return promises by their interfaces, with or without an await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Layering of the API (docs/conventions.md). ESLint keeps only the last
  // `no-restricted-imports` that matches a file, so each block lists every
  // pattern that applies to its files.
  // Tests may reach across layers to set a scene (a whole schema, another domain's rows).
  { files: [...inDomains('**/*.ts'), ...BELOW_EDGE.map((folder) => api(`${folder}/**/*.ts`))], ignores: ['**/*.test.ts'], rules: restricted(NO_GRAPHQL) },
  ...DOMAINS.map((domain) => ({ files: [api(`${domain}/**/*resolvers.ts`)], rules: restricted(NO_GRAPHQL, noForeignStore(domain)) })),
  { files: [api('**/*service.ts')], rules: restricted(NO_GRAPHQL, SERVICE_BELOW_RESOLVERS) },
  { files: [api('**/*store.ts')], rules: restricted(NO_GRAPHQL, STORE_STAYS_LOW) },
  {
    files: NEUTRAL.map(api),
    rules: restricted({
      regex: `^(\\.\\./)+((domains|edge|app|jobs)/|(${DOMAINS.map(nameOf).join('|')}|graphql|http)/)`,
      message: 'lib/, db/, the outbox and the webhook transport are neutral: they import no domain, graphql/ or http/.',
    }),
  },
  {
    files: ['apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restricted({
        // The package name, or a relative path that climbs into apps/api.
        regex: '^(@countersign/api(/|$)|(\\.\\./)+(apps/)?api(/|$)|.*/apps/api(/|$))',
        message: 'The console talks to the API over GraphQL only, never by importing it.',
      }),
    },
  },
  prettier,
);
