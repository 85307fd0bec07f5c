import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PageError } from '../../shared/ui/page-error';
import { ownerMutations, ownerQueries } from '../owners/owner-queries';
import { Link } from '../../shared/router';
import { requestPath } from '../sign-offs/sign-off-display';
import { useResultMutation } from '../../shared/transport/use-result-mutation';

/**
 * The two-person rule per operation (docs/sign-offs.md, S20): how many
 * approvals, from different owners, a request for it needs. Raising takes
 * effect at once; lowering, with two or more owners, files a request a
 * second owner must approve (S21), and says so with a link to it. Requests
 * already asked keep what they were asked with.
 */
export function ApprovalPoliciesSection() {
  const headingId = useId();
  const policies = useQuery(ownerQueries.policies());
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Approvals required</h2>
      <p className="muted">
        An operation that needs two approvals runs only once two different owners of this workspace approved it: one stolen session cannot approve it alone.
        Lowering a setting, with two or more owners, itself needs a second owner&rsquo;s approval.
      </p>
      {policies.isPending ? (
        <p role="status">Loading the approvals each operation needs…</p>
      ) : policies.isError ? (
        <PageError what="approval settings" error={policies.error} onRetry={() => void policies.refetch()} retrying={policies.isFetching} />
      ) : (
        <ul className="preference-list" aria-label="Approvals required per operation">
          {policies.data.map((policy) => (
            <PolicyRow key={policy.op} policy={policy} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PolicyRow({ policy }: { policy: { op: string; approvalsRequired: number; isDefault: boolean; setBy?: { email: string } | null } }) {
  const [chosen, setChosen] = useState(policy.approvalsRequired);
  // Lowering with two or more owners files a request instead (S21): the setting is unchanged until another owner approves it.
  const [proposed, setProposed] = useState<{ signOffId: string; existing: boolean }>();
  const save = useResultMutation(ownerMutations.setApprovals(), {
    onSuccess: (result) =>
      setProposed(result.__typename === 'ApprovalPolicyChangeProposed' ? { signOffId: result.signOff.id, existing: result.existing } : undefined),
  });
  const selectId = useId();
  return (
    <li className="card">
      <div className="inline-form">
        <label htmlFor={selectId} className="grow">
          <code>{policy.op}</code> <span className="muted">{policy.isDefault ? '(default)' : policy.setBy ? `(set by ${policy.setBy.email})` : ''}</span>
        </label>
        <select id={selectId} value={chosen} onChange={(event) => setChosen(Number(event.target.value))} aria-label={`Approvals for ${policy.op}`}>
          <option value={1}>1 approval</option>
          <option value={2}>2 approvals, two owners</option>
        </select>
        {/* The name starts with what the button shows (label in name), then says which operation. */}
        <button
          type="button"
          className="secondary"
          aria-label={`Save ${policy.op}`}
          disabled={save.pending || chosen === policy.approvalsRequired}
          onClick={() => save.mutate({ op: policy.op, approvalsRequired: chosen })}
        >
          {save.pending ? 'Saving…' : 'Save'}
        </button>
      </div>
      {save.succeeded && !save.pending && !proposed && (
        <p className="ok" role="status">
          Saved.
        </p>
      )}
      {save.succeeded && !save.pending && proposed && (
        <p role="status">
          {proposed.existing ? 'This change already waits' : 'Nothing changed yet: lowering it waits'} for a second owner&rsquo;s approval.{' '}
          <Link href={requestPath(proposed.signOffId)}>Open the request</Link>
        </p>
      )}
      {save.error && (
        <p role="alert" className="error">
          {save.error}
        </p>
      )}
    </li>
  );
}
