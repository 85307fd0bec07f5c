import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ReauthenticationProvider } from '../features/session/reauthentication';
import { sessionQueries } from '../features/session/session-queries';
import { GraphQLRequestError } from '../shared/transport/graphql-client';
import './styles.css';

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({
    // A session that ended elsewhere (signed out in another tab, expired) surfaces
    // as UNAUTHENTICATED on any query: re-read the session so the guard reacts.
    onError: (error, query) => {
      if (error instanceof GraphQLRequestError && error.code === 'UNAUTHENTICATED' && query.queryKey[0] !== sessionQueries.all()[0]) {
        void queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
      }
    },
  }),
  defaultOptions: {
    queries: {
      // Subscriptions keep live data fresh; refetching on every focus would only add load.
      staleTime: 30_000,
      retry: (failureCount, error) => !(error instanceof GraphQLRequestError && error.code !== undefined) && failureCount < 2,
      // Offline, a page says so (with Retry) instead of showing "Loading…" until the network returns.
      networkMode: 'always',
    },
    // A decision made offline must fail at once, not wait paused and be sent when the network returns:
    // by then the owner has moved on, and a late approval would go out silently.
    mutations: { networkMode: 'always' },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <ReauthenticationProvider>
        <App />
      </ReauthenticationProvider>
    </QueryClientProvider>
  </StrictMode>,
);
