import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One codegen for the one SDL: resolver types for the API, typed documents for
 * the console. `pnpm codegen:check` (part of `pnpm test`) fails when either
 * is stale.
 */
const config: CodegenConfig = {
  schema: 'src/*.graphql',
  documents: ['../../apps/console/src/**/*.{ts,tsx}', '!../../apps/console/src/gql/**'],
  ignoreNoDocuments: true,
  config: { scalars: { DateTime: 'string', JSON: 'unknown', Amount: 'number' } },
  generates: {
    '../../apps/api/src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../lib/context.js#Context',
        useTypeImports: true,
        enumsAsTypes: true,
        resolversNonOptionalTypename: { unionMember: true, interfaceImplementingType: true },
        scalars: { DateTime: { input: 'string', output: 'Date | string' }, JSON: 'unknown', Amount: { input: 'number', output: 'number | bigint' } },
        mappers: {
          Owner: '../owners/store.js#OwnerRow',
          Agent: '../agents/store.js#AgentRow',
          Tenant: '../owners/store.js#TenantRow',
          Repository: '../repositories/store.js#RepositoryRow',
          SignOff: '../signoffs/store.js#SignOffRow',
          Authority: '../authorities/store.js#AuthorityView',
          Receipt: '../authorities/store.js#ReceiptRow',
          Drawn: '../authorities/store.js#DrawnResult',
          Manifest: '../registry/store.js#ManifestRow',
          SigningKey: '../registry/store.js#SigningKeyRow',
        },
      },
    },
    '../../apps/console/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumsAsTypes: true, nonOptionalTypename: true },
    },
  },
};

export default config;
