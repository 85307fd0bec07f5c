import type { SignOffFieldsFragment } from '../../gql/graphql';
import { RiskReasons } from './approval-stakes';
import type { Effect } from '@countersign/effect';
import { InputFields } from './input-fields';
import { InputChanges } from './input-changes';
import { RequestFacts } from './request-facts';
import { AgentSays, isDefined, JsonBlock, requestTitle, RiskChip, StateBadge } from './sign-off-display';

/**
 * Everything an owner weighs about one request, the same in the Inbox's
 * pane and on the request's own page: what will happen, in words, first;
 * why it is risky; what the agent says, and why, marked as its words; who asks; the input's hash; and under Details
 * the exact input, which is what actually runs. `effect` is the request's
 * described effect, worked out once by the view that chose the request.
 */
export function RequestDetail({
  signOff,
  effect,
  now,
  heading: Heading,
  headingId,
}: {
  signOff: SignOffFieldsFragment;
  effect: Effect;
  now: number;
  heading: 'h1' | 'h2';
  headingId: string;
}) {
  return (
    <>
      <header className="request-header">
        {/* Focusable, so opening a request from the list moves the focus here rather than to the page body. */}
        <Heading id={headingId} className="request-title" tabIndex={-1}>
          {requestTitle(signOff)}
        </Heading>
        <span className="badges">
          <RiskChip risk={signOff.risk} />
          {signOff.irreversible && <span className="badge irreversible">Irreversible</span>}
          {signOff.state !== 'PENDING' && <StateBadge state={signOff.state} />}
        </span>
      </header>
      <p className="effect">{effect.sentence}</p>
      <RiskReasons reasons={signOff.riskReasons} />
      {/* The agent's own words come after what the server computed, marked as the agent's (issue 26, item 4). */}
      <p className="summary">
        <AgentSays signOff={signOff} />
      </p>
      {signOff.reason && (
        <p className="summary">
          <AgentSays signOff={signOff} why />
        </p>
      )}
      <RequestFacts signOff={signOff} now={now} />
      {/* An owner's edit, beside what the agent asked (S22): the next owner approves it knowing it is one. */}
      <InputChanges signOff={signOff} />
      {/* A defined operation's fields read by its schema's titles, the raw JSON under them; a built-in's JSON under Details. The hash is among the facts. */}
      {isDefined(signOff) ? (
        <InputFields signOff={signOff} />
      ) : (
        <details className="request-details">
          <summary>Details: the exact input</summary>
          <JsonBlock value={signOff.input} label="Input" />
        </details>
      )}
    </>
  );
}
