import type { SignOffFieldsFragment } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';

type RunSource = Pick<SignOffFieldsFragment, 'operation' | 'state' | 'redeemBy' | 'redeemedAt' | 'deliveryAttempts'>;

/**
 * How an approved defined operation is getting on: for an AGENT one, whether
 * (and when) the agent redeemed its grant; for a WEBHOOK one, every delivery
 * attempt. Built-ins run inside the decision and have nothing to add here.
 */
export function RunProgress({ signOff }: { signOff: RunSource }) {
  if (signOff.operation.runner === 'AGENT') return <GrantProgress signOff={signOff} />;
  if (signOff.operation.runner === 'WEBHOOK') return <DeliveryAttempts signOff={signOff} />;
  return null;
}

function GrantProgress({ signOff }: { signOff: RunSource }) {
  if (signOff.redeemedAt)
    return (
      <p className="muted small">
        Redeemed <Timestamp value={signOff.redeemedAt} />
      </p>
    );
  if (!signOff.redeemBy) return null;
  return (
    <p className="muted small">
      {signOff.state === 'LAPSED' ? 'Not redeemed by' : 'Redeem by'} <Timestamp value={signOff.redeemBy} />
    </p>
  );
}

function DeliveryAttempts({ signOff }: { signOff: RunSource }) {
  const attempts = signOff.deliveryAttempts;
  if (attempts.length === 0) return signOff.state === 'DELIVERING' ? <p className="muted small">No delivery attempt yet.</p> : null;
  return (
    <ol className="delivery-attempts small" aria-label="Delivery attempts">
      {attempts.map((attempt) => (
        <li key={attempt.attempt}>
          Attempt {attempt.attempt} · <Timestamp value={attempt.at} /> ·{' '}
          {attempt.status === null || attempt.status === undefined ? 'no answer' : `HTTP ${attempt.status}`}
          {attempt.error && <> · {attempt.error}</>} · {attempt.latencyMs} ms
        </li>
      ))}
    </ol>
  );
}
