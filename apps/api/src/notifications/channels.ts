import type { DeliverEntry } from '../outbox/worker.js';
import type { OutboxChannel } from '../outbox/store.js';

/**
 * One deliverer per outbox channel: the worker hands each claimed row to its
 * channel's adapter. A record over the closed channel union, so a channel
 * added to the outbox without an adapter fails to compile.
 */
export function byChannel(deliverers: Record<OutboxChannel, DeliverEntry>): DeliverEntry {
  return (entry) => deliverers[entry.channel](entry);
}
