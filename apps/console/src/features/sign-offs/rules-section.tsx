import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { SignOffRuleFieldsFragment, SignOffRuleState } from '../../gql/graphql';
import { ConfirmDialog } from '../../shared/ui/modal-dialog';
import { PageError } from '../../shared/ui/page-error';
import { Timestamp } from '../../shared/ui/timestamp';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { ruleMutations, ruleQueries } from './rule-queries';
import { describeConstraint } from './rule-terms-form';

const STATE_LABELS: Record<SignOffRuleState, string> = { ACTIVE: 'Active', EXHAUSTED: 'Used up', EXPIRED: 'Ended', REVOKED: 'Revoked' };

/** The anchor History's "approved by a rule" links to. */
export const RULES_ANCHOR = 'rules';

/**
 * The owner's standing rules (docs/sign-offs.md, S19), made with "Approve
 * and allow similar": what each allows, how many approvals it has left and
 * until when, and a Revoke button that stops it at once.
 */
export function RulesSection() {
  const headingId = useId();
  const rules = useQuery(ruleQueries.list());
  return (
    <section aria-labelledby={headingId} className="stack" id={RULES_ANCHOR}>
      <h2 id={headingId}>Standing rules</h2>
      <p className="muted">
        Rules you made with “Approve and allow similar”. A request that fits one is approved at once, without asking you, until the rule is used up, ends or you
        revoke it. High-risk and irreversible requests always wait for you.
      </p>
      {rules.isPending ? (
        <p role="status">Loading rules…</p>
      ) : rules.isError ? (
        <PageError what="rules" error={rules.error} onRetry={() => void rules.refetch()} retrying={rules.isFetching} />
      ) : rules.data.length === 0 ? (
        <p>No rules: every request waits for you.</p>
      ) : (
        <ul className="preference-list" aria-label="Your standing rules">
          {rules.data.map((rule) => (
            <RuleRow key={rule.id} rule={rule} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** One rule: what it covers, where it stands, and its Revoke button while it can still approve. */
function RuleRow({ rule }: { rule: SignOffRuleFieldsFragment }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useResultMutation(ruleMutations.revoke(), { onSuccess: () => setConfirming(false) });
  const textId = useId();
  return (
    <li className="card" aria-labelledby={textId}>
      <div className="inline-form">
        <div className="grow" id={textId}>
          <strong>{rule.agent.name}</strong> may run <code>{rule.op}</code>
          {rule.repository ? <> on {rule.repository.name}</> : null} — <span className="badge">{STATE_LABELS[rule.state]}</span>
          <div className="muted small">
            {rule.constraints.length === 0 ? 'Any input.' : `When ${rule.constraints.map(describeConstraint).join('; ')}.`} Approved {rule.approvedCount} of{' '}
            {rule.maxApprovals}; {rule.state === 'REVOKED' ? 'revoked' : 'ends'} <Timestamp value={rule.revokedAt ?? rule.endsAt} />
            {rule.revokeReason ? ` (${rule.revokeReason})` : ''}.
          </div>
        </div>
        {rule.state === 'ACTIVE' && (
          <button type="button" className="secondary" aria-describedby={textId} onClick={() => setConfirming(true)}>
            Revoke
          </button>
        )}
      </div>
      {confirming && (
        <ConfirmDialog
          title="Revoke this rule?"
          confirmLabel="Revoke"
          pendingLabel="Revoking…"
          danger
          pending={revoke.pending}
          error={revoke.error}
          onConfirm={() => revoke.mutate({ id: rule.id, reason: 'Revoked in the console' })}
          onClose={() => setConfirming(false)}
        >
          <p>From now on, {rule.agent.name}’s requests like these wait for you again. Requests it already approved stand.</p>
        </ConfirmDialog>
      )}
    </li>
  );
}
