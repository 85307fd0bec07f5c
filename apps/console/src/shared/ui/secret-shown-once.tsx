import { useId, type ReactNode } from 'react';
import { CopyNotice, useCopySecret } from './copy-secret';

export interface SecretShownOnceProps {
  /** The panel's heading ("Key for billing-bot"); without it, the panel is the body of a dialog that has its own title. */
  title?: ReactNode;
  /** The heading's level where the panel sits (h2 on a page, h3 in a section). */
  level?: 'h2' | 'h3';
  /** The field's label ("Agent key"). */
  label: string;
  /** The word the panel uses for it ("key", "token", "link", "secret"). */
  what: string;
  secret: string;
  /** Said before the warning (the endpoint's URL, say). */
  lead?: ReactNode;
  /** Why it cannot be shown again, and what it is for, after the warning. */
  children?: ReactNode;
  onDismiss?: () => void;
}

/**
 * A secret shown this once (an agent key, an API or invitation token, a
 * webhook secret): the API keeps only its hash or keeps it sealed, so the
 * owner is told to copy it now, and can — to the clipboard, or selected in
 * its field where the page may not use the clipboard. Every secret the
 * console shows goes through here, so each reads and copies the same way.
 */
export function SecretShownOnce({ title, level = 'h3', label, what, secret, lead, children, onDismiss }: SecretShownOnceProps) {
  const { field, copied, copy } = useCopySecret(secret);
  const headingId = useId();
  const Heading = level;
  const body = (
    <>
      {lead}
      <p>
        <strong>Copy this {what} now: you will not see it again.</strong> {children}
      </p>
      <div className="inline-form">
        <label className="grow">
          {label}
          <input ref={field} value={secret} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        {onDismiss && (
          <button type="button" className="secondary" onClick={onDismiss}>
            Done
          </button>
        )}
      </div>
      <CopyNotice copied={copied} what={what} />
    </>
  );
  if (title === undefined) return body;
  return (
    <section role="status" aria-labelledby={headingId} className="card key-panel stack">
      <Heading id={headingId}>{title}</Heading>
      {body}
    </section>
  );
}
