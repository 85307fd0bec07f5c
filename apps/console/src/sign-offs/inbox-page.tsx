import { useInfiniteQuery, useMutationState, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type MouseEvent } from 'react';
import { PageError } from '../layout/page-error';
import { navigate } from '../router';
import { sessionQueries } from '../session/session-queries';
import { useResultMutation } from '../transport/use-result-mutation';
import { DecisionControls, settledSentence, type DecisionHandle, type KeyDecision, type Settled } from './decision-controls';
import { RequestDetail } from './request-detail';
import { requestPath, requestTitle, useNow } from './sign-off-display';
import { signOffMutations, signOffQueries } from './sign-off-queries';
import { startTriage } from './triage/and-next';
import { ARRIVAL_HOLD_MS } from './triage/arrival-hold';
import { BatchBar, type BatchHandle } from './triage/batch-bar';
import { batchOutcome } from './triage/batch-outcome';
import { decidingIds, goneSentence } from './triage/gone-request';
import { droppedSentence, heldSentence, undoneSentence, type HeldRequest } from './triage/held-decision';
import { InboxToast, useToast } from './triage/inbox-toast';
import { toInboxRow, type InboxRow } from './triage/inbox-row';
import { ShortcutsDialog } from './triage/shortcuts-dialog';
import { HeldRow, SettledRow, TriageRow } from './triage/triage-row';
import { TriageToolbar } from './triage/triage-toolbar';
import { filterChoices, moveCursor, nextAfter, NO_FILTERS, triage, type TriageFilters, type TriageOrder } from './triage/triage-view';
import { useHeldDecision } from './triage/use-held-decision';
import { useInboxKeys } from './triage/use-inbox-keys';
import { useMediaQuery } from './triage/use-media-query';
import { useSettledRows, type SettledEntry } from './triage/use-settled-rows';
import './triage/inbox.css';

/** Wide enough for the list and the open request side by side; narrower, a request opens on its own page. */
const SIDE_BY_SIDE = '(min-width: 1000px)';
/** The most requests one batch decides (the API's limit). */
const BATCH_LIMIT = 100;

/**
 * The owner's pending requests as a triage list (live, see
 * `signOffLiveEvents`): one line each, filtered, searched and sorted; on a
 * wide screen the request under the cursor opens beside the list. Decisions
 * go one at a time through the request's gesture, or in a batch; the
 * keyboard does everything (`?` lists the keys).
 */
