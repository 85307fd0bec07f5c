import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { MouseEvent, RefObject } from 'react';
import { PageError } from '../../../shared/ui/page-error';
import type { InboxRow } from './inbox-row';
import type { ShownRow } from './shown-rows';
import { HeldRow, SettledRow, TriageRow } from './triage-row';
import { TriageToolbar } from './triage-toolbar';
import { filterChoices, firstBatch, toggled, type TriageFilters, type TriageOrder } from './triage-view';

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
export function InboxList({ pending, waiting, rows, shown, filters, order, onFilters, onOrder, selected, setSelected, ...lines }: InboxListProps) {
  return (
    <section aria-labelledby="waiting-heading" className="triage-list">
      <h2 id="waiting-heading" className="visually-hidden">
        Waiting for you
      </h2>
      {/* One line above the list, always the same height: select-all, search, and the filters folded behind a button. */}
      <div className="list-tools">
        <SelectAll rows={rows} selected={selected} setSelected={setSelected} />
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
          {shown.map((item) => (
            <ShownLine
              key={item.kind === 'settled' ? item.entry.signOff.id : item.kind === 'held' ? item.request.id : item.row.id}
              item={item}
              selected={selected}
              onSelect={(id, checked) => setSelected((set) => toggled(set, id, checked))}
              {...lines}
            />
          ))}
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

/** Selects the first batch of the requests the filters show (`firstBatch`), or none; checked while every one shown is selected. */
function SelectAll({ rows, selected, setSelected }: Pick<InboxListProps, 'rows' | 'selected' | 'setSelected'>) {
  const allVisibleSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <label className="select-all">
      <input
        type="checkbox"
        checked={allVisibleSelected}
        disabled={rows.length === 0}
        onChange={(event) => setSelected(() => (event.target.checked ? new Set(firstBatch(rows).map((row) => row.id)) : new Set()))}
      />
      <span>
        Select all<span className="visually-hidden"> visible</span>
      </span>
    </label>
  );
}

type LineProps = Pick<InboxListProps, 'now' | 'current' | 'arrivedId' | 'gone' | 'onOpen' | 'links' | 'selected'> & {
  item: ShownRow;
  onSelect: (id: string, checked: boolean) => void;
};

/** One line of the list: a request decided here, one whose decision is held or on its way, or a waiting one to open and select. */
function ShownLine({ item, now, current, arrivedId, gone, onOpen, links, selected, onSelect }: LineProps) {
  if (item.kind === 'settled') return <SettledRow signOff={item.entry.signOff} lost={item.entry.lost} />;
  if (item.kind === 'held') return <HeldRow title={item.request.title} text={item.text} />;
  const { row } = item;
  return (
    <TriageRow
      signOff={row.signOff}
      effect={row.described}
      now={now}
      active={row.id === current}
      arriving={row.id === arrivedId}
      gone={row.id === gone?.id ? gone.text : undefined}
      selected={selected.has(row.id)}
      onSelect={(checked) => onSelect(row.id, checked)}
      onOpen={(event) => onOpen(row.id, event)}
      linkRef={(element) => {
        if (element) links.current.set(row.id, element);
        else links.current.delete(row.id);
      }}
    />
  );
}
