import {
  context,
  createContextKey,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';

/**
 * The spans Countersign makes, by hand, where its own code already marks the
 * boundaries: a request, its GraphQL operation, each named SQL statement, each
 * delivery. No library is patched. While tracing is off (no collector
 * configured) `tracer` stays unset and every function here returns at its
 * first line: no span objects, no context manager, no async hooks.
 *
 * What a span may carry is decided here and nowhere else: method, route
 * class, status, operation type and name, root fields, result codes,
 * statement names, delivery channel and attempt, the request id. Never a
 * query string, header, cookie, variable, SQL parameter, SQL text, URL of a
 * receiver or error message (a message can quote a value).
 */
let tracer: Tracer | undefined;

let flush: () => Promise<void> = async () => undefined;

/** Set by start.ts once the SDK is registered, with what exports the last spans at the stop. */
export function useTracer(active: Tracer, shutdown: () => Promise<void>): void {
  tracer = active;
  flush = shutdown;
}

/** The last step of a stop (instance.ts): exports the spans still queued. Nothing to do while tracing is off. */
export async function stopTracing(): Promise<void> {
  tracer = undefined;
  await flush();
}

export function tracingOn(): boolean {
  return tracer !== undefined;
}

/** The request's id on every span of the request (the `x-request-id` answered and logged). */
export const REQUEST_ID_ATTRIBUTE = 'countersign.request_id';
const REQUEST_ID = createContextKey(REQUEST_ID_ATTRIBUTE);

/** A request's span and the context its children start from. */
export interface RequestTrace {
  span: Span;
  context: Context;
  traceId: string;
}

/**
 * The server span of one HTTP request. A request is always the root of its
 * trace: a `traceparent` from the public is not trusted to choose the trace
 * (or to turn sampling off for its own requests).
 */
export function startRequestSpan(method: string, route: string, requestId: string): RequestTrace | undefined {
  if (!tracer) return undefined;
  const span = tracer.startSpan(
    `${method} ${route}`,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'http.route': route, [REQUEST_ID_ATTRIBUTE]: requestId } },
    ROOT_CONTEXT,
  );
  return { span, context: trace.setSpan(ROOT_CONTEXT, span).setValue(REQUEST_ID, requestId), traceId: span.spanContext().traceId };
}

/** Ends a request's span with its status; `aborted` when the client left before the answer was written. */
export function endRequestSpan(request: RequestTrace, status: number, aborted: boolean): void {
  request.span.setAttribute('http.response.status_code', status);
  if (aborted) request.span.setAttribute('countersign.aborted', true);
  if (status >= 500) request.span.setStatus({ code: SpanStatusCode.ERROR });
  request.span.end();
}

/**
 * Runs `work` (Apollo's handler) inside the GraphQL operation's span, a child
 * of the request's: everything the operation awaits (authentication,
 * resolvers, statements) sees it as the active span. The operation's type,
 * name and result are added by `graphqlSpanPlugin` once Apollo knows them.
 */
export function inGraphqlSpan<T>(request: RequestTrace, work: () => Promise<T>): Promise<T> {
  const span = tracer!.startSpan(
    'graphql',
    { kind: SpanKind.INTERNAL, attributes: { [REQUEST_ID_ATTRIBUTE]: request.context.getValue(REQUEST_ID) as string } },
    request.context,
  );
  return context.with(trace.setSpan(request.context, span), async () => {
    try {
      return await work();
    } finally {
      span.end();
    }
  });
}

/**
 * The span of one GraphQL operation over a WebSocket: the root of its own
 * trace (there is no HTTP request around it), a server span, named like
 * its HTTP sibling once the operation is known (graphql-plugin.ts). A
 * query or mutation ends when its result is out; a subscription when its
 * event stream is set up, so it is exported while the subscription runs on
 * (each event's execution is not part of it).
 */
export function startSocketOperationSpan(requestId: string): RequestTrace | undefined {
  if (!tracer) return undefined;
  const span = tracer.startSpan('graphql', { kind: SpanKind.SERVER, attributes: { [REQUEST_ID_ATTRIBUTE]: requestId } }, ROOT_CONTEXT);
  return { span, context: trace.setSpan(ROOT_CONTEXT, span).setValue(REQUEST_ID, requestId), traceId: span.spanContext().traceId };
}

/** Runs `work` with `operation`'s span active, so the statements it runs are its children. */
export function inSpanContext<T>(operation: RequestTrace, work: () => T): T {
  return context.with(operation.context, work);
}

/** A statement's name: its leading `/* name *\/` comment (every statement of ours opens with one). */
export function statementName(text: string): string {
  return /^\s*\/\*\s*([\w.:-]{1,80})\s*\*\//.exec(text)?.[1] ?? 'unnamed';
}

/**
 * A client span for one SQL statement, named by its comment, when it runs
 * inside a traced request or delivery that is still open. Statements outside
 * any span (the outbox's idle polls, the sweeper) make none: a trace per
 * poll would bury the ones that matter.
 */
export function inStatementSpan<T>(text: string, work: () => Promise<T>): Promise<T> {
  const parent = context.active();
  // Work a request left behind (a timer it armed, such as the draw announcer's batch) runs after its span ended: not part of it.
  if (!tracer || trace.getSpan(parent)?.isRecording() !== true) return work();
  const name = statementName(text);
  const attributes: Attributes = { 'db.system': 'postgresql', 'db.system.name': 'postgresql', 'db.query.summary': name };
  const requestId = parent.getValue(REQUEST_ID);
  if (typeof requestId === 'string') attributes[REQUEST_ID_ATTRIBUTE] = requestId;
  const span = tracer.startSpan(`db ${name}`, { kind: SpanKind.CLIENT, attributes }, parent);
  return work().then(
    (result) => {
      span.end();
      return result;
    },
    (error: unknown) => {
      // The SQLSTATE only: PostgreSQL's messages quote values ("Key (email)=(…) already exists").
      const code = (error as { code?: unknown } | undefined)?.code;
      span.setAttribute('error.type', typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : 'error');
      span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      throw error;
    },
  );
}

/**
 * One outbox delivery (webhook, endpoint, email, push, digest, fan-out) as
 * the root of its own trace: it runs after the request that wrote it has
 * answered. Its statements and the send are its children.
 */
export function inDeliverySpan<T>(channel: string, attempt: number, work: () => Promise<T>): Promise<T> {
  if (!tracer) return work();
  return tracer.startActiveSpan(
    `deliver ${channel}`,
    { kind: SpanKind.PRODUCER, attributes: { 'countersign.delivery.channel': channel, 'countersign.delivery.attempt': attempt } },
    ROOT_CONTEXT,
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/**
 * Runs `work` outside any trace: background work a request only sets going
 * (waking the outbox worker) is not part of that request's trace.
 */
export function detached<T>(work: () => T): T {
  return tracer ? context.with(ROOT_CONTEXT, work) : work();
}

/** Adds attributes to the active span (a delivery's outcome), when there is one. */
export function annotateSpan(attributes: Attributes): void {
  if (!tracer) return;
  trace.getSpan(context.active())?.setAttributes(attributes);
}

/**
 * Pino's mixin while tracing is on: every line written inside a traced
 * request or delivery carries its `trace_id` and `span_id`, so a log line
 * leads to its trace and back (the request's lines carry `requestId` already).
 */
export function traceLogFields(fields: object): Record<string, string> {
  if ('trace_id' in fields) return {};
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