export function InboxPage() {
  const pending = useInfiniteQuery(signOffQueries.pending());
  const count = useQuery(signOffQueries.pendingCount());
  const now = useNow();
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const [filters, setFilters] = useState<TriageFilters>(NO_FILTERS);
  const [order, setOrder] = useState<TriageOrder>('timeLeft');
  /** The open request: set only by the owner's own j/k/click, or by the move after their own decision (UI5). */
  const [cursor, setCursor] = useState<string>();
  /** The open request as last seen waiting, so it stays in the pane (marked) if it leaves the list under the owner. */
  const [seen, setSeen] = useState<InboxRow>();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { settled, record } = useSettledRows();
  const [toast, setToast] = useToast();
  const queryClient = useQueryClient();
  const [showingKeys, setShowingKeys] = useState(false);
  const [focusOn, setFocusOn] = useState<{ id: string | undefined; serial: number }>();
  /** The open request came without the owner's own j/k/click: flashed, and a/d/batch inert, for ARRIVAL_HOLD_MS. */
  const [arrived, setArrived] = useState<{ id: string | undefined; serial: number }>();
  const held = arrived !== undefined;
  const arrive = (id: string | undefined) => setArrived((previous) => ({ id, serial: (previous?.serial ?? 0) + 1 }));
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const decision = useRef<DecisionHandle>(null);
  const batch = useRef<BatchHandle>(null);
  const pane = useRef<HTMLElement>(null);
  const paneHeadingId = useId();
  const session = useQuery(sessionQueries.current());
  const viewer = session.data?.viewer;
  const deciding = decidingIds(
    useMutationState({ filters: { mutationKey: signOffQueries.all(), status: 'pending' }, select: (mutation) => mutation.state.variables }),
  );

  // A low-risk decision made by key waits 5 s for Undo (UI5); its requests leave the list meanwhile, and while it is on its way.
  const undoable = useHeldDecision({
    waitingNow: () => {
      const cached = queryClient.getQueryData<InfiniteData<{ nodes: { id: string }[] }>>(signOffQueries.pending().queryKey);
      return new Set(cached?.pages.flatMap((page) => page.nodes.map((node) => node.id)) ?? []);
    },
    onDropped: (decision, fate) => setToast(droppedSentence(decision, fate)),
    onSent: (decision, sent, answer) => {
      const indexes = new Map(sent.map((request) => [request.id, request.index]));
      answer.then(
        (outcome) => {
          record(outcome.settled, (id) => indexes.get(id) ?? 0);
          setToast(outcome.message);
        },
        (error: unknown) =>
          setToast(
            `${decision.approve ? 'Approving' : 'Denying'} failed: ${error instanceof Error ? error.message : String(error)} Nothing was decided; it still waits.`,
          ),
      );
      // Whatever the answer, every list and the count refetch, as after any decision (even once the Inbox is left).
      void answer.finally(() => queryClient.invalidateQueries({ queryKey: signOffQueries.all() })).catch(() => undefined);
    },
  });
  const heldIds = new Set([...(undoable.held?.requests ?? []), ...undoable.sending].map((request) => request.id));

  const waiting = useMemo(() => (pending.data?.pages.flatMap((page) => page.nodes) ?? []).map(toInboxRow), [pending.data]);
  const undecided = waiting.filter((row) => !settled.has(row.id) && !heldIds.has(row.id));
  const rows = triage(undecided, filters, order);
  // The first row the Inbox shows is pinned as the open request, so a request arriving above it never takes its place.
  if (cursor === undefined && rows[0] !== undefined) {
    setCursor(rows[0].id);
    arrive(rows[0].id);
  }
  const current = cursor ?? rows[0]?.id;
  // The open request while it waits (filtered out or not: the owner chose it), refreshed with every refetch;
  // while this tab's own decision on it is on its way, it has not left under the owner even if a refetch no longer lists it.
  const waitingRow = undecided.find((row) => row.id === current) ?? (current !== undefined && deciding.has(current) && seen?.id === current ? seen : undefined);
  if (waitingRow !== undefined && waitingRow !== seen) setSeen(waitingRow);
  // It left the list without this tab deciding it (withdrawn, decided elsewhere, expired): it stays open, marked, with nothing to decide.
  const gone = waitingRow === undefined && current !== undefined && !settled.has(current) && !heldIds.has(current) && seen?.id === current ? seen : undefined;
  const goneNow = useQuery({ ...signOffQueries.one(gone?.id ?? ''), enabled: gone !== undefined });
  const goneSignOff = gone === undefined ? undefined : goneNow.isSuccess ? goneNow.data : gone.signOff;
  const goneText = gone === undefined ? undefined : goneSentence(goneSignOff ?? null, viewer?.__typename === 'Owner' ? viewer.id : undefined);
  // The rows in the list: the waiting ones, and the open request where it was if it left.
  const listed = gone === undefined ? rows : triage([...undecided, gone], filters, order);
  const ids = rows.map((row) => row.id);
  const listedIds = listed.map((row) => row.id);
  const currentRow = waitingRow ?? gone;
  const chosen = rows.filter((row) => selected.has(row.id));

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

  /** Opens `id` and focuses its row: by the owner's own j/k (no hold), or after their decision (held: a/d/batch wait a moment). */
  const moveTo = (id: string | undefined, { byOwner }: { byOwner: boolean }) => {
    setCursor(id);
    setFocusOn((previous) => ({ id, serial: (previous?.serial ?? 0) + 1 }));
    if (byOwner) setArrived(undefined);
    else arrive(id);
  };

  /** The requests decided (or held for Undo) leave the selection, and the cursor moves on to the next waiting one. */
  const moveOnFrom = (decided: ReadonlySet<string>) => {
    setSelected((current) => new Set([...current].filter((id) => !decided.has(id))));
    moveTo(nextAfter(ids, decided), { byOwner: false });
  };
  const settle = (entries: readonly Settled[]) => {
    record(entries, (id) => ids.indexOf(id));
    moveOnFrom(new Set(entries.map((entry) => entry.signOff.id)));
  };

  /** Holds a low-risk decision made by key for Undo (UI5): its rows leave the list, the toast says when it is sent. */
  const holdForUndo = (requests: readonly InboxRow[], decision: Omit<KeyDecision, 'approve'> & { approve: boolean; single: boolean }) => {
    const held: HeldRequest[] = requests.map((row) => ({ id: row.id, title: requestTitle(row.signOff), index: Math.max(0, ids.indexOf(row.id)) }));
    undoable.hold({ requests: held, ...decision });
    setToast(undefined);
    moveOnFrom(new Set(held.map((request) => request.id)));
  };
  const undo = () => {
    const undone = undoable.undo();
    if (undone === undefined) return;
    setToast(undoneSentence(undone));
    // The requests come back as they were: a batch selected again, the cursor on the first of them (the owner's own doing: no wait).
    if (!undone.single) setSelected(new Set(undone.requests.map((request) => request.id)));
    moveTo(undone.requests[0]?.id, { byOwner: true });
  };

  const decideMany = useResultMutation(signOffMutations.decideMany(), {
    onSuccess: (results, input) => {
      const outcome = batchOutcome(results, input.approve);
      settle(outcome.settled);
      setToast(outcome.message);
    },
  });
  const decideSelected = (approve: boolean, note: string | null = null, { byKey = false } = {}) => {
    if (held) return;
    const batch = chosen.slice(0, BATCH_LIMIT);
    if (byKey && batch.every((row) => row.risk === 'LOW')) holdForUndo(batch, { approve, note, single: false });
    else decideMany.mutate({ ids: batch.map((row) => row.id), approve, note });
  };

  const allLowRisk = chosen.every((row) => row.risk === 'LOW');

  const open = (id: string, event?: MouseEvent<HTMLAnchorElement>) => {
    setCursor(id);
    setArrived(undefined);
    if (!wide) {
      // The link goes to the request's own page, where deciding moves on to the next (UI7).
      startTriage();
      return;
    }
    event?.preventDefault();
    document.getElementById(paneHeadingId)?.focus();
  };

  useInboxKeys({
    // From a request that left, j and k step to its neighbours in the list as shown.
    next: () => moveTo(moveCursor(listedIds, current, 1), { byOwner: true }),
    previous: () => moveTo(moveCursor(listedIds, current, -1), { byOwner: true }),
    toggleSelected: () => {
      if (current === undefined || gone !== undefined) return;
      setSelected((set) => {
        const updated = new Set(set);
        if (!updated.delete(current)) updated.add(current);
        return updated;
      });
    },
    approve: () => {
      if (held) return;
      if (chosen.length > 0) {
        if (allLowRisk) decideSelected(true, null, { byKey: true });
        else setToast('Only low-risk requests can be approved together: open the others one by one.');
      } else if (current !== undefined) {
        // A request that left has no buttons in the pane (decision.current is null): a approves nothing in its place.
        if (wide) decision.current?.approve({ byKey: true });
        else {
          startTriage();
          navigate(requestPath(current));
        }
      }
    },
    deny: () => {
      if (held) return;
      if (chosen.length > 0) batch.current?.readyDenial();
      else if (current !== undefined) {
        if (wide) decision.current?.readyDenial();
        else {
          startTriage();
          navigate(requestPath(current));
        }
      }
    },
    undo,
    showShortcuts: () => setShowingKeys(true),
  });

  // The settled rows keep their places among the waiting ones.
  // The settled rows, and those held for Undo or on their way, keep their places among the waiting ones.
  type Shown = { kind: 'waiting'; row: InboxRow } | { kind: 'settled'; entry: SettledEntry } | { kind: 'held'; request: HeldRequest; text: string };
  const shown: Shown[] = listed.map((row) => ({ kind: 'waiting', row }));
  const placed: (Shown & { index: number })[] = [
    ...[...settled.values()].map((entry) => ({ kind: 'settled' as const, entry, index: entry.index })),
    ...(undoable.held?.requests ?? []).map((request) => ({
      kind: 'held' as const,
      request,
      text: `${heldSentence({ ...undoable.held!, requests: [request] })} — Undo in the toast`,
      index: request.index,
    })),
    ...undoable.sending.map((request) => ({ kind: 'held' as const, request, text: 'Sending your decision…', index: request.index })),
  ];
  for (const item of placed.sort((a, b) => a.index - b.index)) shown.splice(Math.min(item.index, shown.length), 0, item);

  const total = count.data ?? waiting.length;
  const allVisibleSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  return (
    <div className={`inbox${wide ? ' side-by-side' : ''}`}>
      <div className="triage">
        <header className="inbox-heading">
          <h1 ref={heading} tabIndex={-1}>
            Inbox <span className="count">{total === 0 ? 'nothing waits' : `${total} waiting`}</span>
          </h1>
          <button type="button" className="secondary" aria-keyshortcuts="?" onClick={() => setShowingKeys(true)}>
            Keyboard shortcuts
          </button>
        </header>
        <section aria-labelledby="waiting-heading" className="triage-list">
          <h2 id="waiting-heading" className="visually-hidden">
            Waiting for you
          </h2>
          {/* One line above the list, always the same height: select-all, search, and the filters folded behind a button. */}
          <div className="list-tools">
            <label className="select-all">
              <input
                type="checkbox"
                checked={allVisibleSelected}
                disabled={rows.length === 0}
                onChange={(event) => setSelected(event.target.checked ? new Set(rows.slice(0, BATCH_LIMIT).map((row) => row.id)) : new Set())}
              />
              <span>
                Select all<span className="visually-hidden"> visible</span>
              </span>
            </label>
            <TriageToolbar
              filters={filters}
              order={order}
              onFilters={setFilters}
              onOrder={setOrder}
              choices={{
                agents: filterChoices(waiting, (row) => row.agentName),
                ops: filterChoices(waiting, (row) => row.op),
                repositories: filterChoices(waiting, (row) => row.repositoryName),
              }}
            />
          </div>
          {pending.isPending ? (
            <p role="status">Loading requests…</p>
          ) : pending.isError ? (
            <PageError what="your requests" error={pending.error} onRetry={() => void pending.refetch()} retrying={pending.isFetching} />
          ) : shown.length === 0 ? (
            <p className="muted">{waiting.length === 0 ? 'Nothing waits for you.' : 'No waiting request matches these filters.'}</p>
          ) : (
            <ul className="rows">
              {shown.map((item) =>
                item.kind === 'settled' ? (
                  <SettledRow key={item.entry.signOff.id} signOff={item.entry.signOff} lost={item.entry.lost} />
                ) : item.kind === 'held' ? (
                  <HeldRow key={item.request.id} title={item.request.title} text={item.text} />
                ) : (
                  <TriageRow
                    key={item.row.id}
                    signOff={item.row.signOff}
                    effect={item.row.described}
                    now={now}
                    active={item.row.id === current}
                    arriving={item.row.id === arrived?.id}
                    gone={item.row.id === gone?.id ? goneText : undefined}
                    selected={selected.has(item.row.id)}
                    onSelect={(checked) =>
                      setSelected((set) => {
                        const updated = new Set(set);
                        if (checked) updated.add(item.row.id);
                        else updated.delete(item.row.id);
                        return updated;
                      })
                    }
                    onOpen={(event) => open(item.row.id, event)}
                    linkRef={(element) => {
                      if (element) links.current.set(item.row.id, element);
                      else links.current.delete(item.row.id);
                    }}
                  />
                ),
              )}
            </ul>
          )}
          {pending.hasNextPage && (
            <button type="button" className="secondary" onClick={() => void pending.fetchNextPage()} disabled={pending.isFetchingNextPage}>
              {pending.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
        </section>
        {/* After the list, sticky at the screen's foot: appearing, it pushes no row from under the pointer (UI4). */}
        {decideMany.error && (
          <p role="alert" className="error">
            Deciding the selection failed: {decideMany.error}
          </p>
        )}
        {chosen.length > 0 && (
          <BatchBar
            ref={batch}
            count={chosen.length}
            allLowRisk={allLowRisk}
            pending={decideMany.pending}
            onApprove={() => decideSelected(true)}
            onDeny={(note, byKey) => decideSelected(false, note, { byKey })}
            onClear={() => setSelected(new Set())}
          />
        )}
      </div>
      {wide && currentRow && (
        <article ref={pane} aria-labelledby={paneHeadingId} className="request-pane card stack" key={currentRow.id}>
          {/* The effect described once for the row (toInboxRow) serves the pane as well. */}
          <RequestDetail signOff={goneSignOff ?? currentRow.signOff} effect={currentRow.described} now={now} heading="h2" headingId={paneHeadingId} />
          {gone === undefined ? (
            <section aria-label="Decision" className="stack">
              <DecisionControls
                ref={decision}
                held={held}
                signOff={currentRow.signOff}
                effect={currentRow.described}
                onKeyDecision={(keyed) => holdForUndo([currentRow], { ...keyed, single: true })}
                onSettled={(entry) => {
                  settle([entry]);
                  setToast(`${requestTitle(entry.signOff)}: ${settledSentence(entry)}`);
                }}
              />
            </section>
          ) : (
            <p role="status" className="gone-note">
              {goneText}
            </p>
          )}
        </article>
      )}
      <InboxToast message={undoable.held ? heldSentence(undoable.held) : toast} onUndo={undoable.held ? undo : undefined} />
      {showingKeys && <ShortcutsDialog onClose={() => setShowingKeys(false)} />}
    </div>
  );
}
