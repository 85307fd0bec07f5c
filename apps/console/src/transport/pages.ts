/** One page of a connection, as every paged list answers it. */
export interface PageOf<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

/** The largest page the API serves (`first` at most 100). */
export const PAGE_SIZE = 100;

/**
 * Every node of a connection, read `PAGE_SIZE` at a time, following
 * `endCursor`: for the lists only the owner makes (agents, authorities,
 * tokens, keys, rules) or that are capped (1,000 repositories), which the
 * console shows whole. Lists agents can grow without a cap (the registry's)
 * are shown a page at a time instead.
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
