import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { subscribe, subscriptionClient } from '../transport/graphql-client';
import { authorityQueries, AuthorityEventsDocument } from './authority-queries';

/**
 * The longest delay `setTimeout` honours (about 24.8 days); a later edge is
 * reached by waking at this bound and scheduling again.
 */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * Keeps balances and receipts live while the Authorities page is open: an
 * issue, draw or revocation (from any tab, instance or agent) refetches the
 * list and that authority's receipts, and every (re)connection refetches
 * everything, since events sent while the socket was down are not replayed.
 */
export function useAuthorityEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const unsubscribe = subscribe(AuthorityEventsDocument, ({ authorityEvents }) => {
      void queryClient.invalidateQueries({ queryKey: authorityQueries.list().queryKey });
      void queryClient.invalidateQueries({ queryKey: authorityQueries.allReceipts(authorityEvents.authority.id) });
    });
    const stopListening = subscriptionClient().on('connected', () => {
      void queryClient.invalidateQueries({ queryKey: authorityQueries.all() });
    });
    return () => {
      stopListening();
      unsubscribe();
    };
  }, [queryClient]);
}

/**
 * Refetches the list when the nearest validity edge (a `notBefore` or
 * `notAfter` still ahead) passes: the state then changes with the clock
 * alone, and no event announces it.
 */
export function useRefetchAtValidityEdges(edges: readonly (string | null)[]): void {
  const queryClient = useQueryClient();
  const [wakeUps, setWakeUps] = useState(0);
  const now = Date.now();
  const next = edges.reduce<number | undefined>((nearest, edge) => {
    const at = edge === null ? Number.NaN : Date.parse(edge);
    return at > now && (nearest === undefined || at < nearest) ? at : nearest;
  }, undefined);

  useEffect(() => {
    if (next === undefined) return;
    // A moment past the edge, so the server's clock has surely crossed it too.
    const delay = Math.max(next - Date.now() + 1000, 0);
    const timer =
      delay > MAX_TIMER_DELAY_MS
        ? setTimeout(() => setWakeUps((count) => count + 1), MAX_TIMER_DELAY_MS)
        : setTimeout(() => void queryClient.invalidateQueries({ queryKey: authorityQueries.list().queryKey }), delay);
    return () => clearTimeout(timer);
  }, [next, wakeUps, queryClient]);
}
