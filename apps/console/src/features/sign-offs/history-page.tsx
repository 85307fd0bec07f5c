import { useInfiniteQuery } from '@tanstack/react-query';
import { PageError } from '../../shared/ui/page-error';
import { NextPageButton } from '../../shared/ui/next-page-button';
import { TableHead } from '../../shared/ui/table-head';
import { HistoryFiltersForm } from './history-filters';
import { historyQueries } from './history-queries';
import { HistoryRow } from './history-row';
import { spanIsBackwards, useHistoryFilters } from './history-search';
import './history.css';

/**
 * Every request that is no longer waiting, most recently decided first: one
 * compact row each, opening onto the input, reason, note, timing and the fate
 * of any secret. Filtered on the server by state, agent and the days asked,
 * the filters kept in the address so a view can be linked.
 */
export function HistoryPage() {
  const [filters, setFilters] = useHistoryFilters();
  const backwards = spanIsBackwards(filters);
  const history = useInfiniteQuery({ ...historyQueries.list(filters), enabled: !backwards });

  const decided = history.data?.pages.flatMap((page) => page.nodes) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <h1>History</h1>
      <p className="muted">What your agents asked for and what came of it.</p>
      <HistoryFiltersForm filters={filters} onChange={setFilters} />

      <section aria-labelledby="history-list-heading">
        <h2 id="history-list-heading" className="visually-hidden">
          Decided requests
        </h2>
        {backwards ? null : history.isPending ? (
          <p role="status">Loading history…</p>
        ) : history.isError && decided.length === 0 ? (
          <PageError what="the history" error={history.error} onRetry={() => void history.refetch()} retrying={history.isRefetching} />
        ) : decided.length === 0 ? (
          <p className="muted">{filtered ? 'No decided requests match these filters.' : 'No decided requests yet.'}</p>
        ) : (
          <table className="history-table">
            <TableHead columns={['Request', 'State', 'When', 'Outcome']} />
            {decided.map((signOff) => (
              <HistoryRow key={signOff.id} signOff={signOff} />
            ))}
          </table>
        )}
        {!backwards && <NextPageButton query={history} label="Load more" />}
      </section>
    </>
  );
}
