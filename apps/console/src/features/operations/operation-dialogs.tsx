import type { OperationFieldsFragment } from '../../gql/graphql';
import { ConfirmDialog } from '../../shared/ui/modal-dialog';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { operationMutations } from './operation-queries';

/** Asks before retiring: agents can no longer ask for it, and there is no undoing that here. */
export function RetireOperationDialog({ operation, onClose }: { operation: OperationFieldsFragment; onClose: () => void }) {
  const retire = useResultMutation(operationMutations.retire(), { onSuccess: onClose });
  const open = operation.openCount;
  return (
    <ConfirmDialog
      title={`Retire ${operation.op}?`}
      confirmLabel="Retire"
      pendingLabel="Retiring…"
      danger
      pending={retire.pending}
      error={retire.error}
      onConfirm={() => retire.mutate(operation.op)}
      onClose={onClose}
    >
      <p>
        Agents can no longer ask for it.{' '}
        {open === 0 ? 'No request for it is open.' : `${open} open ${open === 1 ? 'request' : 'requests'} for it still decide and run.`}
      </p>
    </ConfirmDialog>
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
  const rotate = useResultMutation(operationMutations.rotateSecret(), {
    // Rotating by op answers the operation's secret (an endpoint's rotation, by endpointId, is another member).
    onSuccess: (result) => {
      if (result.__typename === 'WebhookSecretRotated') onRotated(result.webhookSecret);
    },
  });
  return (
    <ConfirmDialog
      title={`Rotate the webhook secret of ${operation.op}?`}
      confirmLabel="Rotate secret"
      pendingLabel="Rotating…"
      pending={rotate.pending}
      error={rotate.error}
      onConfirm={() => rotate.mutate(operation.op)}
      onClose={onClose}
    >
      <p>
        Deliveries are signed with the new secret, and with the current one too for 24 hours, so your endpoint can switch without losing any. The new secret is
        shown once.
      </p>
    </ConfirmDialog>
  );
}
