/** One page of a connection, as every paged list answers it. */
export interface PageOf<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** The largest page the API serves: the fewest round trips for a whole list. */
export const PAGE_SIZE = 100;

/**
 * Every node of a connection, reading it `PAGE_SIZE` at a time and
 * following `endCursor` until `hasNextPage` is false: the API answers lists
 * in pages (`first` at most 100); the agent client's list methods and the
 * console's whole lists (those only an owner makes, or capped) read them so.
 */
export async function readAllPages<T>(readPage: (first: number, after: string | null) => Promise<PageOf<T>>): Promise<T[]> {
  const all: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: PageOf<T> = await readPage(PAGE_SIZE, after);
    all.push(...page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return all;
    after = page.pageInfo.endCursor;
  }
}
