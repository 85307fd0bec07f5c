import type { AgentFieldsFragment } from '../../gql/graphql';
import { MutationConfirmDialog } from '../../shared/ui/mutation-confirm-dialog';
import { agentMutations } from './agent-queries';

// Alike in shape to operation-dialogs.tsx: both are MutationConfirmDialog calls, and what repeats is its props, worded for each thing.
/** Asks before revoking: the agent stops at once, and a revoked key is never restored. */
export function RevokeAgentDialog({ agent, onClose }: { agent: AgentFieldsFragment; onClose: () => void }) {
  return (
    <MutationConfirmDialog
      title={`Revoke ${agent.name}?`}
      confirmLabel="Revoke agent"
      pendingLabel="Revoking…"
      danger
      mutation={agentMutations.revoke()}
      variables={agent.id}
      onClose={onClose}
    >
      <p>
        Its key (<code>{agent.keyPrefix}…</code>) stops working at once, and cannot be restored.
      </p>
    </MutationConfirmDialog>
  );
}

/** Replaces an agent's key: the old one stops working at once; the new one is shown once. */
export function RotateKeyDialog({ agent, onClose, onRotated }: { agent: AgentFieldsFragment; onClose: () => void; onRotated: (secret: string) => void }) {
  return (
    <MutationConfirmDialog
      title={`Rotate the key of ${agent.name}?`}
      confirmLabel="Rotate key"
      pendingLabel="Rotating…"
      mutation={agentMutations.rotateKey()}
      variables={agent.id}
      onDone={(result) => onRotated(result.key)}
      onClose={onClose}
    >
      <p>
        Its current key (<code>{agent.keyPrefix}…</code>) stops working at once; the new key is shown once.
      </p>
    </MutationConfirmDialog>
  );
}
