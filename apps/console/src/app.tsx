import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AgentsPage } from './agents/agents-page';
import { Layout } from './layout/layout';
import { ComingSoonPage } from './layout/coming-soon-page';
import { navigate, usePathname } from './router';
import { sessionQueries } from './session/session-queries';
import { SetupPage } from './session/setup-page';
import { SignInPage } from './session/sign-in-page';

/** The pages behind sign-in, in navigation order; each path is also its nav link. */
export const OWNER_PAGES = [
  { path: '/inbox', title: 'Inbox' },
  { path: '/history', title: 'History' },
  { path: '/authorities', title: 'Authorities' },
  { path: '/agents', title: 'Agents' },
  { path: '/repositories', title: 'Repositories' },
  { path: '/registry', title: 'Registry' },
] as const;

const HOME = '/agents';

/**
 * Routes by session state first: an unfinished setup leads to /setup, no
 * session to /sign-in, and a signed-in owner never sees either.
 */
export function App() {
  const pathname = usePathname();
  const session = useQuery(sessionQueries.current());

  useEffect(() => {
    document.title = 'Countersign';
  }, []);

  if (session.isPending) return <p className="loading" role="status">Loading…</p>;
  if (session.isError) {
    return (
      <main className="centered">
        <h1>Countersign</h1>
        <p role="alert">The server could not be reached: {session.error.message}</p>
        <button type="button" onClick={() => void session.refetch()}>Try again</button>
      </main>
    );
  }

  const { viewer, setupStatus } = session.data;
  const owner = viewer?.__typename === 'Owner' ? viewer : undefined;

  if (!owner) {
    if (setupStatus.needed) return pathname === '/setup' ? <SetupPage /> : <Redirect to="/setup" />;
    return pathname === '/sign-in' ? <SignInPage /> : <Redirect to="/sign-in" />;
  }
  if (pathname === '/' || pathname === '/setup' || pathname === '/sign-in') return <Redirect to={HOME} />;

  const page = OWNER_PAGES.find((candidate) => candidate.path === pathname);
  return (
    <Layout ownerEmail={owner.email} pages={OWNER_PAGES} pathname={pathname}>
      {page === undefined ? (
        <NotFoundPage />
      ) : page.path === '/agents' ? (
        <AgentsPage />
      ) : (
        <ComingSoonPage title={page.title} />
      )}
    </Layout>
  );
}

/** Replaces the current history entry, so Back does not bounce through guards. */
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p>There is no console page at this address.</p>
    </>
  );
}
