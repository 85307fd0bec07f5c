import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { repositoryQueries } from '../repositories/repository-queries';
import { subscribe, subscriptionClient } from '../transport/graphql-client';
import { signOffQueries, SignOffEventsDocument } from './sign-off-queries';

/**
 * Keeps every sign-off list live for the whole signed-in console (the tab
 * title counts pending requests on every page): each change to one of the
 * owner's requests, from any tab, instance or agent, refetches the lists,
 * and so does every (re)connection, since events sent while the socket was
 * down are not replayed. Repositories are refreshed too, because an
 * approved request changes them (unserved, deleted, handed on).
 */
export function useSignOffEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: signOffQueries.all() });
      void queryClient.invalidateQueries({ queryKey: repositoryQueries.all() });
    };
    const unsubscribe = subscribe(SignOffEventsDocument, refresh);
    const stopListening = subscriptionClient().on('connected', refresh);
    return () => {
      stopListening();
      unsubscribe();
    };
  }, [queryClient]);
}
