import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SignOffEventsDocument, signOffQueries } from '../sign-offs/sign-off-queries';
import { subscribe } from '../../shared/transport/graphql-client';
import { sessionQueries } from '../session/session-queries';
import { showRequestNotification } from './request-notification';
import { requestNotifier } from './request-notifier';

/**
 * While this console tab is open but hidden (another tab, a minimised
 * window) and the owner allowed notifications, each new request arriving on
 * the live sign-off feed that waits for this owner raises a system
 * notification, and a decision (here, elsewhere, or by expiry) takes it away
 * again; a first approval of a two-person request keeps it for the owners
 * who have not approved (`requestNotifier`). A visible tab shows the request
 * itself, so it raises nothing. The server's push to a registered device
 * uses the same tag, so the two replace each other rather than double.
 */
export function useHiddenTabNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!('Notification' in window)) return;
    const notifier = requestNotifier({
      // Read afresh: the event says the state changed, and a cached copy may be from before it.
      read: (id) => queryClient.fetchQuery({ ...signOffQueries.one(id), staleTime: 0 }),
      viewerId: async () => {
        const viewer = (await queryClient.fetchQuery(sessionQueries.current())).viewer;
        return viewer?.__typename === 'Owner' ? viewer.id : undefined;
      },
      canNotify: () => document.visibilityState === 'hidden' && Notification.permission === 'granted',
      show: showRequestNotification,
    });
    const unsubscribe = subscribe(SignOffEventsDocument, ({ signOffEvents: { signOff } }) => {
      // Nothing awaits the notification; a request that cannot be read (gone, signed out) simply raises none.
      notifier.onEvent(signOff).catch(() => undefined);
    });
    return () => {
      unsubscribe();
      notifier.stop();
    };
  }, [queryClient]);
}
