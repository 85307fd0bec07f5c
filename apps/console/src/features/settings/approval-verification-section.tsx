import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { sessionQueries } from '../session/session-queries';

/**
 * What a service needs to verify the approval tokens agents hand it
 * (docs/operations.md, O7): this workspace's id is every token's audience
 * (`aud`), so the service refuses a token another workspace on the same
 * server approved for an operation of the same name.
 */
export function ApprovalVerificationSection() {
  const headingId = useId();
  const session = useQuery(sessionQueries.current());
  const viewer = session.data?.viewer;
  const tenantId = viewer?.__typename === 'Owner' ? viewer.tenant.id : undefined;
  const jwksUrl = new URL('/.well-known/jwks.json', window.location.origin).href;

  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Verifying approvals</h2>
      <p className="muted">
        A service an agent acts through checks the approval token it is handed with <code>verifyApproval</code>, giving this workspace&rsquo;s id as the{' '}
        <code>audience</code>: a token approved in another workspace is then refused, even for an operation of the same name.
      </p>
      {tenantId && (
        <dl className="facts">
          <dt>Workspace id (audience)</dt>
          <dd>
            <code aria-label="Workspace id">{tenantId}</code>
          </dd>
          <dt>Key set</dt>
          <dd>
            <code>{jwksUrl}</code>
          </dd>
        </dl>
      )}
    </section>
  );
}
