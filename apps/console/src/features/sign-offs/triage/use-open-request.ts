import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { signOffQueries } from '../sign-off-queries';
import { ARRIVAL_HOLD_MS } from './arrival-hold';
import { goneSentence } from './gone-request';
import type { InboxRow } from './inbox-row';
import { triage, type TriageFilters, type TriageOrder } from './triage-view';

export interface OpenRequestInput {
  /** The requests waiting and not decided (or held) from this tab, and those of them the filters show, in order. */
  undecided: readonly InboxRow[];
  rows: readonly InboxRow[];
  filters: TriageFilters;
  order: TriageOrder;
  /** Decided or held from this tab: it did not leave under the owner. */
  decidedHere: (id: string) => boolean;
  /** A decision from this tab still on its way: the request has not left under the owner, even if a refetch no longer lists it. */
  deciding: ReadonlySet<string>;
  viewerId: string | undefined;
}

/**
 * The Inbox's open request (UI5): the one the pane shows and `a`/`d` act
 * on. It changes only by the owner's own j/k/click (`moveTo` with
 * `byOwner`) or by the move after their own decision; the first row shown
 * is pinned. A request that leaves the list under the owner stays open,
 * marked (`gone`), and a change the owner did not make starts the 700 ms
 * hold (`held`) with its row flashed (`arrivedId`). The focus follows: to
 * the row moved to, or back to the row of a request that left.
 */
export function useOpenRequest({ undecided, rows, filters, order, decidedHere, deciding, viewerId }: OpenRequestInput) {
  const [cursor, setCursor] = useState<string>();
  /** The open request as last seen waiting, so it stays in the pane (marked) if it leaves the list under the owner. */
  const [seen, setSeen] = useState<InboxRow>();
  const [focusOn, setFocusOn] = useState<{ id: string | undefined; serial: number }>();
  const [arrived, setArrived] = useState<{ id: string | undefined; serial: number }>();
  const arrive = (id: string | undefined) => setArrived((previous) => ({ id, serial: (previous?.serial ?? 0) + 1 }));
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const pane = useRef<HTMLElement>(null);

  // The first row the Inbox shows is pinned as the open request, so a request arriving above it never takes its place.
  if (cursor === undefined && rows[0] !== undefined) {
    setCursor(rows[0].id);
    arrive(rows[0].id);
  }
  const current = cursor ?? rows[0]?.id;
  // The open request while it waits (filtered out or not: the owner chose it), refreshed with every refetch.
  const waitingRow = undecided.find((row) => row.id === current) ?? (current !== undefined && deciding.has(current) && seen?.id === current ? seen : undefined);
  if (waitingRow !== undefined && waitingRow !== seen) setSeen(waitingRow);
  // It left the list without this tab deciding it (withdrawn, decided elsewhere, expired): it stays open, marked, with nothing to decide.
  const gone = waitingRow === undefined && current !== undefined && !decidedHere(current) && seen?.id === current ? seen : undefined;
  const goneNow = useQuery({ ...signOffQueries.one(gone?.id ?? ''), enabled: gone !== undefined });
  const goneSignOff = gone === undefined ? undefined : goneNow.isSuccess ? goneNow.data : gone.signOff;
  const goneText = gone === undefined ? undefined : goneSentence(goneSignOff ?? null, viewerId);
  // The rows in the list: the waiting ones, and the open request where it was if it left.
  const listed = gone === undefined ? rows : triage([...undecided, gone], filters, order);

  // After a decision the focus goes to the next waiting request (or the heading when none is left), never to the page body.
  useEffect(() => {
    if (!focusOn) return;
    (focusOn.id === undefined ? heading.current : links.current.get(focusOn.id))?.focus();
  }, [focusOn]);

  // When the open request leaves the list and its buttons go, the focus they held returns to its row, never to the page body.
  const goneId = gone?.id;
  useEffect(() => {
    if (goneId === undefined) return;
    const active = document.activeElement;
    if (active === null || active === document.body || pane.current?.contains(active)) links.current.get(goneId)?.focus();
  }, [goneId]);

  // The hold ends ARRIVAL_HOLD_MS after the latest arrival (a new one starts it again).
  useEffect(() => {
    if (arrived === undefined) return;
    const timer = setTimeout(() => setArrived(undefined), ARRIVAL_HOLD_MS);
    return () => clearTimeout(timer);
  }, [arrived]);

  return {
    /** The open request's id. */
    openId: current,
    currentRow: waitingRow ?? gone,
    gone,
    goneSignOff,
    goneText,
    listed,
    /** a/d/batch are inert: the open request came without the owner's own j/k/click a moment ago. */
    held: arrived !== undefined,
    arrivedId: arrived?.id,
    links,
    heading,
    pane,
    /** Opens `id` and focuses its row: by the owner's own j/k (no hold), or after their decision (held: a/d/batch wait a moment). */
    moveTo: (id: string | undefined, { byOwner }: { byOwner: boolean }) => {
      setCursor(id);
      setFocusOn((previous) => ({ id, serial: (previous?.serial ?? 0) + 1 }));
      if (byOwner) setArrived(undefined);
      else arrive(id);
    },
    /** The owner's own click on a row: it opens with no hold, and the focus stays where the click put it. */
    openByOwner: (id: string) => {
      setCursor(id);
      setArrived(undefined);
    },
  };
}
