import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, navigate } from '../shared/router';
import { sessionMutations } from '../features/session/session-queries';
import { DisabledEndpointsBanner } from '../features/settings/disabled-endpoints-banner';
import { useConnectionState, type ConnectionState } from '../shared/transport/graphql-client';
import { useResultMutation } from '../shared/transport/use-result-mutation';
import { LiveUpdatesBanner } from '../shared/ui/live-updates-banner';
import { useTableLabels } from '../shared/ui/table-labels';

export interface LayoutProps {
  ownerEmail: string;
  pages: readonly { path: string; title: string }[];
  pathname: string;
  children: ReactNode;
}

/**
 * The signed-in frame: main navigation, who is signed in, sign out, and the
 * page. Under 600 px the navigation and the account fold behind a Menu
 * button (a disclosure); the live-updates status stays in sight.
 */
export function Layout({ ownerEmail, pages, pathname, children }: LayoutProps) {
  const connection = useConnectionState();
  const signOut = useResultMutation(sessionMutations.signOut(), { onSuccess: () => navigate('/sign-in', { replace: true }) });
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useMenu(pathname, () => menuButton.current?.focus());
  const main = useRef<HTMLElement>(null);
  useTableLabels(main);

  return (
    <div className="shell">
      <header className="topbar" onKeyDown={menu.closeOnEscape}>
        <span className="brand">Countersign</span>
        <ConnectionStatus state={connection} />
        <button
          ref={menuButton}
          type="button"
          className="secondary menu-button"
          aria-expanded={menu.open}
          aria-controls={menu.id}
          onClick={() => menu.setOpen(!menu.open)}
        >
          Menu
        </button>
        <div id={menu.id} className={menu.open ? 'topbar-menu open' : 'topbar-menu'}>
          <nav aria-label="Main">
            <ul>
              {pages.map((page) => (
                <li key={page.path}>
                  <Link href={page.path} aria-current={page.path === pathname ? 'page' : undefined} onClick={() => menu.setOpen(false)}>
                    {page.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            <span className="muted">
              Signed in as <strong>{ownerEmail}</strong>
            </span>
            <button type="button" className="secondary" onClick={() => signOut.mutate()} disabled={signOut.pending}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      {signOut.failure && (
        <p role="alert" className="error banner">
          Signing out failed: {signOut.failure}
        </p>
      )}
      <LiveUpdatesBanner />
      <DisabledEndpointsBanner pathname={pathname} />
      <main className="page" ref={main}>
        {children}
      </main>
    </div>
  );
}

/**
 * The narrow screen's menu: open or closed, closed again by Escape (focus
 * back on its button, never lost to the page body) and whenever the page
 * changes (choosing a link, Back). Wide screens show the menu's content
 * whatever its state; the stylesheet decides.
 */
function useMenu(pathname: string, focusButton: () => void) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [openOn, setOpenOn] = useState(pathname);
  // Adjusted during render: a new page closes the menu before it paints.
  if (openOn !== pathname) {
    setOpenOn(pathname);
    setOpen(false);
  }
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.preventDefault();
    setOpen(false);
    focusButton();
  };
  return { id, open, setOpen, closeOnEscape };
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
