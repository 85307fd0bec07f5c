import { CopyNotice, useCopySecret } from '../layout/copy-secret';
import { ModalDialog } from '../layout/modal-dialog';

/**
 * A webhook signing secret, this once: the API keeps it encrypted and never
 * shows it again, so losing it means rotating it.
 */
export function WebhookSecretDialog({ op, secret, onClose }: { op: string; secret: string; onClose: () => void }) {
  const { field: secretField, copied, copy } = useCopySecret(secret);

  return (
    <ModalDialog title={<>Webhook secret for {op}</>} onClose={onClose}>
      <p>
        <strong>Copy this secret now: it will not be shown again.</strong> Your endpoint checks each delivery&apos;s <code>webhook-signature</code> with it
        (Standard Webhooks).
      </p>
      <label>
        Webhook secret
        <input ref={secretField} value={secret} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <CopyNotice copied={copied} what="secret" />
      <div className="actions">
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onClose}>
          Done
        </button>
      </div>
    </ModalDialog>
  );
}
