import type { OperationFieldsFragment } from '../../gql/graphql';
import { MutationConfirmDialog } from '../../shared/ui/mutation-confirm-dialog';
import { operationMutations } from './operation-queries';

/** Asks before retiring: agents can no longer ask for it, and there is no undoing that here. */
export function RetireOperationDialog({ operation, onClose }: { operation: OperationFieldsFragment; onClose: () => void }) {
  const open = operation.openCount;
  return (
    <MutationConfirmDialog
      title={`Retire ${operation.op}?`}
      confirmLabel="Retire"
      pendingLabel="Retiring…"
      danger
      mutation={operationMutations.retire()}
      variables={operation.op}
      onClose={onClose}
    >
      <p>
        Agents can no longer ask for it.{' '}
        {open === 0 ? 'No request for it is open.' : `${open} open ${open === 1 ? 'request' : 'requests'} for it still decide and run.`}
      </p>
    </MutationConfirmDialog>
  );
}

/** Replaces a webhook's signing secret; the new one is shown once, by the caller. */
export function RotateSecretDialog({
  operation,
  onClose,
  onRotated,
}: {
  operation: OperationFieldsFragment;
  onClose: () => void;
  onRotated: (secret: string) => void;
}) {
  return (
    <MutationConfirmDialog
      title={`Rotate the webhook secret of ${operation.op}?`}
      confirmLabel="Rotate secret"
      pendingLabel="Rotating…"
      mutation={operationMutations.rotateSecret()}
      variables={operation.op}
      // Rotating by op answers the operation's secret (an endpoint's rotation, by endpointId, is another member).
      onDone={(result) => {
        if (result.__typename === 'WebhookSecretRotated') onRotated(result.webhookSecret);
      }}
      onClose={onClose}
    >
      <p>
        Deliveries are signed with the new secret, and with the current one too for 24 hours, so your endpoint can switch without losing any. The new secret is
        shown once.
      </p>
    </MutationConfirmDialog>
  );
}
