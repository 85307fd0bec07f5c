import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { sessionQueries } from '../session/session-queries';
import type { DecisionHandle } from './decision-controls';
import { useNow } from './sign-off-display';
import { signOffQueries } from './sign-off-queries';
import { startTriage } from './triage/and-next';
import { SelectionBar, type BatchHandle } from './triage/batch-bar';
import { heldSentence } from './triage/held-decision';
import { InboxHeading } from './triage/inbox-heading';
import { inboxCommands } from './triage/inbox-commands';
import { InboxList } from './triage/inbox-list';
import { InboxToast, useToast } from './triage/inbox-toast';
import { RequestPane } from './triage/request-pane';
import { ShortcutsDialog } from './triage/shortcuts-dialog';
import { placeRows } from './triage/shown-rows';
import { NO_FILTERS, toggled, triage, type TriageFilters, type TriageOrder } from './triage/triage-view';
import { useDecidingIds, useInboxDecisions, useInboxUndo } from './triage/use-inbox-decisions';
import { useInboxKeys } from './triage/use-inbox-keys';
import { useMediaQuery } from './triage/use-media-query';
import { useOpenRequest } from './triage/use-open-request';
import { useSettledRows } from './triage/use-settled-rows';
import { useWaitingRows } from './triage/use-waiting-rows';
import './triage/inbox.css';

/** Wide enough for the list and the open request side by side; narrower, a request opens on its own page. */
const SIDE_BY_SIDE = '(min-width: 1000px)';

/**
 * The owner's pending requests as a triage list (live, see
 * `signOffLiveEvents`): one line each, filtered, searched and sorted; on a
 * wide screen the request under the cursor opens beside the list
 * (`useOpenRequest` keeps it from changing under the owner). Decisions go
 * one at a time through the request's gesture, or in a batch, a low-risk
 * one by key held 5 s for Undo (`useInboxDecisions`); the keyboard does
 * everything (`?` lists the keys, `inboxCommands` what each does).
 */
export function InboxPage() {
  const pending = useInfiniteQuery(signOffQueries.pending());
  const count = useQuery(signOffQueries.pendingCount());
  const viewer = useQuery(sessionQueries.current()).data?.viewer;
  const now = useNow();
  const wide = useMediaQuery(SIDE_BY_SIDE);
  const [filters, setFilters] = useState<TriageFilters>(NO_FILTERS);
  const [order, setOrder] = useState<TriageOrder>('timeLeft');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [showingKeys, setShowingKeys] = useState(false);
  const { settled, record } = useSettledRows();
  const [toast, say] = useToast();
  const undoable = useInboxUndo({ record, say });
  const decision = useRef<DecisionHandle>(null);
  const batch = useRef<BatchHandle>(null);
  const paneHeadingId = useId();
  const deciding = useDecidingIds();

  // Waiting, less what this tab decided or holds for Undo (those rows are shown in their places by placeRows).
  const { waiting, undecided, decidedHere, heldLines } = useWaitingRows(pending.data, settled, undoable);
  const rows = triage(undecided, filters, order);
  const viewerId = viewer?.__typename === 'Owner' ? viewer.id : undefined;
  const { openId, currentRow, gone, goneSignOff, goneText, listed, held, arrivedId, links, heading, pane, moveTo, openByOwner } = useOpenRequest({
    ...{ undecided, rows, filters, order, decidedHere, deciding, viewerId },
  });
  const ids = rows.map((row) => row.id);
  const chosen = rows.filter((row) => selected.has(row.id));
  const decide = useInboxDecisions({ ids, chosen, held, undoable, record, say, setSelected, moveTo: moveTo });

  const openRow = (id: string, event: MouseEvent<HTMLAnchorElement>) => {
    openByOwner(id);
    // Narrower, the link goes to the request's own page, where deciding moves on to the next (UI7).
    if (!wide) return startTriage();
    event.preventDefault();
    document.getElementById(paneHeadingId)?.focus();
  };
  const toggle = (id: string) => setSelected((set) => toggled(set, id));
  useInboxKeys(() =>
    inboxCommands({
      ...{ current: openId, gone: gone !== undefined, listedIds: listed.map((row) => row.id), chosen, held, wide, moveTo, say },
      ...{ decision: () => decision.current, batch: () => batch.current, toggleSelected: toggle, decideSelected: decide.decideSelected, undo: decide.undo },
      showShortcuts: () => setShowingKeys(true),
    }),
  );

  return (
    <div className={`inbox${wide ? ' side-by-side' : ''}`}>
      <div className="triage">
        <InboxHeading ref={heading} total={count.data ?? waiting.length} onShowKeys={() => setShowingKeys(true)} />
        <InboxList
          {...{ pending, waiting, rows, filters, order, selected, setSelected, now, links, onOpen: openRow }}
          shown={placeRows(listed, settled.values(), heldLines)}
          onFilters={setFilters}
          onOrder={setOrder}
          current={openId}
          arrivedId={arrivedId}
          gone={gone && { id: gone.id, text: goneText }}
        />
        {/* After the list, sticky at the screen's foot: appearing, it pushes no row from under the pointer (UI4). */}
        <SelectionBar
          ref={batch}
          chosen={chosen}
          error={decide.decideMany.error}
          pending={decide.decideMany.pending}
          onDecide={decide.decideSelected}
          onClear={() => setSelected(new Set())}
        />
      </div>
      {wide && currentRow && (
        <RequestPane
          key={currentRow.id}
          row={currentRow}
          gone={gone && { signOff: goneSignOff, text: goneText }}
          {...{ now, held, headingId: paneHeadingId, paneRef: pane, decisionRef: decision }}
          onKeyDecision={(keyed) => currentRow && decide.holdForUndo([currentRow], { ...keyed, single: true })}
          onSettled={decide.settleOne}
        />
      )}
      <InboxToast message={undoable.held ? heldSentence(undoable.held) : toast} onUndo={undoable.held ? decide.undo : undefined} />
      {showingKeys && <ShortcutsDialog onClose={() => setShowingKeys(false)} />}
    </div>
  );
}
