import type { ApolloServerPlugin } from '@apollo/server';
import { getArgumentValues, getVariableValues, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { checkReceiptPage } from './service.js';

/**
 * Checks every `Authority.receipts(first, after)` in an operation before any
 * of it runs. A mutation's answer can select receipts (`drawAuthority` →
 * `Drawn.authority.receipts`): checked only when that field resolved, a bad
 * `first` would be refused after the draw had committed — a 400 for a write
 * that happened. Checked here, the whole request is refused and nothing runs.
 */
export function receiptPageArgumentsPlugin(): ApolloServerPlugin {
  return {
    requestDidStart: async () => ({
      didResolveOperation: async ({ schema, document, operation, request }) => {
        // The field's name is in the text wherever it is selected: most requests skip the walk.
        if (!operation || !request.query?.includes('receipts')) return;
        const variables = getVariableValues(schema, operation.variableDefinitions ?? [], request.variables ?? {}, { maxErrors: 1 });
        // Malformed variables are refused by Apollo itself, with its own message.
        if (variables.errors) return;
        const typeInfo = new TypeInfo(schema);
        visit(
          document,
          visitWithTypeInfo(typeInfo, {
            Field(node) {
              const field = typeInfo.getFieldDef();
              if (typeInfo.getParentType()?.name !== 'Authority' || node.name.value !== 'receipts' || !field) return;
              const args = getArgumentValues(field, node, variables.coerced) as { first?: number; after?: string | null };
              checkReceiptPage(args.first ?? 20, args.after);
            },
          }),
        );
      },
    }),
  };
}
