/** What the button needs of an infinite query (TanStack's `useInfiniteQuery` result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** Asks for a list's next page while there is one; every paged list offers it the same way. */
export function NextPageButton({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <button type="button" className="secondary" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
      {query.isFetchingNextPage ? 'Loading…' : label}
    </button>
  );
}
