import DataLoader from 'dataloader';
import { findAgentsByIds } from '../../domains/agents/store.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { Context, RequestLoaders, RowKey } from '../../platform/lib/context.js';
import { systemClock } from '../../platform/lib/deps.js';
import { findOwnersByIds, findTenantsByIds } from '../../domains/owners/store.js';
import { findRepositoriesByIds } from '../../domains/repositories/store.js';

const rowKey = (key: RowKey) => `${key.tenantId}:${key.id}`;

/** A loader by tenant and id over `read`, answering null for a key no row has. */
function byRowKey<Row extends RowKey>(read: (keys: readonly RowKey[]) => Promise<Row[]>, cache: boolean): DataLoader<RowKey, Row | null, string> {
  return new DataLoader(
    async (keys) => {
      const found = new Map((await read(keys)).map((row) => [rowKey(row), row]));
      return keys.map((key) => found.get(rowKey(key)) ?? null);
    },
    { cacheKeyFn: rowKey, cache },
  );
}

/**
 * One request's loaders (see `RequestLoaders`). `reads` is asked at each
 * batch, not once: an idempotent request swaps its scope for its own
 * transaction after the context is made, and its loaders must follow.
 * Without `cache` the loaders still batch within a tick but keep nothing,
 * for a context that outlives many reads (a subscription's).
 */
export function createRequestLoaders(reads: () => Queryable, { cache = true }: { cache?: boolean } = {}): RequestLoaders {
  const answers = new Map<string, Promise<unknown>>();
  return {
    agent: byRowKey((keys) => findAgentsByIds(reads(), keys), cache),
    owner: byRowKey((keys) => findOwnersByIds(reads(), keys), cache),
    repository: byRowKey((keys) => findRepositoriesByIds(reads(), keys), cache),
    tenant: new DataLoader(
      async (ids: readonly string[]) => {
        const found = new Map((await findTenantsByIds(reads(), ids)).map((tenant) => [tenant.id, tenant]));
        return ids.map((id) => found.get(id) ?? null);
      },
      { cache },
    ),
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (!cache) return load();
      let answer = answers.get(key) as Promise<T> | undefined;
      if (!answer) answers.set(key, (answer = load()));
      return answer;
    },
  };
}

/**
 * Completes a request's context: the system clock, and loaders that read
 * through its scope, whatever that scope becomes.
 */
export function withRequestLoaders(fields: Omit<Context, 'loaders' | 'clock'>, options?: { cache?: boolean }): Context {
  const ctx = fields as Context;
  ctx.clock = systemClock;
  ctx.loaders = createRequestLoaders(() => ctx.scope.reads, options);
  return ctx;
}
