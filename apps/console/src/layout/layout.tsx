import type { ReactNode } from 'react';
import { Link, navigate } from '../router';
import { sessionMutations } from '../session/session-queries';
import { DisabledEndpointsBanner } from '../settings/disabled-endpoints-banner';
import { useConnectionState, type ConnectionState } from '../transport/graphql-client';
import { useResultMutation } from '../transport/use-result-mutation';

export interface LayoutProps {
  ownerEmail: string;
  pages: readonly { path: string; title: string }[];
  pathname: string;
  children: ReactNode;
}

/** The signed-in frame: main navigation, who is signed in, sign out, and the page. */
export function Layout({ ownerEmail, pages, pathname, children }: LayoutProps) {
  const connection = useConnectionState();
  const signOut = useResultMutation(sessionMutations.signOut(), { onSuccess: () => navigate('/sign-in', { replace: true }) });

  return (
    <div className="shell">
      <header className="topbar">
        <span className="brand">Countersign</span>
        <nav aria-label="Main">
          <ul>
            {pages.map((page) => (
              <li key={page.path}>
                <Link href={page.path} aria-current={page.path === pathname ? 'page' : undefined}>
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="account">
          <ConnectionStatus state={connection} />
          <span className="muted">
            Signed in as <strong>{ownerEmail}</strong>
          </span>
          <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.pending}>
            Sign out
          </button>
        </div>
      </header>
      {signOut.failure && (
        <p role="alert" className="error banner">
          Signing out failed: {signOut.failure}
        </p>
      )}
      <DisabledEndpointsBanner pathname={pathname} />
      <main className="page">{children}</main>
    </div>
  );
}

const CONNECTION_LABELS: Record<ConnectionState, string> = {
  idle: 'Not connected',
  connecting: 'Connecting…',
  connected: 'Live',
};

/** Says whether what the console shows is live; while it is not, changes elsewhere wait for the reconnection. */
function ConnectionStatus({ state }: { state: ConnectionState }) {
  return (
    <span role="status" aria-label="Live updates" className={`connection ${state}`}>
      {CONNECTION_LABELS[state]}
    </span>
  );
}
