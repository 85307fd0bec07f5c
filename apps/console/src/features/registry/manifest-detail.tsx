import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Timestamp } from '../../shared/ui/timestamp';
import { useResultMutation } from '../../shared/transport/use-result-mutation';
import { VerificationBadge } from './registry-display';
import { registryMutations, registryQueries } from './registry-queries';
import { PageError } from '../../shared/ui/page-error';

/**
 * One version in full: its digest, who attested it, the exact text
 * published and the canonical JSON the digest is taken of, and a Verify
 * button that asks the server to check the attestation now and say why
 * when it does not hold.
 */
export function ManifestDetail({ name, version }: { name: string; version: string }) {
  const manifest = useQuery(registryQueries.manifest(name, version));
  const keys = useQuery(registryQueries.signingKeys());
  const headingId = useId();
  const verify = useResultMutation(registryMutations.verifyManifest());

  const label = `${name}@${version}`;
  if (manifest.isPending) return <p role="status">Loading {label}…</p>;
  if (manifest.isError) return <PageError what={label} error={manifest.error} onRetry={() => void manifest.refetch()} retrying={manifest.isFetching} />;
  if (!manifest.data) return <p className="muted">{label} is not in the registry.</p>;

  const { digest, attestation, verified, format, publishedAt, content, canonical } = manifest.data;
  const keyName = attestation ? keys.data?.find((key) => key.keyId === attestation.keyId)?.name : undefined;
  return (
    <section aria-labelledby={headingId} className="stack manifest-detail">
      <header className="request-header">
        <h3 id={headingId}>{label}</h3>
        <VerificationBadge verified={verified} signed={attestation != null} />
      </header>
      <dl className="facts">
        <div className="wide-fact">
          <dt>Canonical digest (SHA-256)</dt>
          <dd>
            <code>{digest}</code>
          </dd>
        </div>
        <div className="wide-fact">
          <dt>Attestation</dt>
          <dd>
            {attestation ? (
              <>
                Signed with {keyName ? <>“{keyName}”, </> : null}key <code>{attestation.keyId}</code>
              </>
            ) : (
              <span className="muted">Unsigned</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{format}</dd>
        </div>
        <div>
          <dt>Published</dt>
          <dd>
            <Timestamp value={publishedAt} />
          </dd>
        </div>
      </dl>
      <div>
        <h4 className="subheading">Content as published</h4>
        <pre className="json" aria-label={`Content of ${label}`} tabIndex={0}>
          {content}
        </pre>
      </div>
      <details>
        <summary>Canonical JSON (what the digest is taken of)</summary>
        <pre className="json" aria-label={`Canonical JSON of ${label}`} tabIndex={0}>
          {canonical}
        </pre>
      </details>
      <div className="verify-row">
        <button type="button" onClick={() => verify.mutate({ name, version })} disabled={verify.pending}>
          {verify.pending ? 'Verifying…' : 'Verify'}
        </button>
        {/* A success goes stale once the key is revoked (the badge turns): it is not shown past that. */}
        {verify.succeeded && verified && (
          <p role="status" className="ok">
            {label} verifies: signed over this digest by {keyName ? `“${keyName}”` : 'a key'}, which is registered and not revoked.
          </p>
        )}
        {verify.error && (
          <p role="alert" className="error">
            {verify.error}
          </p>
        )}
      </div>
    </section>
  );
}
