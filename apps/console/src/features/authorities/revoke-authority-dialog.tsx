import { useState, type FormEvent } from 'react';
import type { AuthorityFieldsFragment } from '../../gql/graphql';
import { ErrorAlert, SubmitButton } from '../../shared/ui/form-feedback';
import { ModalDialog } from '../../shared/ui/modal-dialog';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { authorityMutations } from './authority-queries';

/** The API's limit on a revocation reason. */
const MAX_REASON_LENGTH = 500;

/** Asks why before revoking: the reason is what the agent's next draw is refused with. */
export function RevokeAuthorityDialog({ authority, onClose }: { authority: AuthorityFieldsFragment; onClose: () => void }) {
  const [reason, setReason] = useState('');
  // The reason is checked here before anything is sent; what the API refuses comes back through the mutation.
  const [problem, setProblem] = useState<string>();
  const revoke = useResultMutation(authorityMutations.revoke(), { onSuccess: onClose });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (trimmed === '') {
      setProblem(`Give a reason: ${authority.agent.name} is told it when its next draw is refused.`);
      return;
    }
    setProblem(undefined);
    revoke.mutate({ authority: authority.id, reason: trimmed });
  };

  return (
    <ModalDialog title={<>Revoke “{authority.name}”?</>} onClose={onClose}>
      <form onSubmit={submit} noValidate className="stack">
        <p>
          {authority.agent.name} can no longer draw on it, at once and for good. Its receipts stay on record, and a retry of a draw that already landed still
          gets its receipt.
        </p>
        <label>
          Reason
          <textarea value={reason} onChange={(event) => setReason(event.target.value)} rows={3} maxLength={MAX_REASON_LENGTH} autoFocus />
        </label>
        <ErrorAlert message={problem ?? revoke.error} />
        <div className="actions">
          <button type="button" className="secondary" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton className="danger" label="Revoke authority" pendingLabel="Revoking…" pending={revoke.pending} />
        </div>
      </form>
    </ModalDialog>
  );
}
