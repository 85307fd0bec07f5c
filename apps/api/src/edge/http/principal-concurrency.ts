import type { GraphQLError } from 'graphql';
import { principalKey, type Principal } from '../../platform/lib/principal.js';
import { retryLaterError } from '../../platform/lib/errors.js';

/**
 * At most `limit` requests in flight per principal in this process.
 *
 * Without it one agent can hold every pooled database connection (each of
 * its requests waiting on its own row lock), and every other tenant waits
 * behind it. A request over the bound is refused at once (RATE_LIMITED,
 * 429, Retry-After) instead of queueing for a connection. Per process, so it
 * needs no coordination; N instances allow N × limit, which the pool sizes
 * already assume.
 */
export class PrincipalConcurrency {
  private readonly inFlight = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** A slot for the principal, with the function that gives it back (once), or undefined when the bound is reached. */
  tryAcquire(principal: Principal): (() => void) | undefined {
    return this.tryAcquireKey(principalKey(principal));
  }

  /** The same, by the bound's key (a draw's agent key before it is checked: `agentKeyBound`). */
  tryAcquireKey(key: string): (() => void) | undefined {
    const count = this.inFlight.get(key) ?? 0;
    if (count >= this.limit) return undefined;
    this.inFlight.set(key, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inFlight.get(key) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(key);
      else this.inFlight.set(key, left);
    };
  }

  /** The error a refused request gets: RATE_LIMITED, retry in a second. */
  refusal(principal: Pick<Principal, 'kind'>): GraphQLError {
    return retryLaterError(
      'RATE_LIMITED',
      `Too many requests at once: at most ${this.limit} run at a time for one ${principal.kind} on an instance. Retry after the others finish.`,
      1,
    );
  }

  /** Requests in flight for the principal now (tests observe it). */
  count(principal: Principal): number {
    return this.inFlight.get(principalKey(principal)) ?? 0;
  }
}
