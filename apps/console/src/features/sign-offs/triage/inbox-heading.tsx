import type { Ref } from 'react';

/** The Inbox's heading with how many requests wait (the API's count, every page), and the button that lists the keys. */
export function InboxHeading({ ref, total, onShowKeys }: { ref: Ref<HTMLHeadingElement>; total: number; onShowKeys: () => void }) {
  return (
    <header className="inbox-heading">
      <h1 ref={ref} tabIndex={-1}>
        Inbox <span className="count">{total === 0 ? 'nothing waits' : `${total} waiting`}</span>
      </h1>
      <button type="button" className="secondary" aria-keyshortcuts="?" onClick={onShowKeys}>
        Keyboard shortcuts
      </button>
    </header>
  );
}
