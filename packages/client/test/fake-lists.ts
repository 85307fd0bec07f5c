import type { SignOff, SignOffState } from '../src/types.js';

/** The `signOffs` query's arguments, as GraphQL passes them (left out or null). */
export interface SignOffsArgs {
  state?: SignOffState | null;
  decided?: boolean | null;
  first?: number | null;
  after?: string | null;
}

/**
 * The API's order and paging for an agent's requests: pending first, oldest
 * at the top, then the rest, most recently decided first; `after` is the
 * last id of the page before. Enough of the real rules for the client's
 * paging to be tested; the API's own tests hold the rest.
 */
export function pageOfSignOffs(all: Iterable<SignOff>, { state, decided, first, after }: SignOffsArgs) {
  const kept = [...all].filter((signOff) => (!state || signOff.state === state) && (typeof decided !== 'boolean' || decided === (signOff.state !== 'PENDING')));
  const pending = kept.filter((signOff) => signOff.state === 'PENDING').sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
  const rest = kept.filter((signOff) => signOff.state !== 'PENDING').sort((a, b) => (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''));
  const ordered = [...pending, ...rest];
  const start = after ? ordered.findIndex((signOff) => signOff.id === after) + 1 : 0;
  const nodes = ordered.slice(start, start + (first ?? 20));
  return { nodes, pageInfo: { hasNextPage: start + nodes.length < ordered.length, endCursor: nodes.at(-1)?.id ?? null } };
}

/**
 * A page of an ordered list as the API's connections answer one: `first`
 * rows after the row whose key is `after`. The API's own tests hold its
 * keyset order; this is enough for the client's paging to be tested.
 */
export function pageOfList<T>(ordered: T[], { first, after }: { first?: number | null; after?: string | null }, keyOf: (row: T) => string) {
  const start = after ? ordered.findIndex((row) => keyOf(row) === after) + 1 : 0;
  const nodes = ordered.slice(start, start + (first ?? 20));
  const last = nodes.at(-1);
  return { nodes, pageInfo: { hasNextPage: start + nodes.length < ordered.length, endCursor: last === undefined ? null : keyOf(last) } };
}

/** A connection's paging arguments, as GraphQL passes them. */
export interface PageArgs {
  first?: number | null;
  after?: string | null;
}
