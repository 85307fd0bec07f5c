import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Layout } from './layout';
import { PageError } from '../shared/ui/page-error';
import {
  AgentsPage,
  AuthoritiesPage,
  HistoryPage,
  OperationsPage,
  PageFrame,
  RegistryPage,
  RepositoriesPage,
  RequestPage,
  SettingsPage,
  usePreloadPages,
} from './lazy-pages';
import { useFaviconCount } from '../features/notify/favicon-count';
import { useHiddenTabNotifications } from '../features/notify/hidden-tab-notifications';
import { navigate, usePathname } from '../shared/router';
import { sessionQueries } from '../features/session/session-queries';
import { InvitePage } from '../features/session/invite-page';
import { CONSENT_PATH, ConsentPage } from '../features/oauth/consent-page';
import { SetupPage } from '../features/session/setup-page';
import { SignInPage } from '../features/session/sign-in-page';
import { InboxPage } from '../features/sign-offs/inbox-page';
import { signOffLiveEvents } from '../features/sign-offs/sign-off-queries';
import { APP_TITLE, usePendingTitle } from '../features/sign-offs/use-pending-title';
import { useLiveEvents } from '../shared/transport/use-live-events';

/** The pages behind sign-in, in navigation order; each path is also its nav link. */
export const OWNER_PAGES = [
  { path: '/inbox', title: 'Inbox' },
  { path: '/history', title: 'History' },
  { path: '/operations', title: 'Operations' },
  { path: '/authorities', title: 'Authorities' },
  { path: '/agents', title: 'Agents' },
  { path: '/repositories', title: 'Repositories' },
  { path: '/registry', title: 'Registry' },
  { path: '/settings', title: 'Settings' },
] as const;

/** One request's own page (`requestPath`), where notifications lead; the id is matched as given, the API decides whether it exists. */
const REQUEST_PATH = /^\/inbox\/([^/]+)$/;

/** A malformed escape (`%zz`) would throw; as typed it is simply an id no request has. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Where a signed-in owner lands: what waits for them comes first. */
const HOME = '/inbox';

/**
 * Routes by session state first: an unfinished setup leads to /setup, no
 * session to /sign-in, and a signed-in owner never sees either.
 */
export function App() {
  const pathname = usePathname();
  const session = useQuery(sessionQueries.current());

  useEffect(() => {
    document.title = APP_TITLE;
  }, []);

  if (session.isPending)
    return (
      <p className="loading" role="status">
        Loading…
      </p>
    );
  if (session.isError) {
    return (
      <main className="centered">
        <h1>Countersign</h1>
        <PageError what="Countersign" error={session.error} onRetry={() => void session.refetch()} retrying={session.isFetching} />
      </main>
    );
  }

  const { viewer, setupStatus } = session.data;
  const owner = viewer?.__typename === 'Owner' ? viewer : undefined;
  // An invitation link (docs/tenancy.md, T10) opens its own page, signed in or not: the page says what to do.
  if (pathname === '/invite') return <InvitePage signedInAs={owner?.email} />;

  if (!owner) {
    if (setupStatus.needed) return pathname === '/setup' ? <SetupPage /> : <Redirect to="/setup" />;
    return pathname === '/sign-in' ? <SignInPage /> : <Redirect to={signInReturningTo(pathname)} />;
  }
  if (pathname === '/' || pathname === '/setup' || pathname === '/sign-in') return <Redirect to={HOME} />;
  // An MCP host's sign-in (docs/oauth.md, OA1): a page of its own, outside the console's navigation.
  const consentUid = CONSENT_PATH.exec(pathname)?.[1];
  if (consentUid !== undefined) return <ConsentPage uid={decodePathSegment(consentUid)} />;

  return <SignedInConsole ownerEmail={owner.email} pathname={pathname} />;
}

/**
 * Everything behind sign-in. Sign-off events and the pending count live
 * here, not in the inbox, so the tab title stays right on every page. The
 * Inbox is in the first chunk; the other pages load on demand (lazy-pages.tsx).
 */
function SignedInConsole({ ownerEmail, pathname }: { ownerEmail: string; pathname: string }) {
  useLiveEvents(signOffLiveEvents);
  usePendingTitle();
  useFaviconCount();
  useHiddenTabNotifications();
  usePreloadPages();
  const page = OWNER_PAGES.find((candidate) => candidate.path === pathname);
  const requestId = REQUEST_PATH.exec(pathname)?.[1];
  return (
    <Layout ownerEmail={ownerEmail} pages={OWNER_PAGES} pathname={pathname}>
      <PageFrame pathname={pathname}>
        {page !== undefined ? <OwnerPage page={page} /> : requestId !== undefined ? <RequestPage id={decodePathSegment(requestId)} /> : <NotFoundPage />}
      </PageFrame>
    </Layout>
  );
}

function OwnerPage({ page }: { page: (typeof OWNER_PAGES)[number] }) {
  switch (page.path) {
    case '/inbox':
      return <InboxPage />;
    case '/history':
      return <HistoryPage />;
    case '/operations':
      return <OperationsPage />;
    case '/authorities':
      return <AuthoritiesPage />;
    case '/agents':
      return <AgentsPage />;
    case '/repositories':
      return <RepositoriesPage />;
    case '/registry':
      return <RegistryPage />;
    case '/settings':
      return <SettingsPage />;
  }
}

/** The sign-in page, told to come back to the page a signed-out visitor opened (a request page from a notification, say). */
function signInReturningTo(pathname: string): string {
  return pathname === '/' || pathname === '/setup' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(pathname)}`;
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
