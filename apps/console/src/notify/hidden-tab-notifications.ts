import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SignOffEventsDocument, signOffQueries } from '../sign-offs/sign-off-queries';
import { subscribe } from '../transport/graphql-client';
import { showRequestNotification } from './request-notification';

/**
 * While this console tab is open but hidden (another tab, a minimised
 * window) and the owner allowed notifications, each new request arriving on
 * the live sign-off feed raises a system notification, and a decision (here,
 * elsewhere, or by expiry) takes it away again. A visible tab shows the
 * request itself, so it raises nothing. The server's push to a registered
 * device uses the same tag, so the two replace each other rather than double.
 */
export function useHiddenTabNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!('Notification' in window)) return;
    // Requests already told about (or seen while visible), so a later event for the same pending request raises nothing new.
    const seen = new Set<string>();
    const shown = new Map<string, Notification>();
    let stopped = false;

    const notify = async (id: string) => {
      const signOff = await queryClient.fetchQuery(signOffQueries.one(id));
      // Decided or withdrawn while it was being read: nothing to ask about any more.
      if (stopped || !signOff || signOff.state !== 'PENDING') return;
      const notification = await showRequestNotification(signOff);
      if (notification) shown.set(id, notification);
    };

    const unsubscribe = subscribe(SignOffEventsDocument, ({ signOffEvents: { signOff } }) => {
      if (signOff.state !== 'PENDING') {
        shown.get(signOff.id)?.close();
        shown.delete(signOff.id);
        return;
      }
      if (seen.has(signOff.id)) return;
      seen.add(signOff.id);
      if (document.visibilityState !== 'hidden' || Notification.permission !== 'granted') return;
      // Nothing awaits the notification; a request that cannot be read (gone, signed out) simply raises none.
      notify(signOff.id).catch(() => undefined);
    });
    return () => {
      stopped = true;
      unsubscribe();
      for (const notification of shown.values()) notification.close();
    };
  }, [queryClient]);
}
