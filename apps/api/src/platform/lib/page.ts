import { graphQLError } from './errors.js';
import { isUuid } from './validation.js';

/** A page as every connection answers it (`nodes`, `pageInfo`), as `signOffs` does. */
export interface Page<T> {
  nodes: T[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Where a keyset page starts: `size` rows after the row the cursor names (none: from the top). */
export interface PageWindow<C> {
  size: number;
  after: C | undefined;
}

/** The largest `first` any connection takes: a page is one bounded read, whatever the caller owns. */
export const MAX_PAGE_SIZE = 100;

/**
 * Checks `first` (1 to 100) and reads `after` with `read`, which returns
 * undefined for anything that is not a cursor this list gave out: both are
 * BAD_INPUT before anything is read.
 */
export function pageWindow<C>(first: number, after: string | null | undefined, read: (value: unknown) => C | undefined): PageWindow<C> {
  if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) throw graphQLError('BAD_INPUT', `"first" must be from 1 to ${MAX_PAGE_SIZE}.`);
  if (after == null) return { size: first, after: undefined };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(after, 'base64url').toString());
  } catch {
    decoded = undefined;
  }
  const position = read(decoded);
  if (position === undefined) throw graphQLError('BAD_INPUT', 'That cursor is not one this API gave out: "after" takes the endCursor of an earlier page.');
  return { size: first, after: position };
}

/**
 * The page of `rows`, read with `size + 1` as the limit: the extra row only
 * says that there is a next page. The end cursor is `cursorOf` the last row shown.
 */
export function pageOf<T>(rows: T[], size: number, cursorOf: (row: T) => unknown): Page<T> {
  const nodes = rows.slice(0, size);
  const last = nodes.at(-1);
  return {
    nodes,
    pageInfo: { hasNextPage: rows.length > size, endCursor: last === undefined ? null : Buffer.from(JSON.stringify(cursorOf(last))).toString('base64url') },
  };
}

/** A cursor that is a row's uuid (lists ordered by time, the id breaking ties). */
export function uuidCursor(value: unknown): string | undefined {
  return typeof value === 'string' && isUuid(value) ? value : undefined;
}

/** A cursor that is a name of at most `max` characters (lists ordered by a unique name). */
export function nameCursor(max: number): (value: unknown) => string | undefined {
  return (value) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
}
