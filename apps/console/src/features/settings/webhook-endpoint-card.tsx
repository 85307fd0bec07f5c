import { useId, useState } from 'react';
import type { WebhookEndpointFieldsFragment } from '../../gql/graphql';
import { ConfirmDialog } from '../../shared/ui/modal-dialog';
import { Timestamp } from '../../shared/ui/timestamp';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { EndpointDeliveries } from './endpoint-deliveries';
import { EndpointSecretPanel } from './endpoint-secret-panel';
import { eventLabel, WEBHOOK_FORMATS } from './notification-events';
import { notificationMutations } from './notification-queries';

/** One endpoint: where it points, what it receives, whether it is on, its actions and its latest deliveries. */
export function WebhookEndpointCard({ endpoint }: { endpoint: WebhookEndpointFieldsFragment }) {
  const headingId = useId();
  const [secret, setSecret] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const sendTest = useResultMutation(notificationMutations.sendTest());
  const rotate = useResultMutation(notificationMutations.rotateSecret(), {
    onSuccess: (result) => {
      if (result.__typename === 'WebhookEndpointSecretRotated') setSecret(result.secret);
    },
  });
  const disable = useResultMutation(notificationMutations.disableEndpoint());
  const enable = useResultMutation(notificationMutations.enableEndpoint());
  const toggle = endpoint.disabledAt ? enable : disable;
  const error = sendTest.error ?? rotate.error ?? toggle.error;
  const format = WEBHOOK_FORMATS.find((candidate) => candidate.value === endpoint.format)?.label ?? endpoint.format;

  return (
    <article aria-labelledby={headingId} className="card stack endpoint">
      <header className="request-header">
        <h3 id={headingId} className="url">
          {endpoint.url}
        </h3>
        {endpoint.disabledAt ? <span className="badge revoked">Disabled</span> : <span className="badge live">Enabled</span>}
      </header>
      {endpoint.description && <p>{endpoint.description}</p>}
      <dl className="facts">
        <div>
          <dt>Format</dt>
          <dd>{format}</dd>
        </div>
        <div>
          <dt>Added</dt>
          <dd>
            <Timestamp value={endpoint.createdAt} />
          </dd>
        </div>
        {endpoint.disabledAt && (
          <div>
            <dt>Disabled on</dt>
            <dd>
              <Timestamp value={endpoint.disabledAt} />
              {endpoint.disabledReason && <> — {endpoint.disabledReason}</>}
            </dd>
          </div>
        )}
        {endpoint.failingSince && (
          <div>
            <dt>Failing since</dt>
            <dd className="error">
              <Timestamp value={endpoint.failingSince} />
            </dd>
          </div>
        )}
        <div className="wide-fact">
          <dt>Events</dt>
          <dd>
            <ul className="event-list">
              {endpoint.events.map((event) => (
                <li key={event}>{eventLabel(event)}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <div className="endpoint-actions">
        <button type="button" onClick={() => sendTest.mutate(endpoint.id)} disabled={sendTest.pending || Boolean(endpoint.disabledAt)}>
          {sendTest.pending ? 'Sending…' : 'Send test'}
        </button>
        <button type="button" className="secondary" onClick={() => rotate.mutate(endpoint.id)} disabled={rotate.pending}>
          {rotate.pending ? 'Rotating…' : 'Rotate secret'}
        </button>
        <button type="button" className="secondary" onClick={() => toggle.mutate(endpoint.id)} disabled={toggle.pending}>
          {endpoint.disabledAt ? 'Enable' : 'Disable'}
        </button>
        <button type="button" className="danger" onClick={() => setDeleting(true)}>
          Delete
        </button>
      </div>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {secret && <EndpointSecretPanel url={endpoint.url} secret={secret} rotated onDismiss={() => setSecret(undefined)} />}
      <EndpointDeliveries endpointId={endpoint.id} />
      {deleting && <DeleteEndpointDialog endpoint={endpoint} onClose={() => setDeleting(false)} />}
    </article>
  );
}

function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointFieldsFragment; onClose: () => void }) {
  const remove = useResultMutation(notificationMutations.deleteEndpoint(), { onSuccess: onClose });
  return (
    <ConfirmDialog
      title="Delete this webhook endpoint?"
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting…"
      danger
      pending={remove.pending}
      error={remove.error}
      onConfirm={() => remove.mutate(endpoint.id)}
      onClose={onClose}
    >
      <p className="url">{endpoint.url}</p>
      <p>It receives nothing more, and its delivery history is deleted with it.</p>
    </ConfirmDialog>
  );
}
