import { useEffect, useState } from 'react';
import { agentText, UI_LOCALE } from '@countersign/effect';
import { showInvisibles } from '@countersign/manifest/invisible-characters';
import type { Risk, SignOffFieldsFragment, SignOffState } from '../../gql/graphql';

/** How every sign-off state reads in the console. */
export const STATE_LABELS: Record<SignOffState, string> = {
  PENDING: 'Pending',
  PARTIALLY_APPROVED: 'Partially approved — needs a second owner',
  APPROVED: 'Approved',
  AWAITING_REDEEM: 'Approved — waiting for the agent to redeem',
  REDEEMED: 'Redeemed',
  DELIVERING: 'Delivering',
  LAPSED: 'Lapsed',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  DENIED: 'Denied',
  EXPIRED: 'Expired',
  WITHDRAWN: 'Withdrawn',
};

/** The short form of an input hash: enough to compare at a glance, the full hash in the tooltip. */
const SHORT_HASH_LENGTH = 12;

/** In the UI's English, whatever the browser's language: "in 7 days", never "in 7 Tagen" inside an English sentence. */
const relativeFormat = new Intl.RelativeTimeFormat(UI_LOCALE, { numeric: 'always' });

/**
 * Built-in operations whose summary speaks of the agent in the third person
 * ("Grant this agent a standing authority"): after "deploy-bot asks to" it
 * would read as if someone else were meant, so their title is the agent's own ask.
 */
const BUILT_IN_ASKS: Readonly<Record<string, string>> = {
  'authority.grant': 'asks for a standing authority',
};

/** "deploy-bot asks to delete repository docs": the one line naming a request everywhere. */
export function requestTitle(signOff: Pick<SignOffFieldsFragment, 'agent' | 'proposedBy' | 'description' | 'op' | 'operation'>): string {
  // An owner-to-owner request (docs/sign-offs.md, S21) has no agent: the owner who filed it proposes.
  if (!signOff.agent) return `${requesterName(signOff)} proposes to ${lowerFirst(signOff.description)}`;
  const ask = isDefined(signOff) ? undefined : BUILT_IN_ASKS[signOff.op];
  return `${signOff.agent.name} ${ask ?? `asks to ${lowerFirst(signOff.description)}`}`;
}

/** Who asked: the agent, or for an owner-to-owner request the owner who proposed it. */
export function requesterName(signOff: Pick<SignOffFieldsFragment, 'agent' | 'proposedBy'>): string {
  return signOff.agent?.name ?? signOff.proposedBy?.email ?? 'An owner';
}

/** "Delete …" becomes "delete …" mid-sentence, but an acronym ("SSH into …") keeps its capitals. */
function lowerFirst(text: string): string {
  return /^.[A-Z]/.test(text) ? text : `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/** The console address of one request's own page, where every notification leads. */
export function requestPath(id: string): string {
  return `/inbox/${encodeURIComponent(id)}`;
}

/** Whether the request is for an operation the owner defined (not a built-in): its input has a schema to read and a version to name. */
export function isDefined(signOff: Pick<SignOffFieldsFragment, 'operation'>): boolean {
  return signOff.operation.runner !== 'SERVER';
}

/** A state as a coloured badge; the colour is decoration, the word carries the meaning. */
export function StateBadge({ state }: { state: SignOffState }) {
  return <span className={`badge state-${state.toLowerCase()}`}>{STATE_LABELS[state]}</span>;
}

const RISK_LABELS: Record<Risk, string> = {
  LOW: 'Low risk',
  MEDIUM: 'Medium risk',
  HIGH: 'High risk',
};

/** How much harm a mistaken approval can do, as the operation's owner rated it; the word carries the meaning, the colour repeats it. */
export function RiskChip({ risk }: { risk: Risk }) {
  return <span className={`badge risk-${risk.toLowerCase()}`}>{RISK_LABELS[risk]}</span>;
}

/**
 * Words an agent wrote — its summary, or with `why` its reason — marked as
 * its own, shown below the effect the console computed (issue 26, item 4):
 * `Agent says: “…”`, with invisible and direction-changing characters as
 * `\uXXXX` escapes and line breaks as spaces (UI8), so "Pay Acme Supplies
 * \u202Eeciovni" cannot read as "… invoice". The text is what `agentSays`
 * writes on every notification; an owner's proposal (docs/sign-offs.md, S21)
 * names its proposer as the speaker. Nothing when there is no reason.
 */
export function AgentSays({ signOff, why = false }: { signOff: Pick<SignOffFieldsFragment, 'agent' | 'proposedBy' | 'summary' | 'reason'>; why?: boolean }) {
  const text = why ? signOff.reason : signOff.summary;
  if (!text) return null;
  return (
    <span className="agent-says">
      <span className="agent-says-label muted">
        {signOff.agent ? 'Agent' : requesterName(signOff)} says{why ? ' why' : ''}:
      </span>{' '}
      “{agentText(text)}”
    </span>
  );
}

/** A JSON value exactly as the API holds it, pretty-printed. */
export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <pre className="json" aria-label={label} tabIndex={0}>
      {showInvisibles(JSON.stringify(value, null, 2))}
    </pre>
  );
}

/** The input hash, short on screen, whole in the tooltip and for assistive technology. */
export function InputHash({ hash }: { hash: string }) {
  return (
    <code title={hash} aria-label={`Input hash ${hash}`}>
      {hash.slice(0, SHORT_HASH_LENGTH)}
    </code>
  );
}

/**
 * "in 7 days", "in 3 hours", "in 12 minutes": the nearest whole number of
 * the largest unit that fits, as people round a countdown.
 */
export function formatTimeLeft(until: string, now: number): string {
  const minutes = (new Date(until).getTime() - now) / 60_000;
  if (minutes <= 0) return 'now';
  if (minutes < 1) return 'in less than a minute';
  if (minutes < 59.5) return relativeFormat.format(Math.round(minutes), 'minute');
  const hours = minutes / 60;
  if (hours < 23.5) return relativeFormat.format(Math.round(hours), 'hour');
  return relativeFormat.format(Math.round(hours / 24), 'day');
}

/** The current time, refreshed every `intervalMs`, for countdowns that must not go stale on screen. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** What came of a decided request: its result, why it failed, or the owner's note. */
export function Outcome({ signOff }: { signOff: SignOffFieldsFragment }) {
  return (
    <>
      {signOff.state === 'SUCCEEDED' && signOff.result !== null && signOff.result !== undefined && <JsonBlock value={signOff.result} label="Result" />}
      {/* A failure can quote what an endpoint answered, and a note is typed text: both shown with their invisibles escaped (UI8). */}
      {signOff.state === 'FAILED' && signOff.failure && <p className="error">{showInvisibles(signOff.failure)}</p>}
      {/* A request closed by its agent's revocation says so; the agent's own withdrawal has no failure. */}
      {signOff.state === 'WITHDRAWN' && signOff.failure && <p className="muted">Closed: {showInvisibles(signOff.failure)}</p>}
      {signOff.note && (
        <p>
          <span className="muted">Note:</span> {showInvisibles(signOff.note)}
        </p>
      )}
    </>
  );
}
