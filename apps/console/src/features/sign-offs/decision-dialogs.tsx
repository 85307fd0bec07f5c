import type { Effect } from '@countersign/effect';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { ConfirmDialog } from '../../shared/ui/modal-dialog';
import { ReauthenticateDialog } from '../session/reauthenticate-dialog';
import type { Gesture } from './approval-gesture';
import { ApprovalStakes } from './approval-stakes';
import { ApproveWithChangesDialog } from './approve-with-changes-dialog';
import { RememberDialog } from './remember-dialog';
import { TypeToApproveDialog } from './type-to-approve-dialog';
import type { ApprovalDialogProps } from './use-dialog-approval';

/** What an approval asks before it is sent: the risk's gesture, the password, or one of the approvals with more to say. */
export type Asking = 'confirm' | 'type' | 'password' | 'remember' | 'changes';

/**
 * The dialog `asking` names, over the decision controls. The gesture's and
 * the password's end in `onApprove` (the controls then send the approval);
 * the remember and edit dialogs send their own and report to `onSettled`.
 */
export function DecisionDialog({
  asking,
  signOff,
  effect,
  gesture,
  readNote,
  onClose,
  onApprove,
  onSettled,
}: {
  asking: Asking | undefined;
  signOff: SignOffFieldsFragment;
  effect: Effect;
  gesture: Gesture;
  readNote: () => string | null;
  onClose: () => void;
  onApprove: () => void;
  onSettled: ApprovalDialogProps['onSettled'];
}) {
  const approving: ApprovalDialogProps = {
    signOff,
    readNote,
    onCancel: onClose,
    onSettled: (entry) => {
      onClose();
      onSettled(entry);
    },
  };
  if (asking === 'password') return <ReauthenticateDialog onCancel={onClose} onDone={onApprove} />;
  if (asking === 'remember') return <RememberDialog {...approving} />;
  if (asking === 'changes') return <ApproveWithChangesDialog {...approving} />;
  if (asking === 'confirm') {
    return (
      <ConfirmDialog title="Approve this request?" confirmLabel="Yes, approve" onConfirm={onApprove} onClose={onClose}>
        <ApprovalStakes signOff={signOff} effect={effect.sentence} />
      </ConfirmDialog>
    );
  }
  if (asking === 'type' && gesture.kind === 'type') {
    return <TypeToApproveDialog signOff={signOff} effect={effect.sentence} gesture={gesture} onCancel={onClose} onConfirm={onApprove} />;
  }
  return null;
}
