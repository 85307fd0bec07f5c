import { useQuery } from '@tanstack/react-query';
import { agentLiveEvents } from '../agents/agent-queries';
import { useLiveEvents } from '../transport/use-live-events';
import { AuthorityCard } from './authority-card';
import { authorityLiveEvents, authorityQueries } from './authority-queries';
import { IssueAuthorityForm } from './issue-authority-form';
import { useRefetchAtValidityEdges } from './use-refetch-at-validity-edges';

/** Issue standing authorities, watch their balances and receipts live, revoke them. */
export function AuthoritiesPage() {
  useLiveEvents(authorityLiveEvents);
  // The issue form offers live agents only: one created or revoked elsewhere must show up there.
  useLiveEvents(agentLiveEvents);
  const authorities = useQuery(authorityQueries.list());
  useRefetchAtValidityEdges(authorities.data?.flatMap((authority) => [authority.notBefore ?? null, authority.notAfter ?? null]) ?? []);

  return (
    <>
      <h1>Authorities</h1>
      <p className="muted">
        Ceilings your agents spend against without asking each time. Every draw is recorded with its receipt; revoking stops further draws at once.
      </p>
      <IssueAuthorityForm />

      <section aria-labelledby="authorities-list-heading" className="stack">
        <h2 id="authorities-list-heading">Issued authorities</h2>
        {authorities.isPending ? (
          <p role="status">Loading authorities…</p>
        ) : authorities.isError ? (
          <p role="alert" className="error">
            Could not load authorities: {authorities.error.message}
          </p>
        ) : authorities.data.length === 0 ? (
          <p className="muted">No authorities yet.</p>
        ) : (
          authorities.data.map((authority) => <AuthorityCard key={authority.id} authority={authority} />)
        )}
      </section>
    </>
  );
}
