import { useId, useMemo, useState } from 'react';
import { describeEffect } from '@countersign/effect';
import type { HistorySignOffsQuery } from '../../gql/graphql';
import { Link } from '../../shared/router';
import { Timestamp } from '../../shared/ui/timestamp';
import { closedAt } from './history-timing';
import { RunProgress } from './run-progress';
import { RULES_ANCHOR } from './rules-section';
import { AgentSays, InputHash, isDefined, JsonBlock, Outcome, requestPath, requestTitle, RiskChip, StateBadge } from './sign-off-display';
import { useViewerId } from './approvals-line';
import { denialNote, whoDecided } from './history-who';

/** One request as History reads it: every field of the inbox, and what became of its secret. */
export type HistorySignOff = HistorySignOffsQuery['signOffs']['nodes'][number];

/** How many columns the summary row has, for the details row that spans them. */
export const HISTORY_COLUMNS = 4;

/**
 * One request in History: a compact row (what was asked, its risk and
 * amount, its state, when it was decided, who decided it and how it ended,
 * with a denial's note) and, behind its disclosure button,
 * everything else: the exact input, the agent's reason, the owner's note, the
 * timing and the fate of any secret. Its own `<tbody>`, so the two rows stay
 * one group for assistive technology and for the phone's card layout.
 */
export function HistoryRow({ signOff }: { signOff: HistorySignOff }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const title = requestTitle(signOff);
  const amount = useMemo(() => describeEffect(signOff).amount, [signOff]);
  return (
    <tbody className="history-entry">
      <tr>
        <th scope="row">
          <button type="button" className="history-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((was) => !was)}>
            <span aria-hidden="true" className="history-toggle-mark">
              {open ? '▾' : '▸'}
            </span>{' '}
            {title}
          </button>
          <div className="muted small">
            <code>{signOff.op}</code>
            {isDefined(signOff) && <> v{signOff.opVersion}</>} · input <InputHash hash={signOff.inputHash} />
          </div>
          <div className="history-stakes small">
            <RiskChip risk={signOff.risk} />
            {amount && <span className="history-amount">{amount}</span>}
          </div>
        </th>
        <td>
          <StateBadge state={signOff.state} />
        </td>
        <td>
          <ClosedAt signOff={signOff} />
        </td>
        <td className="outcome">
          <WhoDecided signOff={signOff} />
          <RunProgress signOff={signOff} />
          <ApprovedByRule signOff={signOff} />
          <SecretFate signOff={signOff} />
          {signOff.state === 'FAILED' && signOff.failure && <p className="error history-line">{signOff.failure}</p>}
        </td>
      </tr>
      {open && (
        <tr className="history-details-row">
          <td colSpan={HISTORY_COLUMNS} id={detailsId}>
            <HistoryDetails signOff={signOff} />
          </td>
        </tr>
      )}
    </tbody>
  );
}

/** What opens under a row: the request as asked and as it ended. */
function HistoryDetails({ signOff }: { signOff: HistorySignOff }) {
  const closed = closedAt(signOff);
  return (
    <div className="history-details">
      <dl className="history-facts">
        <dt>Summary</dt>
        <dd>
          <AgentSays signOff={signOff} />
        </dd>
        <dt>Reason</dt>
        <dd>{signOff.reason ? <AgentSays signOff={signOff} why /> : <span className="muted">None given</span>}</dd>
        {signOff.repository && (
          <>
            <dt>Repository</dt>
            <dd>{signOff.repository.name}</dd>
          </>
        )}
        <dt>Requested</dt>
        <dd>
          <Timestamp value={signOff.requestedAt} />
        </dd>
        {closed && (
          <>
            <dt>{closed.verb}</dt>
            <dd>
              <Timestamp value={closed.at} />
            </dd>
          </>
        )}
        {signOff.finishedAt && (
          <>
            <dt>Finished</dt>
            <dd>
              <Timestamp value={signOff.finishedAt} />
            </dd>
          </>
        )}
      </dl>
      <h3 className="history-details-heading">Input</h3>
      <JsonBlock value={signOff.input} label="Input" />
      <Outcome signOff={signOff} />
      <p className="small">
        <Link href={requestPath(signOff.id)}>Open the request</Link>
      </p>
    </div>
  );
}

/** Who decided (each approver, or who denied, with the denial's note), or that nobody did (docs/console.md, UI9). */
function WhoDecided({ signOff }: { signOff: HistorySignOff }) {
  const who = whoDecided(signOff, useViewerId());
  const note = denialNote(signOff);
  if (!who && !note) return null;
  return (
    <p className="history-line history-who">
      {who}
      {note && (
        <>
          {who ? ': ' : 'Note: '}
          <span className="history-note">{note}</span>
        </>
      )}
    </p>
  );
}

/** That a standing rule approved the request, not the owner (docs/sign-offs.md, S19), with a link to the rules. */
export function ApprovedByRule({ signOff }: { signOff: Pick<HistorySignOff, 'approvedByRule'> }) {
  const rule = signOff.approvedByRule;
  if (!rule) return null;
  return (
    <p className="muted small history-line">
      Approved by a <Link href={`/settings#${RULES_ANCHOR}`}>standing rule</Link>, without asking you ({rule.approvedCount} of {rule.maxApprovals} used).
    </p>
  );
}

/** When the request stopped waiting, in a line. */
function ClosedAt({ signOff }: { signOff: Pick<HistorySignOff, 'state' | 'decidedAt' | 'expiresAt'> }) {
  const closed = closedAt(signOff);
  if (!closed) return <span className="muted">—</span>;
  return (
    <>
      {closed.verb} <Timestamp value={closed.at} />
    </>
  );
}

/**
 * Whether the agent took a secret result (a minted token), the one thing an
 * owner checks after approving one: taken, still waiting, or lapsed (and the
 * token revoked). A grant of an AGENT operation says the same in RunProgress.
 */
export function SecretFate({ signOff }: { signOff: Pick<HistorySignOff, 'secretState' | 'secretExpiresAt'> }) {
  switch (signOff.secretState) {
    case 'TAKEN':
      return <p className="muted small history-line">The agent took the secret.</p>;
    case 'WAITING':
      return (
        <p className="muted small history-line">
          The secret waits for the agent
          {signOff.secretExpiresAt && (
            <>
              {' '}
              until <Timestamp value={signOff.secretExpiresAt} />
            </>
          )}
          .
        </p>
      );
    case 'LAPSED':
      return <p className="muted small history-line">The agent never took the secret: it lapsed, and what it minted was revoked.</p>;
    default:
      return null;
  }
}
