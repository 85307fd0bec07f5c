import type { ApolloServerPlugin } from '@apollo/server';
import { context, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { Kind, type OperationDefinitionNode } from 'graphql';
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
            if (operation) nameOperationSpan(span, operation, operationName);
          },
          async willSendResponse({ response }) {
            if (response.body.kind === 'single') recordOperationResult(span, response.body.singleResult);
          },
        };
      },
    },
  ];
}

/** An operation's result as Apollo sends it or graphql-js returns it: only its data and its errors' codes are read. */
type OperationResult = { data?: Record<string, unknown> | null; errors?: readonly { extensions?: Record<string, unknown> }[] };

/**
 * Names an operation's span `graphql <type> <name>`, or `graphql <type>` for
 * an anonymous operation, over HTTP and WebSocket alike, with its type, name
 * and root field names (bounded by the schema, never the document's text).
 */
export function nameOperationSpan(span: Span, operation: OperationDefinitionNode, operationName: string | null | undefined): void {
  const name = operationName ?? operation.name?.value;
  const rootFields = operation.selectionSet.selections.map((selection) => (selection.kind === Kind.FIELD ? selection.name.value : '...'));
  span.setAttributes({
    'graphql.operation.type': operation.operation,
    'graphql.operation.name': name ?? '',
    'countersign.graphql.root_fields': rootFields,
  });
  span.updateName(`graphql ${operation.operation}${name ? ` ${name}` : ''}`);
}

/** Records an operation's result on its span; a fault of ours or of the database marks it, a client's mistake or a domain refusal does not. */
export function recordOperationResult(span: Span, result: OperationResult): void {
  const code = resultOf(result);
  span.setAttribute('countersign.graphql.result', code);
  if (code === 'INTERNAL' || code === 'UNAVAILABLE') span.setStatus({ code: SpanStatusCode.ERROR });
}

/** `success`, the code of a domain error a root field returned (`… on DomainError { code }`), or the first error's code. */
function resultOf(result: OperationResult): string {
  const code = result.errors?.[0]?.extensions?.code;
  if (result.errors?.length) return typeof code === 'string' ? code : 'INTERNAL';
  for (const value of Object.values(result.data ?? {})) {
    const domainCode = value && typeof value === 'object' ? (value as { code?: unknown }).code : undefined;
    if (typeof domainCode === 'string') return domainCode;
  }
  return 'success';
}
