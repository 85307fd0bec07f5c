import type { Ref, RefObject } from 'react';
import type { SignOffFieldsFragment } from '../../../gql/graphql';
import { DecisionControls, type DecisionHandle, type KeyDecision, type Settled } from '../decision-controls';
import { RequestDetail } from '../request-detail';
import type { InboxRow } from './inbox-row';

export interface RequestPaneProps {
  row: InboxRow;
  /** Set when the open request left the list under the owner: the pane says why, with nothing to decide (UI5). */
  gone: { signOff: SignOffFieldsFragment | null | undefined; text: string | undefined } | undefined;
  now: number;
  held: boolean;
  headingId: string;
  paneRef: RefObject<HTMLElement | null>;
  decisionRef: Ref<DecisionHandle>;
  onKeyDecision: (decision: KeyDecision) => void;
  onSettled: (entry: Settled) => void;
}

/** The open request beside the list on a wide screen: what it does, then its decision, or why there is none left to take. */
export function RequestPane({ row, gone, now, held, headingId, paneRef, decisionRef, onKeyDecision, onSettled }: RequestPaneProps) {
  return (
    <article ref={paneRef} aria-labelledby={headingId} className="request-pane card stack">
      {/* The effect described once for the row (toInboxRow) serves the pane as well. */}
      <RequestDetail signOff={gone?.signOff ?? row.signOff} effect={row.described} now={now} heading="h2" headingId={headingId} />
      {gone === undefined ? (
        <section aria-label="Decision" className="stack">
          <DecisionControls ref={decisionRef} held={held} signOff={row.signOff} effect={row.described} onKeyDecision={onKeyDecision} onSettled={onSettled} />
        </section>
      ) : (
        <p role="status" className="gone-note">
          {gone.text}
        </p>
      )}
    </article>
  );
}
