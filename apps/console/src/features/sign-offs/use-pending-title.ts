import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { signOffQueries } from './sign-off-queries';

/** The tab title when nothing waits, and the name every title ends with. */
export const APP_TITLE = 'Countersign';

/**
 * Puts the number of pending requests in the tab title ("(3) Countersign"),
 * so an owner sees from another tab that something waits. The count comes
 * from the API (not from the inbox's loaded pages) and is refetched on every
 * sign-off event (`signOffLiveEvents`, kept live by the signed-in console).
 */
export function usePendingTitle(): void {
  const { data: pending = 0 } = useQuery(signOffQueries.pendingCount());
  useEffect(() => {
    document.title = pending > 0 ? `(${pending}) ${APP_TITLE}` : APP_TITLE;
    return () => {
      document.title = APP_TITLE;
    };
  }, [pending]);
}
