import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { agentQueries } from '../agents/agent-queries';
import { ErrorAlert, OkStatus, SubmitButton } from '../../shared/ui/form-feedback';
import { AgentAndNameFields, CeilingsFieldset, PerDrawFieldset, ProblemList, ValidityFieldset } from './issue-authority-fields';
import { useIssueAuthorityForm } from './use-issue-authority-form';

/**
 * Issues an authority to one of the owner's live agents. The terms are
 * checked here by the API's rules first; whatever the API still refuses is
 * shown as it answered.
 */
export function IssueAuthorityForm({ focusOnOpen = false }: { focusOnOpen?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from its button: the keyboard lands on the form it asked for, not back at the top of the page.
  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);
  const agents = useQuery(agentQueries.list());
  const liveAgents = agents.data?.filter((agent) => !agent.revoked) ?? [];
  const { values, problems, problemsId, issued, issueAuthority, change, submit, invalid } = useIssueAuthorityForm(liveAgents);
  const fields = { values, change, invalid };

  return (
    <section aria-labelledby="issue-authority-heading" className="card">
      <h2 id="issue-authority-heading" ref={headingRef} tabIndex={-1}>
        Issue an authority
      </h2>
      <p className="muted">Terms never change once issued: to change them, revoke this one and issue another.</p>
      {/* noValidate: the rules below are the API's, and explain themselves better than the browser's bubbles. */}
      <form className="issue-form" onSubmit={submit} noValidate>
        <AgentAndNameFields
          {...fields}
          liveAgents={liveAgents}
          loading={agents.isPending}
          loadError={agents.isError ? agents.error.message : undefined}
          loaded={agents.isSuccess}
        />
        <CeilingsFieldset {...fields} />
        <PerDrawFieldset {...fields} />
        <ValidityFieldset {...fields} />
        <ProblemList problems={problems} problemsId={problemsId} />
        <ErrorAlert message={issueAuthority.error} />
        <OkStatus message={issued} />
        <div className="actions">
          <SubmitButton label="Issue authority" pendingLabel="Issuing…" pending={issueAuthority.pending} />
        </div>
      </form>
    </section>
  );
}
