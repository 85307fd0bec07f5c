import { SecretShownOnce } from '../../shared/ui/secret-shown-once';
import { Timestamp } from '../../shared/ui/timestamp';
import { invitationLink } from './owner-queries';

/** An invitation's link, this once: only its token's hash is kept, so losing it means inviting again. */
export function InvitationLink({ token, expiresAt, onDismiss }: { token: string; expiresAt: string; onDismiss?: () => void }) {
  return (
    <SecretShownOnce title="Invitation link" label="Invitation link" what="link" secret={invitationLink(token)} onDismiss={onDismiss}>
      It lets one person join this workspace as an owner, until <Timestamp value={expiresAt} />. Send it over a channel you trust.
    </SecretShownOnce>
  );
}
