import { useId } from 'react';
import { CopyNotice, useCopySecret } from '../layout/copy-secret';
import { Timestamp } from '../layout/timestamp';
import { invitationLink } from './owner-queries';

/** An invitation's link, this once: only its token's hash is kept, so losing it means inviting again. */
export function InvitationLink({ token, expiresAt, onDismiss }: { token: string; expiresAt: string; onDismiss?: () => void }) {
  const link = invitationLink(token);
  const { field, copied, copy } = useCopySecret(link);
  const headingId = useId();
  return (
    <section role="status" aria-labelledby={headingId} className="card key-panel">
      <h3 id={headingId}>Invitation link</h3>
      <p>
        <strong>Copy this link now: you will not see it again.</strong> It lets one person join this workspace as an owner, until{' '}
        <Timestamp value={expiresAt} />. Send it over a channel you trust.
      </p>
      <div className="inline-form">
        <label className="grow">
          Invitation link
          <input ref={field} value={link} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
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
      <CopyNotice copied={copied} what="link" />
    </section>
  );
}
