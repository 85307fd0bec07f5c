import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SignOffFieldsFragment } from '../../../gql/graphql';
import { navigate } from '../../../shared/router';
import { settledSentence } from '../decision-controls';
import { requestPath, requestTitle } from '../sign-off-display';
import { signOffQueries } from '../sign-off-queries';
import { ARRIVAL_HOLD_MS } from './arrival-hold';
import { nextAfter } from './triage-view';
import { useMediaQuery } from './use-media-query';

/** Narrower than the Inbox's side-by-side view: there a request opens on its own page, and deciding it moves on to the next (UI7). */
const NARROW = '(max-width: 999px)';

/** What the page moved on from: the request just decided, said in one line on the next one's page. */
let movedOn: { to: string; said: string } | undefined;
/** The owner opened a request from the Inbox's list (not by a notification's or an e-mail's address): they are triaging. */
let triaging = false;

/** The Inbox opened a request on its own page (a narrow screen): deciding it may move on to the next. */
export function startTriage(): void {
  triaging = true;
}

/**
 * "Approve & next" / "Deny & next" on a request's own page when the screen is
 * narrow: after the owner's own decision the page moves to the next waiting
 * request (in the Inbox's default order, time left), says what became of the
 * one before, and holds Approve and Deny for ARRIVAL_HOLD_MS as the Inbox
 * does after its own move (UI5), counted from when the request is `shown`
 * (loaded and undecided). Offered only while another request waits, and
 * to an owner who came from the Inbox's list: a request opened by its
 * address (a notification, an e-mail) is one request, decided where it is.
 */
export function useAndNext(
  id: string,
  shown: boolean,
): {
  /** Whether the buttons say "& next" (narrow, from the Inbox, and another request waits). */
  offered: boolean;
  /** The page was reached by the move after a decision, a moment ago: Approve and Deny wait. */
  held: boolean;
  /** What became of the request decided before the move, for a status line. */
  arrivedFrom: string | undefined;
  /** After the owner's own decision (not a lost race): moves to the next request, if offered. */
  moveOn: (decided: SignOffFieldsFragment) => void;
} {
  const narrow = useMediaQuery(NARROW) && triaging;
  const pending = useInfiniteQuery({ ...signOffQueries.pending(), enabled: narrow });
  const order = (pending.data?.pages.flatMap((page) => page.nodes) ?? [])
    .map((signOff, index) => ({ signOff, index }))
    .sort((a, b) => Date.parse(a.signOff.expiresAt) - Date.parse(b.signOff.expiresAt) || a.index - b.index)
    .map(({ signOff }) => signOff.id);
  const next = order.includes(id) ? nextAfter(order, new Set([id])) : order[0];
  const offered = narrow && next !== undefined && next !== id;

  const [arrivedFor, setArrivedFor] = useState(() => arrivalAt(id));
  // The page is reused from one request to the next: what it arrived with is read again for each.
  if (arrivedFor.id !== id) setArrivedFor(arrivalAt(id));
  const held = arrivedFor.held;
  // Read once: coming back to this page later (Back) is the owner's own move, with nothing to hold.
  useEffect(() => {
    if (movedOn?.to === arrivedFor.id) movedOn = undefined;
  }, [arrivedFor.id]);
  useEffect(() => {
    if (!held || !shown) return;
    const timer = setTimeout(() => setArrivedFor((current) => ({ ...current, held: false })), ARRIVAL_HOLD_MS);
    return () => clearTimeout(timer);
  }, [held, shown, arrivedFor.id]);

  return {
    offered,
    held,
    arrivedFrom: arrivedFor.said,
    moveOn: (decided) => {
      if (!offered || next === undefined) return;
      movedOn = { to: next, said: `${requestTitle(decided)}: ${settledSentence({ signOff: decided, lost: false })}` };
      navigate(requestPath(next));
    },
  };
}

/** What the page for `id` arrived with: the line about the request decided before, and whether to hold. */
function arrivalAt(id: string): { id: string; said: string | undefined; held: boolean } {
  const arrival = movedOn?.to === id ? movedOn : undefined;
  return { id, said: arrival?.said, held: arrival !== undefined };
}
