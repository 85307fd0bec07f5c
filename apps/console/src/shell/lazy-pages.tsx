import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';

/**
 * The pages an owner opens after the Inbox, each its own chunk: the first
 * load carries the Inbox (and sign-in/setup) only. Once the console is idle
 * the rest are fetched in the background, so moving between pages rarely
 * waits on the network.
 */
const loaders = {
  history: () => import('../features/sign-offs/history-page').then((module) => ({ default: module.HistoryPage })),
  request: () => import('../features/sign-offs/request-page').then((module) => ({ default: module.RequestPage })),
  operations: () => import('../features/operations/operations-page').then((module) => ({ default: module.OperationsPage })),
  authorities: () => import('../features/authorities/authorities-page').then((module) => ({ default: module.AuthoritiesPage })),
  agents: () => import('../features/agents/agents-page').then((module) => ({ default: module.AgentsPage })),
  repositories: () => import('../features/repositories/repositories-page').then((module) => ({ default: module.RepositoriesPage })),
  registry: () => import('../features/registry/registry-page').then((module) => ({ default: module.RegistryPage })),
  settings: () => import('../features/settings/settings-page').then((module) => ({ default: module.SettingsPage })),
};

export const HistoryPage = lazy(loaders.history);
export const RequestPage = lazy(loaders.request);
export const OperationsPage = lazy(loaders.operations);
export const AuthoritiesPage = lazy(loaders.authorities);
export const AgentsPage = lazy(loaders.agents);
export const RepositoriesPage = lazy(loaders.repositories);
export const RegistryPage = lazy(loaders.registry);
export const SettingsPage = lazy(loaders.settings);

/** Warms the other pages' chunks once the browser has nothing better to do; a failure here is retried by the page itself when opened. */
export function usePreloadPages(): void {
  useEffect(() => {
    const preload = () => {
      for (const load of Object.values(loaders)) void load().catch(() => undefined);
    };
    // Safari has no requestIdleCallback: a short delay keeps the preload behind the Inbox's own requests there too.
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(preload, { timeout: 5_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(preload, 2_000);
    return () => clearTimeout(timer);
  }, []);
}

/**
 * Where a lazy page renders: a quiet status line while its chunk loads, and
 * a way out when it cannot load (typically a console updated since this tab
 * opened, whose old chunks are gone: a reload fetches the new index).
 */
export function PageFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  return (
    <PageFailure pathname={pathname}>
      <Suspense
        fallback={
          <p role="status" className="muted">
            Loading the page…
          </p>
        }
      >
        {children}
      </Suspense>
    </PageFailure>
  );
}

interface PageFailureState {
  failed: boolean;
  /** The path shown when the state was taken: moving to another path tries again. */
  pathname: string;
}

class PageFailure extends Component<{ pathname: string; children: ReactNode }, PageFailureState> {
  override state: PageFailureState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(props: { pathname: string }, state: PageFailureState): PageFailureState | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  static getDerivedStateFromError(): Partial<PageFailureState> {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <h1>This page could not be loaded</h1>
        <p>The console may have been updated since this tab was opened.</p>
        <button type="button" onClick={() => location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
