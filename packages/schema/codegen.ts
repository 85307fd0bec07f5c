import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One codegen for the one SDL: resolver types for the API, typed documents for
 * the console and for the agent client. `pnpm codegen:check` (part of
 * `pnpm test`) fails when any is stale. Documents are given per target: the
 * console and the client each type only their own (and may reuse names).
 */
const config: CodegenConfig = {
  schema: 'src/*.graphql',
  ignoreNoDocuments: true,
  // Generated files import each other with `.js`, as Node's module resolution
  // (the client's) needs; the console's bundler resolution accepts it too.
  emitLegacyCommonJSImports: false,
  config: { scalars: { DateTime: 'string', JSON: 'unknown', Amount: 'number' } },
  generates: {
    '../../apps/api/src/generated/graphql.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        contextType: '../platform/lib/context.js#Context',
        useTypeImports: true,
        enumsAsTypes: true,
        resolversNonOptionalTypename: { unionMember: true, interfaceImplementingType: true },
        scalars: { DateTime: { input: 'string', output: 'Date | string' }, JSON: 'unknown', Amount: { input: 'number', output: 'number | bigint' } },
        mappers: {
          Owner: '../domains/owners/store.js#OwnerRow',
          OwnerInvitation: '../domains/owners/invitations-store.js#InvitationRow',
          Agent: '../domains/agents/store.js#AgentRow',
          Tenant: '../domains/owners/store.js#TenantRow',
          Repository: '../domains/repositories/store.js#RepositoryRow',
          SignOff: '../domains/signoffs/store.js#SignOffRow',
          SignOffApproval: '../domains/signoffs/two-person/two-person-store.js#SignOffApprovalRow',
          ApprovalPolicy: '../domains/signoffs/two-person/approval-policies.js#ApprovalPolicyView',
          SignOffRule: '../domains/signoffs/rules/rules-store.js#SignOffRuleRow',
          RuleConstraint: '../domains/signoffs/rules/rule-terms.js#StoredConstraint',
          Authority: '../domains/authorities/store.js#AuthorityView',
          Receipt: '../domains/authorities/store.js#ReceiptRow',
          Drawn: '../domains/authorities/store.js#DrawnResult',
          Manifest: '../domains/registry/store.js#ManifestRow',
          SigningKey: '../domains/registry/store.js#SigningKeyRow',
          Operation: '../domains/operations/view.js#OperationView',
          WebhookEndpoint: '../delivery/notifications/endpoints-store.js#EndpointRow',
          WebhookDelivery: '../delivery/notifications/endpoints-store.js#EndpointDeliveryRow',
          PushDevice: '../delivery/notifications/push/devices-store.js#PushDeviceRow',
        },
      },
    },
    '../../apps/console/src/gql/': {
      documents: ['../../apps/console/src/**/*.{ts,tsx}', '!../../apps/console/src/gql/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      // Documents as text, as the agent client has them: nothing parses or prints GraphQL in the browser,
      // so graphql-js stays out of the console's first load.
      config: { useTypeImports: true, enumsAsTypes: true, nonOptionalTypename: true, documentMode: 'string' },
    },
    // The agent client sends documents as text (no graphql-js parse or print
    // at run time); its types hold `__typename` only where a document selects
    // it, and selected nullable fields as present (the wire carries them, as null).
    '../../packages/client/src/gql/': {
      documents: ['../../packages/client/src/**/*.ts', '!../../packages/client/src/gql/**'],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        documentMode: 'string',
        skipTypename: true,
        avoidOptionals: { field: true },
      },
    },
  },
};

export default config;
