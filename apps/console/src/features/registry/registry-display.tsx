/** How many hex digits of a digest the lists show: enough to tell versions apart at a glance. */
const SHORT_DIGEST_LENGTH = 12;

/** A table cell with a digest cut short on screen, whole in the cell's tooltip. */
export function DigestCell({ digest }: { digest: string }) {
  return (
    <td title={digest}>
      <code>{digest.slice(0, SHORT_DIGEST_LENGTH)}…</code>
    </td>
  );
}

/**
 * Whether a version's attestation verifies now. A signed version that does
 * not (its key revoked or unknown) is flagged as a problem; an unsigned one
 * simply has nothing to verify.
 */
export function VerificationBadge({ verified, signed }: { verified: boolean; signed: boolean }) {
  if (verified) return <span className="badge live">Verified</span>;
  return <span className={`badge ${signed ? 'revoked' : 'muted-badge'}`}>Not verified</span>;
}
