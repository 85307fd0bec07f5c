import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SignOffFieldsFragment, SignOffState } from '../gql/graphql';
import { Timestamp } from '../layout/timestamp';
import { RunProgress } from './run-progress';
import { InputHash, isDefined, Outcome, requestTitle, StateBadge } from './sign-off-display';
import { signOffQueries } from './sign-off-queries';

/** The states the filter offers, in the order an owner looks for them; pending ones live in the inbox. */
const STATE_FILTERS: readonly { value: SignOffState | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'SUCCEEDED', label: 'Succeeded' },
  { value: 'FAILED', label: 'Failed' },
  { value: 'DENIED', label: 'Denied' },
  { value: 'EXPIRED', label: 'Expired' },
  { value: 'WITHDRAWN', label: 'Withdrawn' },
  { value: 'APPROVED', label: 'Approved' },
  { value: 'AWAITING_REDEEM', label: 'Waiting to be redeemed' },
  { value: 'REDEEMED', label: 'Redeemed' },
  { value: 'DELIVERING', label: 'Delivering' },
  { value: 'LAPSED', label: 'Lapsed' },
];

/** Every request that is no longer waiting, most recently decided first, filterable by state. */
export function HistoryPage() {
  const [state, setState] = useState<SignOffState | ''>('');
  const history = useInfiniteQuery(signOffQueries.history(state || undefined));
  const filterId = useId();

  const decided = history.data?.pages.flatMap((page) => page.nodes) ?? [];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  return (
    <>
      <h1>History</h1>
      <p className="muted">What your agents asked for and what came of it.</p>
      <div className="inline-form">
        <label htmlFor={filterId}>State</label>
        <select id={filterId} value={state} onChange={(event) => setState(event.target.value as SignOffState | '')}>
          {STATE_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>

      <section aria-labelledby="history-list-heading">
        <h2 id="history-list-heading" className="visually-hidden">
          Decided requests
        </h2>
        {history.isPending ? (
          <p role="status">Loading history…</p>
        ) : history.isError ? (
          <p role="alert" className="error">
            Could not load the history: {history.error.message}
          </p>
        ) : decided.length === 0 ? (
          <p className="muted">{state ? 'No requests in this state.' : 'No decided requests yet.'}</p>
        ) : (
          <table>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">State</th>
                <th scope="col">Decided</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {decided.map((signOff) => (
                <tr key={signOff.id}>
                  <th scope="row">
                    {requestTitle(signOff)}
                    <div className="muted small">
                      <code>{signOff.op}</code>
                      {isDefined(signOff) && <> v{signOff.opVersion}</>} · input <InputHash hash={signOff.inputHash} />
                    </div>
                  </th>
                  <td>
                    <StateBadge state={signOff.state} />
                  </td>
                  <td>
                    <DecidedCell signOff={signOff} />
                  </td>
                  <td className="outcome">
                    <RunProgress signOff={signOff} />
                    <Outcome signOff={signOff} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {hasNextPage && (
          <button type="button" className="secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>
    </>
  );
}

/**
 * When the owner decided. An expired request was never decided: its window
 * closed unanswered, so it says so and when, rather than passing the expiry
 * off as a decision.
 */
function DecidedCell({ signOff }: { signOff: Pick<SignOffFieldsFragment, 'state' | 'decidedAt' | 'expiresAt'> }) {
  if (signOff.state === 'EXPIRED') {
    return (
      <span className="muted">
        Expired <Timestamp value={signOff.expiresAt} />
      </span>
    );
  }
  return signOff.decidedAt ? <Timestamp value={signOff.decidedAt} /> : <span className="muted">—</span>;
}
