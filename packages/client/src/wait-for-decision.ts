import { SIGN_OFF_EVENTS } from './documents.js';
import { graphQLErrorsError } from './answers.js';
import { CountersignError, isCountersignError } from './errors.js';
import type { SignOffEventsSubscription } from './gql/graphql.js';
import type { Client } from 'graphql-ws';
import type { LiveSocket } from './live-socket.js';
import { isDecided, type SignOff } from './types.js';

/** How `waitForDecision` spaces its reads when it has to poll: doubling from the first to the last. */
const POLL_FIRST_INTERVAL_MS = 500;
const POLL_MAX_INTERVAL_MS = 10_000;

/** Bounds on one `waitForDecision` call. */
export interface WaitForDecisionOptions {
  /**
   * Give up after this long with a `TIMEOUT` error. The request itself stays
   * pending (until its own expiry); waiting again later is fine.
   */
  timeoutMs?: number;
  /** Stops waiting when aborted; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** Why a wait polls: no WebSocket implementation here, or the WebSocket could not connect. */
export type PollingCause = 'no-websocket' | 'cannot-connect';

/** The warning an agent gives (once) when its waits poll: why, and what would let them listen on `socketUrl`. */
export function pollingWarning(cause: PollingCause, socketUrl: string): string {
  return cause === 'no-websocket'
    ? 'Countersign: no WebSocket is available (Node.js 20 has none built in), so waitForDecision polls the API instead of listening. Install the optional "ws" package, or pass webSocketImpl, to be told of decisions at once.'
    : `Countersign: could not listen on ${socketUrl}, so waitForDecision polls the API instead (every 0.5 s to 10 s). A proxy that does not pass WebSocket upgrades is the usual cause.`;
}

/** What a wait needs of its agent. */
export interface WaitContext {
  live: LiveSocket;
  readSignOff(id: string): Promise<SignOff | null>;
  /** Rejecters of the waits in progress: the agent's `close()` ends them. */
  waits: Set<(error: CountersignError) => void>;
  /** Told each time a wait falls back to polling (the agent warns once). */
  onPolling(cause: PollingCause): void;
}

/**
 * Resolves with the request once the owner's decision is in (`isDecided`:
 * final, or approved and now up to the agent or the owner's endpoint). It listens on
 * `signOffEvents(id)` and reads the request once the subscription is sent,
 * and again after every reconnection, so a decision that landed before (or
 * while the socket was down) is not missed. Only if the WebSocket cannot
 * connect (or no implementation is available) does it poll instead, backing
 * off from 0.5 s to 10 s between reads.
 */
export function waitForDecision(context: WaitContext, id: string, { timeoutMs, signal }: WaitForDecisionOptions): Promise<SignOff> {
  return new Promise<SignOff>((resolve, reject) => {
    // Like fetch, an abort rejects with the signal's own reason, whatever the caller made it.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the reason is the caller's, passed on as given
    if (signal?.aborted) return reject(signal.reason);
    const wait = startWait(context, id, resolve, reject);
    bound(wait, timeoutMs, signal);
    // Finding the WebSocket constructor is the one step that awaits; it does not fail (none found means polling).
    listen(wait).catch(wait.fail);
  });
}

/** One wait in progress: it settles once, and settling runs every cleanup it gathered. */
interface Wait {
  readonly context: WaitContext;
  readonly id: string;
  settled: boolean;
  polling: boolean;
  stopListening: () => void;
  readonly cleanups: (() => void)[];
  readonly fail: (error: unknown) => void;
  readonly consider: (signOff: SignOff | null) => void;
}

function startWait(context: WaitContext, id: string, resolve: (signOff: SignOff) => void, reject: (reason: unknown) => void): Wait {
  const settle = (outcome: () => void) => {
    if (wait.settled) return;
    wait.settled = true;
    for (const cleanup of wait.cleanups.splice(0)) cleanup();
    outcome();
  };
  const wait: Wait = {
    context,
    id,
    settled: false,
    polling: false,
    stopListening: () => undefined,
    cleanups: [],
    // Errors of ours are Errors; an abort passes the signal's reason on as given (see above).
    fail: (error) => settle(() => reject(error)),
    consider: (signOff) => {
      if (!signOff) wait.fail(new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`));
      else if (isDecided(signOff)) settle(() => resolve(signOff));
    },
  };
  return wait;
}

function later(wait: Wait, run: () => void, ms: number): void {
  if (wait.settled) return;
  const timer = setTimeout(run, ms);
  wait.cleanups.push(() => clearTimeout(timer));
}

/** Ends the wait on the agent's `close()`, on the caller's abort, and after `timeoutMs`. */
function bound(wait: Wait, timeoutMs: number | undefined, signal: AbortSignal | undefined): void {
  const { context, cleanups, fail, id } = wait;
  context.waits.add(fail);
  cleanups.push(() => context.waits.delete(fail));
  if (signal) {
    const onAbort = () => fail(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    cleanups.push(() => signal.removeEventListener('abort', onAbort));
  }
  if (timeoutMs !== undefined) {
    later(wait, () => fail(new CountersignError('TIMEOUT', `Sign-off ${id} was not decided within ${timeoutMs} ms; it may still be.`)), timeoutMs);
  }
}

function pollUntilDecided(wait: Wait, cause: PollingCause): void {
  if (wait.settled || wait.polling) return;
  wait.polling = true;
  wait.context.onPolling(cause);
  wait.stopListening();
  let interval = POLL_FIRST_INTERVAL_MS;
  const poll = async () => {
    try {
      wait.consider(await wait.context.readSignOff(wait.id));
    } catch (error) {
      // An unreachable server may come back; a refusal (revoked key, unknown id) will not.
      if (!isCountersignError(error, 'TRANSPORT')) return wait.fail(error);
    }
    later(wait, () => void poll(), interval);
    interval = Math.min(interval * 2, POLL_MAX_INTERVAL_MS);
  };
  void poll();
}

async function read(wait: Wait): Promise<void> {
  try {
    wait.consider(await wait.context.readSignOff(wait.id));
  } catch (error) {
    if (isCountersignError(error, 'TRANSPORT')) pollUntilDecided(wait, 'cannot-connect');
    else wait.fail(error);
  }
}

// A zero timeout runs after graphql-ws has sent the subscribe message (it does so in
// microtasks after connecting), so the read cannot overtake the subscription.
const readAfterSubscribing = (wait: Wait) => later(wait, () => void read(wait), 0);

async function listen(wait: Wait): Promise<void> {
  const client = await wait.context.live.client();
  if (wait.settled) return;
  if (!client) return pollUntilDecided(wait, 'no-websocket');
  subscribe(wait, client);
}

function subscribe(wait: Wait, client: Client): void {
  const { context, cleanups, fail } = wait;
  // Whether a connection attempt made while this wait listens has not succeeded yet:
  // only then does a closed socket mean "cannot connect" rather than "reconnecting".
  let attempting = context.live.state === 'connecting';
  cleanups.push(
    client.on('connecting', () => {
      attempting = true;
    }),
    client.on('connected', () => {
      attempting = false;
      readAfterSubscribing(wait);
    }),
    client.on('closed', () => {
      if (attempting) pollUntilDecided(wait, 'cannot-connect');
    }),
  );
  wait.stopListening = client.subscribe<SignOffEventsSubscription>(
    { query: SIGN_OFF_EVENTS.toString(), variables: { id: wait.id } },
    {
      next: (result) => {
        if (result.errors?.length) fail(graphQLErrorsError(result.errors));
        else if (result.data) wait.consider(result.data.signOffEvents.signOff);
      },
      // GraphQL errors (an unknown id, a refused key) are final; a socket that gave up is not.
      error: (error) => (Array.isArray(error) ? fail(graphQLErrorsError(error)) : pollUntilDecided(wait, 'cannot-connect')),
      complete: () => pollUntilDecided(wait, 'cannot-connect'),
    },
  );
  cleanups.push(wait.stopListening);
  if (context.live.state === 'open') readAfterSubscribing(wait);
}
