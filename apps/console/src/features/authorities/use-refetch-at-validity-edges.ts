import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authorityQueries } from './authority-queries';

/**
 * The longest delay `setTimeout` honours (about 24.8 days); a later edge is
 * reached by waking at this bound and scheduling again.
 */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * Refetches the list when the nearest validity edge (a `notBefore` or
 * `notAfter` still ahead) passes: the state then changes with the clock
 * alone, and no event announces it.
 */
export function useRefetchAtValidityEdges(edges: readonly (string | null)[]): void {
  const queryClient = useQueryClient();
  // The instant edges are measured from; it moves on each time the timer fires, so a passed edge is not scheduled again.
  const [now, setNow] = useState(() => Date.now());
  const next = edges.reduce<number | undefined>((nearest, edge) => {
    const at = edge === null ? Number.NaN : Date.parse(edge);
    return at > now && (nearest === undefined || at < nearest) ? at : nearest;
  }, undefined);

  useEffect(() => {
    if (next === undefined) return;
    // A moment past the edge, so the server's clock has surely crossed it too.
    const delay = Math.max(next - Date.now() + 1000, 0);
    const timer = setTimeout(
      () => {
        // Not awaited: the refetch shows on the list's query, and nothing here depends on it.
        if (delay <= MAX_TIMER_DELAY_MS) void queryClient.invalidateQueries({ queryKey: authorityQueries.list().queryKey });
        setNow(Date.now());
      },
      Math.min(delay, MAX_TIMER_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [next, now, queryClient]);
}
