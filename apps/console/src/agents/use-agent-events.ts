import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribe, subscriptionClient } from '../transport/graphql-client';
import { agentQueries, AgentEventsDocument } from './agent-queries';

/**
 * Keeps the agents list live: every created/revoked event (from any tab or
 * instance) invalidates it, and so does every (re)connection, since events
 * sent while the socket was down are not replayed.
 */
export function useAgentEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: agentQueries.all() });
    const unsubscribe = subscribe(AgentEventsDocument, refresh);
    const stopListening = subscriptionClient().on('connected', refresh);
    return () => {
      stopListening();
      unsubscribe();
    };
  }, [queryClient]);
}
