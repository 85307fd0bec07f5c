import { CloseCode } from 'graphql-ws';
import type { WebSocket } from 'ws';
import { authenticate, type Authentication, type Credentials } from '../../auth/authenticate.js';
import { principalKey, type Principal } from '../../../platform/lib/principal.js';
import { PrincipalConcurrency } from '../principal-concurrency.js';
import type { Queryable } from '../../../platform/db/sql.js';
import type { EventBus } from '../../../platform/events/bus.js';
import type { Logger } from '../../../platform/logger.js';

/** Every code this server closes a live socket with, beyond graphql-ws's own. */
export const SocketCloseCode = {
  /** The principal is dead: agent revoked or rotated, session ended or expired. The client must not expect to get back in. */
  Forbidden: CloseCode.Forbidden,
  /** The event bus reconnected, so events may have been missed: resubscribe and re-read. */
  ServiceRestart: 1012,
  /** Over a per-principal cap. */
  PolicyViolation: 1008,
  /** A subscription fell so far behind its events that it was dropped: reconnect and re-read. */
  TryAgainLater: 1013,
} as const;

/** The reason sent with 1012: clients (the console, `@countersign/client`) re-read on any reconnection. */
export const EVENTS_MAY_BE_MISSED = 'Events may have been missed: resubscribe and re-read';
export const TOO_MANY_SOCKETS = 'Too many sockets for this principal';
/** The reason sent with 1013 to a socket whose subscription fell too far behind its events. */
export const TOO_FAR_BEHIND = 'Too far behind on events: reconnect and re-read';

interface LiveSocket {
  socket: WebSocket;
  principal: Principal;
  credentials: Credentials;
  /** The bus epoch in which the principal was last found alive: events of a later epoch need a new check. */
  epoch: number;
  expiresAt: Date | undefined;
  timer: NodeJS.Timeout | undefined;
}

export interface SocketRegistryOptions {
  db: Queryable;
  bus: EventBus;
  log: Logger;
  maxSocketsPerPrincipal: number;
  /** Live subscriptions one principal may hold across all its sockets. */
  maxSubscriptionsPerPrincipal: number;
  revalidateMs: number;
}

/** How many sockets are re-checked at once after a reconnection, so the pool stays free for requests. */
const REVALIDATION_CONCURRENCY = 4;

/**
 * This process's authenticated sockets and whom they speak for. A socket's
 * principal is known alive when it was authenticated in the bus's current
 * epoch and no death was announced since; it is checked again against the
 * database at least every `revalidateMs`, at its session's expiry, and
 * after every bus reconnection (which then closes the socket with 1012,
 * since its subscriptions may have missed events). Until that check is
 * done an event is not delivered (`mayDeliver`).
 */
export class SocketRegistry {
  private readonly live = new Map<WebSocket, LiveSocket>();
  private readonly byPrincipal = new Map<string, Set<WebSocket>>();
  /** Live subscriptions per principal, across sockets: the same counting as the in-flight bound. */
  private readonly subscriptions: PrincipalConcurrency;
  private readonly stopListening: () => void;

  constructor(private readonly options: SocketRegistryOptions) {
    this.subscriptions = new PrincipalConcurrency(options.maxSubscriptionsPerPrincipal);
    this.stopListening = options.bus.onReconnect(() => void this.revalidateAllAfterReconnect());
  }

  /**
   * Registers an authenticated socket, or refuses it when its principal
   * already holds the maximum (the socket is then closed with 1008).
   * `epoch` is the bus epoch read before authenticating.
   */
  admit(socket: WebSocket, auth: Authentication & { principal: Principal }, credentials: Credentials, epoch: number): boolean {
    const key = principalKey(auth.principal);
    const siblings = this.byPrincipal.get(key) ?? new Set<WebSocket>();
    if (siblings.size >= this.options.maxSocketsPerPrincipal) {
      socket.close(SocketCloseCode.PolicyViolation, TOO_MANY_SOCKETS);
      return false;
    }
    siblings.add(socket);
    this.byPrincipal.set(key, siblings);
    const entry: LiveSocket = { socket, principal: auth.principal, credentials, epoch, expiresAt: auth.expiresAt, timer: undefined };
    this.live.set(socket, entry);
    socket.once('close', () => this.forget(entry));
    // Authenticated while the bus was reconnecting: the reconnection's sweep did not see it.
    if (epoch !== this.options.bus.epoch) socket.close(SocketCloseCode.ServiceRestart, EVENTS_MAY_BE_MISSED);
    else this.schedule(entry);
    return true;
  }

