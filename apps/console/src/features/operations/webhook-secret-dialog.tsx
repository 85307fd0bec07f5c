import { SecretShownOnce } from '../../shared/ui/secret-shown-once';
import { ModalDialog } from '../../shared/ui/modal-dialog';

/**
 * A webhook signing secret, this once: the API keeps it encrypted and never
 * shows it again, so losing it means rotating it.
 */
export function WebhookSecretDialog({ op, secret, onClose }: { op: string; secret: string; onClose: () => void }) {
  return (
    <ModalDialog title={<>Webhook secret for {op}</>} onClose={onClose}>
      <SecretShownOnce label="Webhook secret" what="secret" secret={secret} onDismiss={onClose}>
        Your endpoint checks each delivery&apos;s <code>webhook-signature</code> with it (Standard Webhooks).
      </SecretShownOnce>
    </ModalDialog>
  );
}
