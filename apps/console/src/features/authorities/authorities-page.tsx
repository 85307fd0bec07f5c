import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { agentLiveEvents } from '../agents/agent-queries';
import { PageError } from '../../shared/ui/page-error';
import { useLiveEvents } from '../../shared/transport/use-live-events';
import { AuthoritiesSummary } from './authorities-summary';
import { AuthorityCard } from './authority-card';
import { authorityLiveEvents, authorityQueries } from './authority-queries';
import { IssueAuthorityForm } from './issue-authority-form';
import { useRefetchAtValidityEdges } from './use-refetch-at-validity-edges';
import './authorities.css';

const ISSUE_PANEL_ID = 'issue-authority-panel';

/**
 * The live authorities in a table first (what an owner checks most), the
 * issue form behind a button, then every authority in full: balances,
 * receipts, revoke.
 */
export function AuthoritiesPage() {
  useLiveEvents(authorityLiveEvents);
  // The issue form offers live agents only: one created or revoked elsewhere must show up there.
  useLiveEvents(agentLiveEvents);
  const authorities = useQuery(authorityQueries.list());
  const [issuing, setIssuing] = useState(false);
  useRefetchAtValidityEdges(authorities.data?.flatMap((authority) => [authority.notBefore ?? null, authority.notAfter ?? null]) ?? []);

  return (
    <>
      <h1>Authorities</h1>
      <p className="muted">
        Ceilings your agents spend against without asking each time. Every draw is recorded with its receipt; revoking stops further draws at once.
      </p>
      <div className="actions">
        <button type="button" aria-expanded={issuing} aria-controls={ISSUE_PANEL_ID} onClick={() => setIssuing((was) => !was)}>
          Issue an authority
        </button>
      </div>
      {/* Kept open after issuing, so the confirmation stays readable; the button folds it away. */}
      <div id={ISSUE_PANEL_ID} hidden={!issuing}>
        {issuing && <IssueAuthorityForm focusOnOpen />}
      </div>

      {authorities.isPending ? (
        <p role="status">Loading authorities…</p>
      ) : authorities.isError && !authorities.data ? (
        <PageError what="authorities" error={authorities.error} onRetry={() => void authorities.refetch()} retrying={authorities.isRefetching} />
      ) : (
        <>
          <AuthoritiesSummary authorities={authorities.data} />
          <section aria-labelledby="authorities-list-heading" className="stack">
            <h2 id="authorities-list-heading">Issued authorities</h2>
            {authorities.data.length === 0 ? (
              <p className="muted">No authorities yet.</p>
            ) : (
              authorities.data.map((authority) => <AuthorityCard key={authority.id} authority={authority} />)
            )}
          </section>
        </>
      )}
    </>
  );
}
