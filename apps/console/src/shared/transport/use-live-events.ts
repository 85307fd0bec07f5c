import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe, subscriptionClient, type TypedDocument } from './graphql-client';

/**
 * What a feature keeps live: the subscription it listens to and the queries
 * that go stale. Declared once, as a constant beside the feature's queries.
 */
export interface LiveEvents<TEvent> {
  /** The subscription; it takes no variables, since the API scopes events to the signed-in owner. */
  document: TypedDocument<TEvent, Record<string, never>>;
  /** The queries one event makes stale; it may narrow to what the event names (one authority's receipts, say). */
  invalidates: (event: TEvent) => readonly QueryKey[];
  /**
   * The queries a (re)connection refetches: everything an event could have
   * changed, since events sent while the socket was down are not replayed.
   */
  resync: readonly QueryKey[];
}

/**
 * Keeps a feature's queries live while the calling component is mounted:
 * each event (from any tab, instance or agent) invalidates what it made
 * stale, and each (re)connection refetches everything it could have. Pass a
 * module-level constant: a new object on every render would resubscribe.
 */
export function useLiveEvents<TEvent>(live: LiveEvents<TEvent>): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Invalidation only marks queries stale and refetches the shown ones; nothing waits on it, and a failed refetch shows on its query.
    const invalidate = (keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    const unsubscribe = subscribe(live.document, (event) => invalidate(live.invalidates(event)));
    const stopListening = subscriptionClient().on('connected', () => invalidate(live.resync));
    return () => {
      stopListening();
      unsubscribe();
    };
  }, [queryClient, live]);
}
