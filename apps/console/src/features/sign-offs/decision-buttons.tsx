import type { Ref } from 'react';
import type { SignOffFieldsFragment } from '../../gql/graphql';
import { offersChanges } from './approve-with-changes-dialog';
import { offersRemember } from './rule-terms-form';

/**
 * The note beside the buttons. Enter in it decides nothing, unless the owner
 * pressed d and is writing a denial's note (`denyOnEnter`); leaving the
 * field or Escape ends that, and nothing is denied while `blocked`.
 */
export function DecisionNote({
  ref,
  denyOnEnter,
  blocked,
  onEndDenyOnEnter,
  onDeny,
}: {
  ref: Ref<HTMLInputElement>;
  denyOnEnter: boolean;
  blocked: boolean;
  onEndDenyOnEnter: () => void;
  onDeny: () => void;
}) {
  return (
    <label className="grow">
      {denyOnEnter ? 'Note (Enter denies)' : 'Note'}
      <input
        ref={ref}
        name="note"
        maxLength={2000}
        autoComplete="off"
        placeholder="Optional; the agent can read it"
        onBlur={onEndDenyOnEnter}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onEndDenyOnEnter();
          if (event.key === 'Enter' && denyOnEnter && !blocked) {
            event.preventDefault();
            onDeny();
          }
        }}
      />
    </label>
  );
}

/**
 * Approve (or, for its first approver, where a two-person request stands),
 * the approvals that ask more, and Deny. While a decision is being sent they
 * are disabled; while `held` they are marked aria-disabled instead, staying
 * focusable, and the controls ignore a press.
 */
export function DecisionButtons({
  signOff,
  approvedByViewer,
  deciding,
  held,
  andNext,
  approveRef,
  onApprove,
  onAsk,
  onDeny,
}: {
  signOff: SignOffFieldsFragment;
  approvedByViewer: boolean;
  deciding: 'approve' | 'deny' | undefined;
  held: boolean;
  andNext: boolean;
  approveRef: Ref<HTMLButtonElement>;
  onApprove: () => void;
  onAsk: (what: 'remember' | 'changes') => void;
  onDeny: () => void;
}) {
  const state = { disabled: deciding !== undefined, 'aria-disabled': held || undefined };
  return (
    <>
      {approvedByViewer ? (
        <span role="status">You approved · waiting for another owner</span>
      ) : (
        <button ref={approveRef} type="button" onClick={onApprove} {...state}>
          {deciding === 'approve' ? 'Approving…' : andNext ? 'Approve & next' : 'Approve'}
        </button>
      )}
      {!approvedByViewer && offersRemember(signOff) && (
        <button type="button" className="secondary" onClick={() => onAsk('remember')} {...state}>
          Approve and allow similar…
        </button>
      )}
      {!approvedByViewer && offersChanges(signOff) && (
        <button type="button" className="secondary" onClick={() => onAsk('changes')} {...state}>
          Approve with changes…
        </button>
      )}
      <button type="button" className="danger" onClick={onDeny} {...state}>
        {deciding === 'deny' ? 'Denying…' : andNext ? 'Deny & next' : 'Deny'}
      </button>
    </>
  );
}
