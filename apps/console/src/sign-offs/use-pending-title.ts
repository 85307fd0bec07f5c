import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { signOffQueries } from './sign-off-queries';

/** The tab title when nothing waits, and the name every title ends with. */
export const APP_TITLE = 'Countersign';

/**
 * Puts the number of pending requests in the tab title ("(3) Countersign"),
 * so an owner sees from another tab that something waits. It reads the
 * inbox's own query, kept live by `useSignOffEvents`; past the pages loaded
 * it says "50+" rather than guess.
 */
export function usePendingTitle(): void {
  const pending = useInfiniteQuery(signOffQueries.pending());
  const loaded = pending.data?.pages.reduce((sum, page) => sum + page.nodes.length, 0) ?? 0;
  const more = pending.hasNextPage;
  useEffect(() => {
    document.title = loaded > 0 ? `(${loaded}${more ? '+' : ''}) ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [loaded, more]);
}
