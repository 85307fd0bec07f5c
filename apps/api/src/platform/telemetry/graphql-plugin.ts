import type { ApolloServerPlugin } from '@apollo/server';
import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { Kind } from 'graphql';
import { tracingOn } from './spans.js';

/**
 * Names the GraphQL span (made around Apollo's handler, spans.ts) once Apollo
 * has resolved the operation, and records its result: `success`, the domain
 * error code a root field returned, or the first error's code. Only the
 * operation's type, name and root field names are recorded, never its
 * variables or document. Installed only while tracing is on.
 */
export function graphqlSpanPlugins(): ApolloServerPlugin[] {
  if (!tracingOn()) return [];
  return [
    {
      async requestDidStart() {
        const span = trace.getSpan(context.active());
        if (!span) return undefined;
        return {
          async didResolveOperation({ operation, operationName }) {
            if (!operation) return;
            const rootFields = operation.selectionSet.selections.map((selection) => (selection.kind === Kind.FIELD ? selection.name.value : '...'));
            span.setAttributes({
              'graphql.operation.type': operation.operation,
              'graphql.operation.name': operationName ?? '',
              'countersign.graphql.root_fields': rootFields,
            });
            span.updateName(`graphql ${operation.operation}${operationName ? ` ${operationName}` : ''}`);
          },
          async willSendResponse({ response }) {
            if (response.body.kind !== 'single') return;
            const result = resultOf(response.body.singleResult);
            span.setAttribute('countersign.graphql.result', result);
            // A fault of ours or of the database marks the span; a client's mistake or a domain refusal does not.
            if (result === 'INTERNAL' || result === 'UNAVAILABLE') span.setStatus({ code: SpanStatusCode.ERROR });
          },
        };
      },
    },
  ];
}

/** `success`, the code of a domain error a root field returned (`… on DomainError { code }`), or the first error's code. */
function resultOf(result: { data?: Record<string, unknown> | null; errors?: readonly { extensions?: Record<string, unknown> }[] }): string {
  const code = result.errors?.[0]?.extensions?.code;
  if (result.errors?.length) return typeof code === 'string' ? code : 'INTERNAL';
  for (const value of Object.values(result.data ?? {})) {
    const domainCode = value && typeof value === 'object' ? (value as { code?: unknown }).code : undefined;
    if (typeof domainCode === 'string') return domainCode;
  }
  return 'success';
}
