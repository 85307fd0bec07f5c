import type { EventBus } from '../../../platform/events/bus.js';
import type { Principal } from '../../../platform/lib/principal.js';
import type { SocketRegistry } from './socket-registry.js';

/**
 * Closes the sockets of a principal the moment it dies, on every instance:
 * a revoked agent, a rotated key, an ended session or a revoked owner token
 * stops streaming at once (the registry's re-validation is the backstop for
 * a missed event). Resolves, on `stop()`, once the bus subscriptions end.
 */
export function closeOnPrincipalDeaths(bus: EventBus, registry: SocketRegistry): { stop(): Promise<void> } {
  const deaths = [
    // Read as fast as they arrive (no database work), and never to be dropped.
    bus.subscribe('AGENT_CHANGED', (event) => event.payload.kind !== 'CREATED', { maxQueued: Infinity }),
    bus.subscribe('SESSION_ENDED', () => true, { maxQueued: Infinity }),
    bus.subscribe('OWNER_TOKEN_REVOKED', () => true, { maxQueued: Infinity }),
  ] as const;
  void (async () => {
    for await (const event of deaths[0]) {
      registry.closeWhere(
        (p: Principal) => p.kind === 'agent' && p.agentId === event.payload.agentId,
        event.payload.kind === 'REVOKED' ? 'Agent revoked' : 'Agent key rotated',
      );
    }
  })();
  void (async () => {
    for await (const event of deaths[1]) registry.closeWhere((p: Principal) => p.kind === 'owner' && p.sessionId === event.payload.sessionId, 'Signed out');
  })();
  void (async () => {
    for await (const event of deaths[2])
      registry.closeWhere((p: Principal) => p.kind === 'owner' && p.token?.id === event.payload.tokenId, 'Owner token revoked');
  })();
  return {
    stop: async () => {
      for (const iterator of deaths) await iterator.return?.();
    },
  };
}
