import { useId } from 'react';
import { CopyNotice, useCopySecret } from '../layout/copy-secret';

/**
 * An endpoint's signing secret, this once (on creation or rotation): the API
 * keeps it sealed and never shows it again, so losing it means rotating it.
 */
export function EndpointSecretPanel({ url, secret, rotated, onDismiss }: { url: string; secret: string; rotated: boolean; onDismiss: () => void }) {
  const { field, copied, copy } = useCopySecret(secret);
  const headingId = useId();

  return (
    <section role="status" aria-labelledby={headingId} className="card key-panel stack">
      <h3 id={headingId}>{rotated ? 'New signing secret' : 'Signing secret'}</h3>
      <p className="url">{url}</p>
      <p>
        <strong>Copy this secret now: you will not see it again.</strong> Your endpoint checks each delivery&apos;s <code>webhook-signature</code> with it
        (Standard Webhooks).{rotated && ' For the next 24 hours deliveries are also signed with the previous secret, so you can switch over.'}
      </p>
      <div className="inline-form">
        <label className="grow">
          Webhook secret
          <input ref={field} value={secret} readOnly spellCheck={false} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <button type="button" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="secondary" onClick={onDismiss}>
          Done
        </button>
      </div>
      <CopyNotice copied={copied} what="secret" />
    </section>
  );
}
