import type { OperationRunner, SignOffFieldsFragment } from '../../gql/graphql';

/** The effect ends a sentence once: a description that already has its full stop keeps just the one. */
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** What approving sets going, by who runs the operation. */
const RUNS_WHEN_APPROVED: Record<OperationRunner, string> = {
  SERVER: 'It runs as soon as you approve, with exactly the input shown.',
  AGENT: 'Once you approve, the agent may redeem its grant and do it, with exactly the input shown.',
  WEBHOOK: 'It is delivered to your webhook as soon as you approve, with exactly the input shown.',
};

/** Why a request is not low risk, as the server assessed it when it was stored. */
export function RiskReasons({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null;
  return (
    <ul className="risk-reasons">
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </ul>
  );
}

/**
 * What the owner is about to approve, as the gestures that ask first state it:
 * the effect, what approving sets going (and, where `sayIrreversible`, that
 * it cannot be undone), then why it is not low risk.
 */
export function ApprovalStakes({ signOff, effect, sayIrreversible = false }: { signOff: SignOffFieldsFragment; effect: string; sayIrreversible?: boolean }) {
  return (
    <>
      <p>
        <strong>{asSentence(effect)}</strong> {sayIrreversible && signOff.irreversible ? 'It cannot be undone. ' : ''}
        {RUNS_WHEN_APPROVED[signOff.operation.runner]}
      </p>
      <RiskReasons reasons={signOff.riskReasons} />
    </>
  );
}
