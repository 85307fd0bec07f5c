import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';

/**
 * A very small router on the History API: the console has a handful of flat
 * pages, which does not justify a routing library.
 */
const listeners = new Set<() => void>();

function subscribeToLocation(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path, re-rendering on `navigate` and on back/forward. */
export function usePathname(): string {
  return useSyncExternalStore(subscribeToLocation, () => location.pathname);
}

/**
 * A link pasted into a tab already on its page changes only the fragment;
 * `hashchange` is the event that always announces that, whatever else fires.
 */
function subscribeToHash(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  const unsubscribe = subscribeToLocation(listener);
  return () => {
    window.removeEventListener('hashchange', listener);
    unsubscribe();
  };
}

/** The current fragment (`#token=…`), re-rendering whenever it changes, however it changed. */
export function useLocationHash(): string {
  return useSyncExternalStore(subscribeToHash, () => location.hash);
}

/** Goes to `path` within the console; `replace` keeps guards' redirects out of history. */
export function navigate(path: string, { replace = false }: { replace?: boolean } = {}): void {
  if (path === location.pathname + location.hash) return;
  if (replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  for (const listener of listeners) listener();
}

/** An anchor that navigates in place for plain left clicks and behaves normally otherwise. */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; ref?: Ref<HTMLAnchorElement> }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
