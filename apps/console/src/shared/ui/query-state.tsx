import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageError } from './page-error';

export interface QueryStateProps<TData> {
  query: UseQueryResult<TData>;
  /** Read out while the first answer is awaited, e.g. "Loading agents…". */
  loading: string;
  /** What failed to load, as `PageError` words it: "agents". */
  what: string;
  /** Shown instead of `children` when the answer is an empty list; absent: an empty list renders as any other. */
  empty?: ReactNode;
  children: (data: TData) => ReactNode;
}

/**
 * One query's three states the way every list page shows them: a status
 * while loading, the page error with its Retry on failure, then the data
 * (or the words for none).
 */
export function QueryState<TData>({ query, loading, what, empty, children }: QueryStateProps<TData>) {
  if (query.isPending) return <p role="status">{loading}</p>;
  if (query.isError) return <PageError what={what} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0) return <p className="muted">{empty}</p>;
  return <>{children(query.data)}</>;
}
