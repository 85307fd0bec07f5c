import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { PageError } from '../../shared/ui/page-error';
import { Link } from '../../shared/router';
import { gestureFor } from './approval-gesture';
import { DecisionControls, SettledMessage, type DecisionHandle } from './decision-controls';
import { InvitationLinkPanel } from './invitation-link-panel';
import { describeEffect } from '@countersign/effect';
import { RequestDetail } from './request-detail';
import { RunProgress } from './run-progress';
import { ApprovedByRule } from './history-row';
import { intentNotice, notificationIntent } from './notification-intent';
import { ARRIVAL_HOLD_MS } from './triage/arrival-hold';
import { Outcome, requesterName, useNow } from './sign-off-display';
import './triage/inbox.css';
import { signOffQueries } from './sign-off-queries';
import { useAndNext } from './triage/and-next';

/**
 * One request on a page of its own, where notifications lead: everything the
 * owner weighs and the decision, laid out for a phone as well. The request
 * stays live (`signOffLiveEvents` refreshes it), so a decision taken
 * elsewhere replaces the buttons with the outcome.
 */
export function RequestPage({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const signOff = useQuery(signOffQueries.one(id));
  // Whether this page's own click lost to an earlier decision; the request itself comes from the query.
  const [lost, setLost] = useState(false);
  const now = useNow();
  // A notification's Approve/Deny action (UI11): read once, as the page opens.
  const [intent] = useState(() => notificationIntent(location.search));
  const [held, setHeld] = useState(intent !== undefined);
  const controls = useRef<DecisionHandle>(null);
  const request = signOff.data ?? undefined;
  const deciding = request?.state === 'PENDING' || request?.state === 'PARTIALLY_APPROVED';
  const effect = request === undefined ? undefined : describeEffect(request);
  // On a phone, deciding moves on to the next request, held a moment there once it shows (UI7, UI5).
  const andNext = useAndNext(id, deciding);
  // The hold starts when the request is on screen, not when the page began loading it.
  useEffect(() => {
    if (!held || !deciding) return;
    const timer = setTimeout(() => setHeld(false), ARRIVAL_HOLD_MS);
    return () => clearTimeout(timer);
  }, [held, deciding]);
  // Then the decision the notification named is readied, never made: Approve is focused (or, for a
  // risk that asks more than a click, its confirmation opens); Deny puts the focus in the note.
  const readied = useRef(false);
  useEffect(() => {
    if (held || !deciding || intent === undefined || readied.current || request === undefined || effect === undefined) return;
    readied.current = true;
    if (intent === 'deny') controls.current?.readyDenial();
    else if (gestureFor(request.risk, effect, requesterName(request)).kind === 'click') controls.current?.focusApprove();
    else controls.current?.approve();
  }, [held, deciding, intent, request, effect]);

  if (signOff.isPending)
    return (
      <p role="status" className="muted">
        Loading the request…
      </p>
    );
  if (signOff.isError) return <PageError what="the request" error={signOff.error} onRetry={() => void signOff.refetch()} retrying={signOff.isFetching} />;
  if (request === undefined || effect === undefined) return <NoSuchRequest />;

  // The detail and the decision's confirmation read the same description (worked out once, above).
  return (
    <article aria-labelledby="request-heading" className="request request-page">
      <p>
        <Link href="/inbox">← Inbox</Link>
      </p>
      {/* The page's one heading names the request (the shell's h1 stays hidden for layout, as on every page). */}
      <RequestDetail signOff={request} effect={effect} now={now} heading="h1" headingId="request-heading" />
      {request.state === 'PENDING' || request.state === 'PARTIALLY_APPROVED' ? (
        // On a phone the decision stays in a bar at the bottom of the screen while the owner reads (inbox.css).
        <section aria-label="Decision" className="card stack decision-bar">
          {intent !== undefined && <p role="status">{intentNotice(intent)}</p>}
          {andNext.arrivedFrom !== undefined && <p role="status">{andNext.arrivedFrom}</p>}
          <DecisionControls
            ref={controls}
            held={held || andNext.held}
            andNext={andNext.offered}
            signOff={request}
            effect={effect}
            onSettled={(entry) => {
              setLost(entry.lost);
              // The answer carries the request as it stands: show it now, not after the refetch.
              queryClient.setQueryData(signOffQueries.one(id).queryKey, entry.signOff);
              if (!entry.lost) andNext.moveOn(entry.signOff);
            }}
          />
        </section>
      ) : (
        <section aria-label="Outcome" className="card stack">
          <SettledMessage signOff={request} lost={lost} />
          <RunProgress signOff={request} />
          <ApprovedByRule signOff={request} />
          <Outcome signOff={request} />
          {request.op === 'tenant.inviteOwner' && <InvitationLinkPanel signOff={request} />}
        </section>
      )}
    </article>
  );
}

/** An unknown id and another owner's request look the same: the API answers neither. */
function NoSuchRequest() {
  return (
    <>
      <h1 className="request-title">No such request</h1>
      <p>
        There is no request of yours at this address. It may have been mistyped, or belong to someone else. <Link href="/inbox">Back to the Inbox</Link>
      </p>
    </>
  );
}
