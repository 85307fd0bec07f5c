import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MouseEvent, RefObject } from 'react';
import { PageError } from '../../../shared/ui/page-error';
import type { InboxRow } from './inbox-row';
import type { ShownRow } from './shown-rows';
import { HeldRow, SettledRow, TriageRow } from './triage-row';
import { TriageToolbar } from './triage-toolbar';
import { filterChoices, type TriageFilters, type TriageOrder } from './triage-view';
import { BATCH_LIMIT } from './use-inbox-decisions';

export interface InboxListProps {
  pending: Pick<UseInfiniteQueryResult, 'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching' | 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>;
  /** Every waiting request (the filters' choices), those the filters show (select-all), and the lines as shown. */
  waiting: readonly InboxRow[];
  rows: readonly InboxRow[];
  shown: readonly ShownRow[];
  filters: TriageFilters;
  order: TriageOrder;
  onFilters: (filters: TriageFilters) => void;
  onOrder: (order: TriageOrder) => void;
  selected: ReadonlySet<string>;
  setSelected: (update: (current: ReadonlySet<string>) => ReadonlySet<string>) => void;
  now: number;
  /** The open request, the one flashed after a move the owner did not make, and the open one that left (with why). */
  current: string | undefined;
  arrivedId: string | undefined;
  gone: { id: string; text: string | undefined } | undefined;
  onOpen: (id: string, event: MouseEvent<HTMLAnchorElement>) => void;
  links: RefObject<Map<string, HTMLAnchorElement>>;
}

/** "Waiting for you": select-all and the filters on one line, then one line per request (UI1), and Load more. */
export function InboxList({
  pending,
  waiting,
  rows,
  shown,
  filters,
  order,
  onFilters,
  onOrder,
  selected,
  setSelected,
  now,
  current,
  arrivedId,
  gone,
  onOpen,
  links,
}: InboxListProps) {
  const allVisibleSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: string, checked: boolean) =>
    setSelected((set) => {
      const updated = new Set(set);
      if (checked) updated.add(id);
      else updated.delete(id);
      return updated;
    });
  return (
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
            onChange={(event) => setSelected(() => (event.target.checked ? new Set(rows.slice(0, BATCH_LIMIT).map((row) => row.id)) : new Set()))}
          />
          <span>
            Select all<span className="visually-hidden"> visible</span>
          </span>
        </label>
        <TriageToolbar
          filters={filters}
          order={order}
          onFilters={onFilters}
          onOrder={onOrder}
          choices={{
            agents: filterChoices(waiting, (row) => row.agentName),
            ops: filterChoices(waiting, (row) => row.op),
            repositories: filterChoices(waiting, (row) => row.repositoryName),
          }}
        />
      </div>
      {pending.isPending ? (
        <p role="status">Loading requests…</p>
      ) : pending.isError && pending.error !== null ? (
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
                arriving={item.row.id === arrivedId}
                gone={item.row.id === gone?.id ? gone.text : undefined}
                selected={selected.has(item.row.id)}
                onSelect={(checked) => toggle(item.row.id, checked)}
                onOpen={(event) => onOpen(item.row.id, event)}
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
  );
}
