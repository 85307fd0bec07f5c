import { useId, useState } from 'react';
import type { WebhookEndpointFieldsFragment } from '../../gql/graphql';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { ErrorAlert } from '../../shared/ui/form-feedback';
import { MutationConfirmDialog } from '../../shared/ui/mutation-confirm-dialog';
import { EndpointDeliveries } from './endpoint-deliveries';
import { EndpointFacts } from './endpoint-facts';
import { EndpointSecretPanel } from './endpoint-secret-panel';
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

  return (
    <article aria-labelledby={headingId} className="card stack endpoint">
      <header className="request-header">
        <h3 id={headingId} className="url">
          {endpoint.url}
        </h3>
        {endpoint.disabledAt ? <span className="badge revoked">Disabled</span> : <span className="badge live">Enabled</span>}
      </header>
      {endpoint.description && <p>{endpoint.description}</p>}
      <EndpointFacts endpoint={endpoint} />
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
      <ErrorAlert message={sendTest.error ?? rotate.error ?? toggle.error} />
      {secret && <EndpointSecretPanel url={endpoint.url} secret={secret} rotated onDismiss={() => setSecret(undefined)} />}
      <EndpointDeliveries endpointId={endpoint.id} />
      {deleting && <DeleteEndpointDialog endpoint={endpoint} onClose={() => setDeleting(false)} />}
    </article>
  );
}

/** Asks before deleting: the endpoint's delivery history goes with it. */
function DeleteEndpointDialog({ endpoint, onClose }: { endpoint: WebhookEndpointFieldsFragment; onClose: () => void }) {
  return (
    <MutationConfirmDialog
      title="Delete this webhook endpoint?"
      confirmLabel="Delete endpoint"
      pendingLabel="Deleting…"
      danger
      mutation={notificationMutations.deleteEndpoint()}
      variables={endpoint.id}
      onClose={onClose}
    >
      <p className="url">{endpoint.url}</p>
      <p>It receives nothing more, and its delivery history is deleted with it.</p>
    </MutationConfirmDialog>
  );
}
