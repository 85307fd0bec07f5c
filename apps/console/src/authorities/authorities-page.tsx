import { useQuery } from '@tanstack/react-query';
import { useAgentEvents } from '../agents/use-agent-events';
import { AuthorityCard } from './authority-card';
import { authorityQueries } from './authority-queries';
import { IssueAuthorityForm } from './issue-authority-form';
import { useAuthorityEvents, useRefetchAtValidityEdges } from './use-authority-events';

/** Issue standing authorities, watch their balances and receipts live, revoke them. */
export function AuthoritiesPage() {
  useAuthorityEvents();
  // The issue form offers live agents only: one created or revoked elsewhere must show up there.
  useAgentEvents();
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
