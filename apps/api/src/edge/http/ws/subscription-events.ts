import type { DocumentNode, ExecutionArgs, ExecutionResult } from 'graphql';
import { createSourceEventStream, execute } from 'graphql';
import { SubscriberOverflowError } from '../../../platform/events/bus.js';
import { EventNotForSubscriber } from '../../../platform/events/not-for-subscriber.js';
import { createRequestLoaders } from '../../graphql/loaders.js';
import type { ConcurrencyLimit } from '../../../platform/lib/concurrency-limit.js';
import type { Context, RequestLoaders } from '../../../platform/lib/context.js';
import { principalKey } from '../../../platform/lib/principal.js';

/*
 * How a subscription's events become results on this instance: each event
 * executed once per group of like subscriptions, with reads shared per
 * principal, through the per-instance gate; and the stream cut when its
 * subscriber falls behind. The WebSocket server (websocket.ts) wires these in.
 */

export function isAsyncIterable<T>(value: unknown): value is AsyncIterable<T> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * Passes on the values `source` yields while `allowed()` holds and drops the
 * rest. When the bus dropped the subscription for falling behind, calls
 * `fellBehind` and ends. Ending it ends `source` at once, even while a
 * value is awaited (an async generator would wait for the next value first,
 * holding the bus subscription until then). (A socket whose unsent frames
 * pile up is watched where frames are written: socket-backlog.ts.)
 */
export function onlyWhile<T>(source: AsyncIterable<T>, { allowed, fellBehind }: { allowed: () => boolean; fellBehind: () => void }): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  const gated: AsyncGenerator<T> = {
    [Symbol.asyncIterator]: () => gated,
    next: async () => {
      for (;;) {
        let result: IteratorResult<T>;
        try {
          result = await iterator.next();
        } catch (error) {
          if (!(error instanceof SubscriberOverflowError)) throw error;
          fellBehind();
          return { value: undefined, done: true };
        }
        if (result.done) return result;
        if (allowed()) return result;
      }
    },
    return: async () => (await iterator.return?.()) ?? { value: undefined, done: true },
    throw: async (error) => {
      if (iterator.throw) return iterator.throw(error);
      throw error;
    },
  };
  return gated;
}

/**
 * Rows read while resolving one event, per principal: the subscriptions of
 * one principal that an event reaches share its reads (one authority read,
 * not one per subscription), and the next event reads afresh. Kept while
 * the event object is, which the bus shares among its subscribers.
 */
const eventLoaders = new WeakMap<object, Map<string, RequestLoaders>>();

function contextForEvent(ctx: Context, event: unknown): Context {
  if (!ctx.principal || typeof event !== 'object' || event === null) return ctx;
  let byPrincipal = eventLoaders.get(event);
  if (!byPrincipal) eventLoaders.set(event, (byPrincipal = new Map<string, RequestLoaders>()));
  const key = principalKey(ctx.principal);
  let loaders = byPrincipal.get(key);
  if (!loaders) byPrincipal.set(key, (loaders = createRequestLoaders(() => ctx.scope.reads)));
  return { ...ctx, loaders };
}

/** The text each admitted document was parsed from (set in onSubscribe), part of its subscriptions' group. */
export const documentTexts = new WeakMap<DocumentNode, string>();

/**
 * What decides an execution's result besides the event: the operation's
 * text and variables, and what its principal may see (tenant, owner, agent,
 * and an owner token's scope, which fields check). Subscriptions with the
 * same group get the same result for an event, so it is executed once for
 * all of them. Undefined (execute alone) when the text is unknown.
 */
function groupOf(args: ExecutionArgs): string | undefined {
  const text = documentTexts.get(args.document);
  const principal = (args.contextValue as Context).principal;
  if (text === undefined || !principal) return undefined;
  const visibility =
    principal.kind === 'agent'
      ? ['agent', principal.tenantId, principal.ownerId, principal.agentId]
      : ['owner', principal.tenantId, principal.ownerId, principal.token?.scope ?? 'all'];
  return JSON.stringify([text, args.operationName ?? null, args.variableValues ?? null, visibility]);
}

/** Each event's executions by group, while the event lives (the bus shares one event object among its subscribers). */
const eventExecutions = new WeakMap<object, Map<string, Promise<ExecutionResult>>>();

function executeOnce(event: unknown, group: string | undefined, run: () => Promise<ExecutionResult>): Promise<ExecutionResult> {
  if (group === undefined || typeof event !== 'object' || event === null) return run();
  let byGroup = eventExecutions.get(event);
  if (!byGroup) eventExecutions.set(event, (byGroup = new Map<string, Promise<ExecutionResult>>()));
  let execution = byGroup.get(group);
  if (!execution) byGroup.set(group, (execution = run()));
  return execution;
}

/** Whether a resolver found the event not to be this subscriber's (see EventNotForSubscriber): then nothing is sent. */
function notForSubscriber(result: ExecutionResult): boolean {
  return result.errors?.some((error) => error.originalError instanceof EventNotForSubscriber) ?? false;
}

/**
 * graphql-js's `subscribe`, except that each event is resolved through
 * `gate`, with a context whose loaders are that event's for the principal
 * (see `eventLoaders`), and once for all the subscriptions of its group on
 * this instance (see `groupOf`); an event a resolver finds is not the
 * subscriber's is skipped. Ending the result ends the event stream at once.
 */
export async function subscribeThroughGate(args: ExecutionArgs, gate: ConcurrencyLimit): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!isAsyncIterable<unknown>(stream)) return stream;
  const events = stream[Symbol.asyncIterator]();
  const group = groupOf(args);
  let ended = false;
  const results: AsyncGenerator<ExecutionResult> = {
    [Symbol.asyncIterator]: () => results,
    next: async () => {
      for (;;) {
        const event = await events.next();
        if (event.done || ended) return { value: undefined, done: true };
        // Shared by the group, so one member ending does not cancel it; a member that ended meanwhile just sends nothing.
        const result = await executeOnce(event.value, group, () =>
          gate(async () => execute({ ...args, rootValue: event.value, contextValue: contextForEvent(args.contextValue as Context, event.value) })),
        );
        if (ended) return { value: undefined, done: true };
        if (!notForSubscriber(result)) return { value: result, done: false };
      }
    },
    return: async () => {
      ended = true;
      await events.return?.();
      return { value: undefined, done: true };
    },
    throw: async (error) => {
      ended = true;
      await events.return?.();
      throw error;
    },
  };
  return results;
}
