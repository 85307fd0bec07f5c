import { CountersignError, isCountersignError, isDecided, type CountersignAgent, type DecisionWaiter, type SignOff } from '@countersign/mcp';
import type { EventBus } from '../../platform/events/bus.js';
import type { AgentPrincipal } from '../../platform/lib/principal.js';
import { PrincipalConcurrency } from './principal-concurrency.js';
import { DEFAULT_MCP_MAX_WAITS_PER_AGENT } from '../../platform/config/request-bounds.js';

/*
 * `wait_for_decision` on `/mcp`: each wait holds its MCP request open for as
 * long as it lasts (up to an hour), but no database connection and none of
 * the agent's 8 requests in flight. So waits have their own bound per agent
 * per process, and listen on this process's event bus instead of a
 * WebSocket back to itself.
 */

/** The open waits of every agent on this process, each agent's bounded by `limit`. */
export class McpWaits {
  private readonly open: PrincipalConcurrency;

  constructor(readonly limit: number = DEFAULT_MCP_MAX_WAITS_PER_AGENT) {
    this.open = new PrincipalConcurrency(limit);
  }

  /** A place for one wait of `agent`, with the function that gives it back (once), or undefined when it holds `limit`. */
  admit(agent: AgentPrincipal): (() => void) | undefined {
    return this.open.tryAcquire(agent);
  }

  /** What a wait over the bound is told (as a tool error coded RATE_LIMITED). */
  get refusal(): string {
    return `Too many waits at once: at most ${this.limit} wait_for_decision calls may be open for one agent on an instance. Finish or cancel one, or call get_sign_off.`;
  }

  /** Waits open for the agent now (tests observe it). */
  count(agent: AgentPrincipal): number {
    return this.open.count(agent);
  }
}

/**
 * The longest a wait goes without reading the request again: the bus may
 * miss a notification while it reconnects, and this bounds what that costs.
 */
const REREAD_MS = 30_000;

/**
 * Waits for the decision on one of `principal`'s requests: reads it (through
 * `agent`, so each read passes the edge like any tool call: the route's
 * reads are not counted among the agent's requests in flight), and again
 * whenever the bus tells of a change to it, until it is decided. A read
 * refused RATE_LIMITED is tried again after its Retry-After, within the
 * wait's time. After `timeoutMs` it resolves with the request as last read
 * (undecided; TIMEOUT only when no read succeeded); rejects with the
 * signal's reason when it aborts.
 */
export function busWaiter(bus: EventBus, principal: AgentPrincipal, agent: CountersignAgent): DecisionWaiter {
  return async (id, { timeoutMs, signal }) => {
    const deadline = Date.now() + timeoutMs;
    // Listening before the first read, so a decision landing between the two is not missed.
    let events = bus.subscribe('SIGN_OFF_CHANGED', (event) => event.tenantId === principal.tenantId && event.payload.signOffId === id);
    let nextEvent = events.next();
    try {
      for (;;) {
        signal?.throwIfAborted();
        let pause = REREAD_MS;
        let current: SignOff | undefined;
        try {
          const signOff: SignOff | null = await agent.signOff(id);
          if (!signOff) throw new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`);
          if (isDecided(signOff)) return signOff;
          current = signOff;
        } catch (error) {
          if (!isCountersignError(error, 'RATE_LIMITED')) throw error;
          pause = error.retryAfterMs ?? 1_000;
        }
        const left = deadline - Date.now();
        if (left <= 0) {
          // As it stands now (just read, by the wait's own reads): the tool then needs no read of its own.
          if (current) return current;
          throw new CountersignError('TIMEOUT', `Sign-off ${id} was not decided within ${timeoutMs} ms; it may still be.`);
        }
        const woken = await firstOf(nextEvent, Math.min(pause, left), signal);
        if (woken === 'event') nextEvent = events.next();
        if (woken === 'lost') {
          // Dropped for falling behind: listen afresh; the read that follows finds what was missed.
          events = bus.subscribe('SIGN_OFF_CHANGED', (event) => event.tenantId === principal.tenantId && event.payload.signOffId === id);
          nextEvent = events.next();
        }
      }
    } finally {
      await events.return?.();
    }
  };
}

/** Which came first: the bus's next event (or the loss of the subscription), the end of `ms`, or (rejecting) the signal's abort. */
function firstOf(nextEvent: Promise<IteratorResult<unknown>>, ms: number, signal: AbortSignal | undefined): Promise<'event' | 'lost' | 'time'> {
  return new Promise((resolve, reject) => {
    // Aborted during the read before: no abort event is coming.
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => done(() => resolve('time')), ms);
    const onAbort = () => done(() => reject(signal!.reason as Error));
    signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const done = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    nextEvent.then(
      // An iterator that ended (the bus stopped, or dropped it) yields nothing more: listen afresh, never spin.
      (result) => done(() => resolve(result.done ? 'lost' : 'event')),
      () => done(() => resolve('lost')),
    );
  });
}
