/**
 * Transport failures in words an owner understands. The console never shows
 * "The server answered 500 without a GraphQL body": it says what happened
 * and what to do, and keeps the technical wording as `detail` for a
 * "Details" disclosure (and for whoever reports the problem).
 */

/** What went wrong between the console and the API, as `request` observed it. */
export type TransportFailure =
  /** The browser knows it has no network; nothing was sent. */
  | { kind: 'offline' }
  /** The request was under way when the network went; it may or may not have reached the API. */
  | { kind: 'disconnected'; cause: string }
  /** `fetch` itself failed: DNS, refused connection, dropped network, blocked request. */
  | { kind: 'unreachable'; cause: string }
  /** No answer within the console's deadline; the request may still have run. */
  | { kind: 'timeout'; seconds: number }
  /** An HTTP answer that is not GraphQL (a proxy's error page, an empty body). */
  | { kind: 'http'; status: number }
  /** A GraphQL error the API answered with, `code` from its closed enum. */
  | { kind: 'graphql'; status: number; code: string | undefined; message: string }
  /** A GraphQL answer with neither data nor errors. */
  | { kind: 'no-data'; status: number };

export interface PlainError {
  /** One or two sentences for the owner, ending with a full stop. */
  message: string;
  /** The technical account, for a "Details" disclosure. */
  detail: string;
}

const SERVER_PROBLEM = 'Countersign had a problem on its side. Try again in a moment.';
const MAYBE_TOOK_EFFECT = 'If you were changing something, check whether it took effect before trying again.';
const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';
const BUSY = 'Countersign is busy right now. Try again in a moment.';
const TOO_LARGE = 'What you sent is too large for Countersign to accept. Shorten it and try again.';

/** The owner's sentence and the technical detail for one failure. */
export function describeFailure(failure: TransportFailure): PlainError {
  switch (failure.kind) {
    case 'offline':
      return {
        message: 'You are offline, so nothing was sent. Reconnect, then try again.',
        detail: 'The browser reports no network connection (navigator.onLine is false).',
      };
    case 'disconnected':
      return {
        message: `Your connection dropped while this was being sent. ${MAYBE_TOOK_EFFECT}`,
        detail: `The request to /graphql failed and the browser reports no network: ${failure.cause}`,
      };
    case 'unreachable':
      return {
        message: 'Countersign cannot be reached. Check your connection, or try again in a moment.',
        detail: `The request to /graphql failed before any answer: ${failure.cause}`,
      };
    case 'timeout':
      return {
        message: `Countersign did not answer within ${failure.seconds} seconds. ${MAYBE_TOOK_EFFECT}`,
        detail: `No answer from /graphql after ${failure.seconds} s; the request was abandoned.`,
      };
    case 'http':
      return { message: byStatus(failure.status) ?? SERVER_PROBLEM, detail: `The server answered HTTP ${failure.status} without a GraphQL body.` };
    case 'no-data':
      return { message: SERVER_PROBLEM, detail: `The server answered HTTP ${failure.status} with neither data nor errors.` };
    case 'graphql':
      return { message: byCode(failure), detail: `${failure.code ?? 'No error code'} (HTTP ${failure.status}): ${failure.message}` };
  }
}

/** An answer that is not GraphQL, read by its status alone. */
function byStatus(status: number): string | undefined {
  if (status === 401) return SESSION_ENDED;
  if (status === 413) return TOO_LARGE;
  if (status === 429) return BUSY;
  if (status === 408 || status === 504) return `Countersign took too long to answer. ${MAYBE_TOOK_EFFECT}`;
  if (status >= 500) return SERVER_PROBLEM;
  if (status >= 400) return 'Countersign could not accept this request. Reload the page and try again.';
  return undefined;
}

/**
 * A GraphQL error. The API words its domain errors for people already
 * ("No sign-off request with this id."), so those pass through; the codes
 * that carry an operator's wording, or none, get the owner's sentence.
 */
function byCode({ code, message, status }: Extract<TransportFailure, { kind: 'graphql' }>): string {
  switch (code) {
    case 'UNAUTHENTICATED':
      return SESSION_ENDED;
    case 'RATE_LIMITED':
      return BUSY;
    case 'UNAVAILABLE':
      return `Countersign cannot reach its database right now. ${MAYBE_TOOK_EFFECT}`;
    case 'INTERNAL':
      return SERVER_PROBLEM;
  }
  if (status === 413) return TOO_LARGE;
  if (code === undefined) return byStatus(status) ?? SERVER_PROBLEM;
  return sentence(message);
}

/** The API's message as a sentence: PageError appends it after "Could not load x." */
function sentence(message: string): string {
  const trimmed = message.trim();
  if (trimmed === '') return SERVER_PROBLEM;
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** The technical detail behind an error, when the transport kept one. */
export function errorDetail(error: Error): string | undefined {
  return 'detail' in error && typeof error.detail === 'string' ? error.detail : undefined;
}

/** `fetch` rejects with a `TimeoutError` when its `AbortSignal.timeout` runs out. */
export function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'TimeoutError';
}

/** Why `fetch` rejected, from the error and whether the browser thinks it is online now. */
export function fetchFailure(error: unknown, online: boolean, timeoutSeconds: number): TransportFailure {
  if (isTimeout(error)) return { kind: 'timeout', seconds: timeoutSeconds };
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return online ? { kind: 'unreachable', cause } : { kind: 'disconnected', cause };
}
