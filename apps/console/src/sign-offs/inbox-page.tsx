import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SignOffFieldsFragment } from '../gql/graphql';
import { Link } from '../router';
import { DecisionControls, SettledMessage, type Settled } from './decision-controls';
import { InputFields } from './input-fields';
import { RequestFacts } from './request-facts';
import { RunProgress } from './run-progress';
import { isDefined, JsonBlock, Outcome, requestPath, requestTitle, RiskChip, StateBadge, useNow } from './sign-off-display';
import { signOffQueries } from './sign-off-queries';

/**
 * The owner's pending requests, live (see `signOffLiveEvents`): approve or
 * deny each, with an optional note; irreversible operations ask again.
 */
export function InboxPage() {
  const pending = useInfiniteQuery(signOffQueries.pending());
  const [settled, setSettled] = useState<Settled[]>([]);
  const now = useNow();

  const settledIds = new Set(settled.map((entry) => entry.signOff.id));
  const waiting = (pending.data?.pages.flatMap((page) => page.nodes) ?? []).filter((signOff) => !settledIds.has(signOff.id));

  const onSettled = (entry: Settled) => setSettled((current) => [entry, ...current.filter((other) => other.signOff.id !== entry.signOff.id)]);
  const dismiss = (id: string) => setSettled((current) => current.filter((entry) => entry.signOff.id !== id));

  return (
    <>
      <h1>Inbox</h1>
      <p className="muted">Your agents ask here before they do anything consequential. Nothing runs until you approve it, exactly as shown.</p>

      {settled.length > 0 && (
        <section aria-labelledby="settled-heading" className="stack">
          <h2 id="settled-heading">Decided just now</h2>
          {settled.map((entry) => (
            <SettledRequest key={entry.signOff.id} {...entry} onDismiss={() => dismiss(entry.signOff.id)} />
          ))}
        </section>
      )}

      <section aria-labelledby="waiting-heading" className="stack">
        <h2 id="waiting-heading">Waiting for you</h2>
        {pending.isPending ? (
          <p role="status">Loading requests…</p>
        ) : pending.isError ? (
          <p role="alert" className="error">
            Could not load requests: {pending.error.message}
          </p>
        ) : waiting.length === 0 ? (
          <p className="muted">Nothing waits for you.</p>
        ) : (
          waiting.map((signOff) => <PendingRequest key={signOff.id} signOff={signOff} now={now} onSettled={onSettled} />)
        )}
        {pending.hasNextPage && (
          <button type="button" className="secondary" onClick={() => void pending.fetchNextPage()} disabled={pending.isFetchingNextPage}>
            {pending.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        )}
      </section>
    </>
  );
}

function PendingRequest({ signOff, now, onSettled }: { signOff: SignOffFieldsFragment; now: number; onSettled: (entry: Settled) => void }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="card request">
      <header className="request-header">
        <h3 id={headingId}>
          <Link href={requestPath(signOff.id)}>{requestTitle(signOff)}</Link>
        </h3>
        <span className="badges">
          <RiskChip risk={signOff.risk} />
          {signOff.irreversible && <span className="badge irreversible">Irreversible</span>}
        </span>
      </header>
      <p className="summary">{signOff.summary}</p>
      <RequestFacts signOff={signOff} now={now} />
      <div>
        <h4>Input, exactly as it will run</h4>
        {isDefined(signOff) ? <InputFields signOff={signOff} /> : <JsonBlock value={signOff.input} label="Input" />}
      </div>
      <DecisionControls signOff={signOff} onSettled={onSettled} />
    </article>
  );
}

function SettledRequest({ signOff, lost, onDismiss }: Settled & { onDismiss: () => void }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} className="card request settled">
      <header className="request-header">
        <h3 id={headingId}>{requestTitle(signOff)}</h3>
        {signOff.state !== 'PENDING' && <StateBadge state={signOff.state} />}
      </header>
      <SettledMessage signOff={signOff} lost={lost} />
      <RunProgress signOff={signOff} />
      <Outcome signOff={signOff} />
      <div className="actions">
        <button type="button" className="secondary" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </article>
  );
}
