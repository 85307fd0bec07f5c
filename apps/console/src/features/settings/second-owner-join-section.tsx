import { queryOptions, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { graphql } from '../../gql';
import { Timestamp } from '../../shared/ui/timestamp';
import { ownerQueries } from '../owners/owner-queries';
import { request } from '../../shared/transport/graphql-client';

const SecondOwnerJoinDocument = graphql(`
  query SecondOwnerJoin {
    secondOwnerJoin {
      joinedAt
      owner {
        id
        email
      }
      revokedInvitations {
        id
        note
        createdAt
      }
      resetPolicies {
        op
        approvalsRequired
        setAt
      }
    }
  }
`);

/** Under the owners' key, so whatever refreshes the owners (a join, an invitation) refreshes this too. */
export const secondOwnerJoinQuery = () =>
  queryOptions({
    queryKey: [...ownerQueries.all(), 'second-owner-join'] as const,
    queryFn: async () => (await request(SecondOwnerJoinDocument)).secondOwnerJoin,
  });

/**
 * What the first owner had done alone, undone when the second owner joined
 * (docs/tenancy.md, T11): the invitation links still open then, revoked, and
 * the approvals settings lowered, back to their defaults. Shown to every
 * owner, so the one who joined sees on joining what was set before them;
 * nothing shows while the workspace has had one owner.
 */
export function SecondOwnerJoinSection() {
  const headingId = useId();
  const join = useQuery(secondOwnerJoinQuery());
  if (!join.isSuccess || !join.data) return null;
  const { owner, joinedAt, revokedInvitations, resetPolicies } = join.data;
  const undone = revokedInvitations.length + resetPolicies.length;
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>When the second owner joined</h2>
      <p className="muted">
        {owner.email} joined <Timestamp value={joinedAt} />. So that one person cannot count as two, what the first owner had set alone was undone then
        {undone === 0 ? ': there was nothing to undo.' : ':'}
      </p>
      {undone > 0 && (
        <ul className="preference-list" aria-label="Undone when the second owner joined">
          {revokedInvitations.map((invitation) => (
            <li key={invitation.id} className="card">
              Invitation link revoked: {invitation.note ?? 'Invitation'}, created <Timestamp value={invitation.createdAt} />
            </li>
          ))}
          {resetPolicies.map((policy) => (
            <li key={policy.op} className="card">
              {policy.op} had been set to {policy.approvalsRequired} approval{policy.approvalsRequired === 1 ? '' : 's'} (
              <Timestamp value={policy.setAt} />
              ): back to its default
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
