import pg from 'pg';
import type { Logger } from '../logger.js';
import { asJob } from '../log-scope.js';
import { EVENTS_CHANNEL, type BusEvent, type Topic } from './topics.js';

type Listener = (event: BusEvent) => void;

/**
 * Events one subscriber may have waiting before it is dropped. Events are
 * shared between subscribers, so this bounds pointers, not copies; a live
 * client is never this far behind unless it stopped reading.
 */
const MAX_QUEUED_EVENTS_PER_SUBSCRIBER = 1000;

/** Thrown by a subscription's next read once it fell `maxQueued` events behind and was dropped. */
export class SubscriberOverflowError extends Error {
  constructor(readonly maxQueued: number) {
    super(`More than ${maxQueued} events were waiting for this subscriber; it was dropped`);
    this.name = 'SubscriberOverflowError';
  }
}

/**
 * One LISTEN connection per instance, fanned out in process to this
 * instance's subscribers. The connection is re-established when it drops;
 * events committed while it was down are not replayed, so every LISTEN
 * connection is a new `epoch`, and whoever relied on the events of an older
 * one must re-read state (`onReconnect`).
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly reconnectListeners = new Set<(epoch: number) => void>();
  private client: pg.Client | undefined;
  private closed = false;
  private currentEpoch = 0;
  /** When each event's NOTIFY reached this process (performance.now()), for the delivery lag metric. */
  private readonly receivedAt = new WeakMap<BusEvent, number>();
  /**
   * Told, each time a subscriber takes an event, how long (ms) it waited
   * since its NOTIFY arrived (metrics/: the event bus delivery lag).
   */
  onDelivered: ((waitedMs: number) => void) | undefined;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
    /** What pg_stat_activity calls its LISTEN connection (platform/db/application-name.ts). */
    private readonly applicationName?: string,
  ) {}

  /** Whether the LISTEN connection is up now (the heartbeat reports it; false while reconnecting). */
  get connected(): boolean {
    return this.client !== undefined && !this.closed;
  }

  /** How many subscriptions this instance is serving now (tests wait on it). */
  get subscriberCount(): number {
    return this.listeners.size;
  }

  /**
   * Which LISTEN connection events come through: 1 for the first, one more
   * for each reconnection. Anything known "as of" an older epoch may have
   * missed events.
   */
  get epoch(): number {
    return this.currentEpoch;
  }

  /**
   * Calls `listener` each time the bus is listening again after losing its
   * connection, with the new epoch, before any event of the new connection
   * is delivered. Returns the function that stops calling it.
   */
  onReconnect(listener: (epoch: number) => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Connects and LISTENs; resolves once events can be received. */
  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, ...(this.applicationName ? { application_name: this.applicationName } : {}) });
    client.on('error', (error) => {
      this.log.warn({ err: error.message }, 'event bus connection failed; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    // Events can arrive before LISTEN's answer is handled: they wait until the new epoch is announced.
    let early: BusEvent[] | undefined = [];
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      const event = JSON.parse(message.payload) as BusEvent;
      // Timed only while someone measures (metrics on): otherwise each event costs nothing extra.
      if (this.onDelivered) this.receivedAt.set(event, performance.now());
      if (early) early.push(event);
      else this.deliver(event);
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.client = client;
    this.currentEpoch++;
    if (this.currentEpoch > 1) {
      this.log.info({ epoch: this.currentEpoch }, 'event bus listening again; events meanwhile may be lost');
      for (const listener of this.reconnectListeners) {
        try {
          listener(this.currentEpoch);
        } catch (error) {
          this.log.error({ err: error instanceof Error ? error.message : String(error) }, 'event bus reconnect listener failed');
        }
      }
    }
    const pending = early;
    early = undefined;
    for (const event of pending) this.deliver(event);
  }

  private deliver(event: BusEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /**
   * Yields the events of one topic that `accept` lets through, until the
   * consumer stops iterating. Events arriving faster than they are consumed
   * queue in memory per subscriber, up to `maxQueued`
   * (MAX_QUEUED_EVENTS_PER_SUBSCRIBER unless given): a subscriber that far
   * behind is dropped, and its next read throws `SubscriberOverflowError`,
   * since it has lost events and must re-read whatever it was following.
   */
  subscribe<T extends Topic>(
    topic: T,
    accept: (event: BusEvent<T>) => boolean,
    { maxQueued = MAX_QUEUED_EVENTS_PER_SUBSCRIBER }: { maxQueued?: number } = {},
  ): AsyncIterableIterator<BusEvent<T>> {
    const queue: BusEvent<T>[] = [];
    let wake: (() => void) | undefined;
    let done = false;
    let overflowed = false;
    const listener: Listener = (event) => {
      if (event.topic !== topic || !accept(event as BusEvent<T>)) return;
      if (queue.length >= maxQueued) {
        overflowed = true;
        queue.length = 0;
        finish();
        return;
      }
      queue.push(event as BusEvent<T>);
      wake?.();
    };
    this.listeners.add(listener);
    const finish = () => {
      done = true;
      this.listeners.delete(listener);
      wake?.();
    };
    const iterator: AsyncIterableIterator<BusEvent<T>> = {
      [Symbol.asyncIterator]: () => iterator,
      next: async () => {
        while (queue.length === 0 && !done) await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
        if (overflowed) {
          overflowed = false;
          throw new SubscriberOverflowError(maxQueued);
        }
        const value = queue.shift();
        if (value && this.onDelivered) {
          const receivedAt = this.receivedAt.get(value);
          if (receivedAt !== undefined) this.onDelivered(performance.now() - receivedAt);
        }
        return value && !done ? { value, done: false } : { value: undefined, done: true };
      },
      return: async () => {
        finish();
        return { value: undefined, done: true };
      },
    };
    return iterator;
  }

  async stop(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.reconnectListeners.clear();
    await this.client?.end().catch(() => undefined);
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.client !== client) return;
    this.client = undefined;
    const retry = () => {
      if (this.closed) return;
      this.start().catch((error: Error) => {
        this.log.warn({ err: error.message }, 'event bus reconnect failed');
        setTimeout(retry, 1000).unref();
      });
    };
    // Its own job: the failing connection's callbacks may run in the scope of whatever first used it.
    setTimeout(() => asJob('event-bus', retry), 200).unref();
  }
}

/** An iterator that yields `first`, then everything `rest` yields; ending it ends `rest`. */
export function prepend<T>(first: T, rest: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  let sentFirst = false;
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    next: async () => {
      if (sentFirst) return rest.next();
      sentFirst = true;
      return { value: first, done: false };
    },
    return: async () => (await rest.return?.()) ?? { value: undefined, done: true },
  };
  return iterator;
}
