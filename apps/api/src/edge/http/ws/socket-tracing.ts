import { randomUUID } from 'node:crypto';
import { getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { SpanStatusCode } from '@opentelemetry/api';
import type { Context } from '../../../platform/lib/context.js';
import { inSpanContext, startSocketOperationSpan, tracingOn } from '../../../platform/telemetry/spans.js';
import { nameOperationSpan, recordOperationResult } from '../../../platform/telemetry/graphql-plugin.js';
import { isAsyncIterable } from './subscription-events.js';

/**
 * graphql-ws's `execute` or `subscribe` inside a span of its own per
 * operation (spans.ts `startSocketOperationSpan`), named as over HTTP:
 * `graphql subscription SignOffEvents`, `graphql query` for an anonymous
 * one. Wrapped where the operation runs, after admission, so the span has
 * the operation's request id and its statements as children; an operation
 * refused before it runs (a cap, the document) makes none. While tracing is
 * off, `run` itself.
 */
export function tracedSocketOperation<R>(run: (args: ExecutionArgs) => R | Promise<R>): (args: ExecutionArgs) => R | Promise<R> {
  if (!tracingOn()) return run;
  return async (args) => {
    const requestId = (args.contextValue as Context | undefined)?.requestId ?? randomUUID();
    const operation = startSocketOperationSpan(requestId);
    if (!operation) return run(args);
    const { span } = operation;
    const definition = getOperationAST(args.document, args.operationName);
    if (definition) nameOperationSpan(span, definition, args.operationName);
    try {
      const result = await inSpanContext(operation, () => run(args));
      // A subscription's stream is set up: its events are executed later, each outside this span.
      if (isAsyncIterable(result)) span.setAttribute('countersign.graphql.result', 'success');
      else recordOperationResult(span, result as ExecutionResult);
      return result;
    } catch (error) {
      span.setAttribute('countersign.graphql.result', 'INTERNAL');
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  };
}
