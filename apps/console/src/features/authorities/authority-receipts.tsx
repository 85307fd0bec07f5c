import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import type { AmountFieldsFragment, AuthorityFieldsFragment, ReceiptFieldsFragment } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';
import { DIMENSIONS, formatAmount, formatCount, formatMoney } from './amount-format';
import { authorityQueries } from './authority-queries';

/** One authority's receipts, newest first, a page at a time; kept live by `authorityLiveEvents`. */
export function AuthorityReceipts({ authority }: { authority: AuthorityFieldsFragment }) {
  const receipts = useInfiniteQuery(authorityQueries.receipts(authority.id));
  const currency = authority.currency ?? null;
  const nodes: ReceiptFieldsFragment[] = receipts.data?.pages.flatMap((page) => page.nodes) ?? [];

  if (receipts.isPending)
    return (
      <p role="status" className="muted small">
        Loading receipts…
      </p>
    );
  if (receipts.isError)
    return (
      <p role="alert" className="error">
        Could not load receipts: {receipts.error.message}
      </p>
    );
  if (nodes.length === 0) return <p className="muted small">No draws yet.</p>;
  return (
    <div className="receipts">
      <table>
        <caption>Receipts</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Dispatch key</th>
            <th scope="col">Tokens</th>
            {currency && <th scope="col">Money</th>}
            <th scope="col">Remaining after</th>
            <th scope="col">Drawn</th>
          </tr>
        </thead>
        <tbody>
          {nodes.map((receipt) => (
            <tr key={receipt.ordinal}>
              <td>{formatCount(receipt.ordinal)}</td>
              <th scope="row">
                <code>{receipt.dispatchKey}</code>
              </th>
              <td className="nowrap">{formatCount(receipt.tokens)}</td>
              {currency && <td className="nowrap">{formatMoney(receipt.minorUnits, currency)}</td>}
              <td>
                <RemainingAfter remaining={receipt.remaining} currency={currency} />
              </td>
              <td className="nowrap">
                <Timestamp value={receipt.drawnAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {receipts.hasNextPage && (
        <button type="button" className="secondary" onClick={() => void receipts.fetchNextPage()} disabled={receipts.isFetchingNextPage}>
          {receipts.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  );
}

/** What was left right after a draw, in the capped dimensions; each figure wraps as a whole. */
function RemainingAfter({ remaining, currency }: { remaining: AmountFieldsFragment; currency: string | null }) {
  const figures = DIMENSIONS.filter((dimension) => remaining[dimension] != null);
  return (
    <>
      {figures.map((dimension, index) => (
        <Fragment key={dimension}>
          {index > 0 && ' · '}
          <span className="nowrap">{formatAmount(dimension, remaining[dimension]!, currency)}</span>
        </Fragment>
      ))}
    </>
  );
}
