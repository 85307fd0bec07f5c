import { SecretShownOnce } from '../../shared/ui/secret-shown-once';

/**
 * An endpoint's signing secret, this once (on creation or rotation): the API
 * keeps it sealed and never shows it again, so losing it means rotating it.
 */
export function EndpointSecretPanel({ url, secret, rotated, onDismiss }: { url: string; secret: string; rotated: boolean; onDismiss: () => void }) {
  return (
    <SecretShownOnce
      title={rotated ? 'New signing secret' : 'Signing secret'}
      label="Webhook secret"
      what="secret"
      secret={secret}
      lead={<p className="url">{url}</p>}
      onDismiss={onDismiss}
    >
      Your endpoint checks each delivery&apos;s <code>webhook-signature</code> with it (Standard Webhooks).
      {rotated && ' For the next 24 hours deliveries are also signed with the previous secret, so you can switch over.'}
    </SecretShownOnce>
  );
}
