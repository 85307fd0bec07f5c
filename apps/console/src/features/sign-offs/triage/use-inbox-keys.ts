import { useEffect } from 'react';
import { useLatest } from './use-latest';

/** The Inbox's single-key commands (`?` lists them). */
export interface InboxKeys {
  next: () => void;
  previous: () => void;
  approve: () => void;
  deny: () => void;
  toggleSelected: () => void;
  /** Takes back the decision the toast holds (UI5). */
  undo: () => void;
  showShortcuts: () => void;
}

/** Typing in a field, or a dialog open, means keys are text or the dialog's, never commands. */
function keysAreText(target: EventTarget | null): boolean {
  if (document.querySelector('dialog[open]')) return true;
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select') !== null;
}

/**
 * Listens for the Inbox's keys on the whole document while the Inbox is
 * shown. `commands` is read at key time (the latest render's), so the keys
 * act on the rows as they are now, without re-subscribing on every render;
 * it builds the handlers only then, so what they read (the pane's handle,
 * say) is read at the key press, never during a render.
 */
export function useInboxKeys(commands: () => InboxKeys): void {
  const latest = useLatest(commands);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || keysAreText(event.target)) return;
      const command = { j: 'next', k: 'previous', a: 'approve', d: 'deny', x: 'toggleSelected', u: 'undo', '?': 'showShortcuts' }[event.key] as
        keyof InboxKeys | undefined;
      if (!command) return;
      event.preventDefault();
      latest.current()[command]();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [latest]);
}