  /**
   * Takes one of the principal's live-subscription slots, or refuses (returns
   * undefined) when it holds `maxSubscriptionsPerPrincipal` already across
   * all its sockets. The returned function gives the slot back; calling it
   * again does nothing.
   */
  claimSubscription(principal: Principal): (() => void) | undefined {
    return this.subscriptions.tryAcquire(principal);
  }

  /** Whether an event may go out on this socket now: its principal is known alive as of the bus's current epoch. */
  mayDeliver(socket: WebSocket): boolean {
    const entry = this.live.get(socket);
    if (!entry || entry.epoch !== this.options.bus.epoch) return false;
    return entry.expiresAt === undefined || entry.expiresAt.getTime() > Date.now();
  }

  /** Closes, with 4403 and `reason`, every socket whose principal `dead` names. */
  closeWhere(dead: (principal: Principal) => boolean, reason: string): void {
    for (const entry of this.live.values()) {
      if (dead(entry.principal)) this.close(entry, SocketCloseCode.Forbidden, reason);
    }
  }

  /** Stops the timers; the sockets themselves are closed by the WebSocket server. */
  dispose(): void {
    this.stopListening();
    for (const entry of this.live.values()) clearTimeout(entry.timer);
  }

  private schedule(entry: LiveSocket): void {
    clearTimeout(entry.timer);
    const untilExpiry = entry.expiresAt ? Math.max(0, entry.expiresAt.getTime() - Date.now()) : Infinity;
    entry.timer = setTimeout(() => void this.revalidate(entry), Math.min(this.options.revalidateMs, untilExpiry));
    entry.timer.unref();
  }

  /** Re-authenticates the socket's credentials; closes it with 4403 when they no longer name its principal. */
  private async revalidate(entry: LiveSocket): Promise<boolean> {
    if (!this.live.has(entry.socket)) return false;
    const epoch = this.options.bus.epoch;
    let auth: Authentication | undefined;
    try {
      auth = await authenticate(this.options.db, entry.credentials);
    } catch (error) {
      if (!isRefusal(error)) {
        // Neither alive nor dead is known: the client reconnects and is authenticated afresh.
        this.options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'socket re-validation failed');
        this.close(entry, SocketCloseCode.ServiceRestart, 'Could not re-validate: reconnect');
        return false;
      }
    }
    if (!auth?.principal || !samePrincipal(auth.principal, entry.principal)) {
      this.close(
        entry,
        SocketCloseCode.Forbidden,
        entry.principal.kind === 'agent' ? 'Agent key no longer valid' : entry.principal.token ? 'Owner token revoked' : 'Session ended or expired',
      );
      return false;
    }
    entry.expiresAt = auth.expiresAt;
    // A check that began before a reconnection says nothing about events after it.
    if (epoch !== this.options.bus.epoch) return true;
    this.schedule(entry);
    return true;
  }

  private async revalidateAllAfterReconnect(): Promise<void> {
    const queue = [...this.live.values()];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        clearTimeout(entry.timer);
        if (await this.revalidate(entry)) this.close(entry, SocketCloseCode.ServiceRestart, EVENTS_MAY_BE_MISSED);
      }
    };
    await Promise.all(Array.from({ length: REVALIDATION_CONCURRENCY }, worker));
  }

  private close(entry: LiveSocket, code: number, reason: string): void {
    this.forget(entry);
    entry.socket.close(code, reason);
  }

  private forget(entry: LiveSocket): void {
    clearTimeout(entry.timer);
    if (this.live.get(entry.socket) !== entry) return;
    this.live.delete(entry.socket);
    const key = principalKey(entry.principal);
    const siblings = this.byPrincipal.get(key);
    siblings?.delete(entry.socket);
    if (siblings?.size === 0) this.byPrincipal.delete(key);
  }
}

function samePrincipal(a: Principal, b: Principal): boolean {
  return a.kind === 'agent' ? b.kind === 'agent' && a.agentId === b.agentId : b.kind === 'owner' && a.sessionId === b.sessionId && a.token?.id === b.token?.id;
}

/** `authenticate` throws UNAUTHENTICATED for a dead key: that is an answer, not a failure. */
function isRefusal(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { extensions?: { code?: unknown } }).extensions?.code === 'UNAUTHENTICATED';
}
