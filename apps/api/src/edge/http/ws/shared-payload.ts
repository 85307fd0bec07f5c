import type { FormattedExecutionResult } from 'graphql-ws';
import type { ExecutionResult, GraphQLFormattedError, GraphQLError } from 'graphql';

/*
 * One serialisation per result, however many frames carry it. A group of
 * subscriptions shares one result object per event (subscription-events.ts,
 * executeOnce), and graphql-ws builds each subscriber's `next` frame, id and
 * payload, in one JSON.stringify of its own. Here the payload is serialised
 * once, the first time any subscriber of the group sends it; graphql-ws then
 * stringifies only `{ id, type, payload: <placeholder> }` and the socket
 * adapter (graphql-ws-server.ts) writes the serialised payload in place of
 * the placeholder. The bytes on the wire are exactly what graphql-ws would
 * have sent: `payload` is the message's last key, and JSON.stringify of the
 * formatted result is the same text inside the frame as outside it.
 * (JSON.rawJSON would do this without a placeholder; it is not in Node 20.)
 */

/** What the placeholder serialises to; only ever the last value of a `next` frame. */
const PLACEHOLDER = 'countersign:serialised-payload';
/** How a frame whose payload is the placeholder ends. */
const PLACEHOLDER_TAIL = `${JSON.stringify(PLACEHOLDER)}}`;

/**
 * The payload text of the placeholder stringified last. graphql-ws calls
 * JSON.stringify and then the socket's `send` in one synchronous step
 * (`socket.send(stringifyMessage(…))`), so nothing can stringify another
 * placeholder between the two.
 */
let lastPayload: string | undefined;

/** A result already serialised, standing in for the formatted result graphql-ws would stringify. */
class SerialisedResult {
  constructor(readonly json: string) {}

  /** Called by JSON.stringify when graphql-ws builds the frame. */
  toJSON(): string {
    lastPayload = this.json;
    return PLACEHOLDER;
  }
}

const serialised = new WeakMap<ExecutionResult, SerialisedResult>();
let serialisations = 0;

/**
 * How many results this process has serialised for `next` frames: tests
 * compare it before and after an event to show one serialisation per group.
 */
export function payloadSerialisations(): number {
  return serialisations;
}

/**
 * What `onNext` returns for `result`: its errors formatted by `formatError`
 * and the whole serialised once per result object (so once per group and
 * event), whichever subscriber sends it first. graphql-ws only checks that
 * a payload is an object before stringifying it, which this is.
 */
export function sharedPayload(
  result: ExecutionResult,
  formatError: (formatted: GraphQLFormattedError, error: GraphQLError) => GraphQLFormattedError,
): FormattedExecutionResult {
  let payload = serialised.get(result);
  if (!payload) {
    const { errors, ...rest } = result;
    // The same object graphql-ws would send: no `errors` key at all when there are none.
    const formatted = errors ? { ...rest, errors: errors.map((error) => formatError(error.toJSON(), error)) } : rest;
    serialisations += 1;
    payload = new SerialisedResult(JSON.stringify(formatted));
    serialised.set(result, payload);
  }
  return payload as FormattedExecutionResult;
}

/**
 * The frame to write for `frame` as graphql-ws stringified it: with the
 * serialised payload in place of the placeholder when it carries one, else
 * unchanged. Only a `next` frame built from `sharedPayload` ends with the
 * placeholder: every other payload graphql-ws sends is an object or an array.
 */
export function withSharedPayload(frame: string): string {
  if (lastPayload === undefined || !frame.endsWith(PLACEHOLDER_TAIL)) return frame;
  const json = lastPayload;
  lastPayload = undefined;
  return `${frame.slice(0, -PLACEHOLDER_TAIL.length)}${json}}`;
}
