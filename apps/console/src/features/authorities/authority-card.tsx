import { useId, useState } from 'react';
import type { AuthorityFieldsFragment, AuthorityState } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';
import { Link } from '../../shared/router';
import { requestPath } from '../sign-offs/sign-off-display';
import { DIMENSIONS, formatAmount, formatCount, formatMoney, type Dimension } from './amount-format';
import { AuthorityReceipts } from './authority-receipts';
import { RevokeAuthorityDialog } from './revoke-authority-dialog';

/** How each authority state reads, in the cards and the summary. */
export const STATE_LABELS: Record<AuthorityState, string> = {
  ACTIVE: 'Active',
  EXHAUSTED: 'Exhausted',
  REVOKED: 'Revoked',
  EXPIRED: 'Expired',
  NOT_YET_VALID: 'Not yet valid',
};

/** How each capped dimension is named on screen and to assistive technology. */
const DIMENSION_TEXT: Record<Dimension, { name: string; bar: string; used: string }> = {
  tokens: { name: 'Tokens', bar: 'Tokens drawn', used: 'drawn' },
  minorUnits: { name: 'Money', bar: 'Money drawn', used: 'drawn' },
  draws: { name: 'Draws', bar: 'Draws made', used: 'made' },
};

/** A figure without its unit, except money, which never goes without its currency. */
export function figure(dimension: Dimension, value: number, currency: string | null): string {
  return dimension === 'minorUnits' && currency ? formatMoney(value, currency) : formatCount(value);
}

/** The id of an authority's card, for the summary's links down to it. */
export function authorityAnchor(id: string): string {
  return `authority-${id}`;
}

/**
 * One authority: its terms, a balance bar per ceiling, its receipts, and
 * Revoke while draws could still land. Kept live by `authorityLiveEvents`.
 */
export function AuthorityCard({ authority }: { authority: AuthorityFieldsFragment }) {
  const headingId = useId();
  const [revoking, setRevoking] = useState(false);
  // Once revoked or expired nothing more can be drawn; an exhausted one may still take draws in another dimension.
  const revocable = authority.state !== 'REVOKED' && authority.state !== 'EXPIRED';

  return (
    <article aria-labelledby={headingId} className="card authority" id={authorityAnchor(authority.id)}>
      <header className="request-header">
        <h3 id={headingId}>{authority.name}</h3>
        <span className={`badge authority-${authority.state.toLowerCase()}`}>{STATE_LABELS[authority.state]}</span>
      </header>
      <AuthorityFacts authority={authority} />
      <Balances authority={authority} />
      <AuthorityReceipts authority={authority} />
      {revocable && (
        <div className="actions">
          <button type="button" className="danger" aria-describedby={headingId} onClick={() => setRevoking(true)}>
            Revoke
          </button>
        </div>
      )}
      {revoking && <RevokeAuthorityDialog authority={authority} onClose={() => setRevoking(false)} />}
    </article>
  );
}

function AuthorityFacts({ authority }: { authority: AuthorityFieldsFragment }) {
  const caps: string[] = [];
  if (authority.perDrawTokens != null) caps.push(formatAmount('tokens', authority.perDrawTokens, null));
  if (authority.perDrawMinorUnits != null) caps.push(formatAmount('minorUnits', authority.perDrawMinorUnits, authority.currency ?? null));
  return (
    <dl className="facts">
      <div>
        <dt>Agent</dt>
        <dd>{authority.agent.name}</dd>
      </div>
      <div>
        <dt>Valid</dt>
        <dd>
          <ValidityWindow notBefore={authority.notBefore ?? null} notAfter={authority.notAfter ?? null} />
        </dd>
      </div>
      <div>
        <dt>Per draw</dt>
        <dd>{caps.length > 0 ? `At most ${caps.join(' and ')}` : <span className="muted">No cap</span>}</dd>
      </div>
      {authority.grantedBy && (
        <div>
          <dt>Granted by</dt>
          <dd>
            <Link href={requestPath(authority.grantedBy.id)}>The request you approved</Link>
          </dd>
        </div>
      )}
      <div>
        <dt>Issued</dt>
        <dd>
          <Timestamp value={authority.createdAt} />
        </dd>
      </div>
      <div className="id-fact">
        <dt>ID</dt>
        <dd>
          <code>{authority.id}</code>
        </dd>
      </div>
      {authority.state === 'REVOKED' && (
        <div className="wide-fact">
          <dt>Revoked</dt>
          <dd>
            {authority.revokedAt && (
              <>
                <Timestamp value={authority.revokedAt} />:{' '}
              </>
            )}
            {authority.revokeReason}
          </dd>
        </div>
      )}
    </dl>
  );
}

/** When draws may land: "From … until …", one end, or no time limit. */
export function ValidityWindow({ notBefore, notAfter }: { notBefore: string | null; notAfter: string | null }) {
  if (notBefore && notAfter)
    return (
      <>
        From <Timestamp value={notBefore} /> until <Timestamp value={notAfter} />
      </>
    );
  if (notBefore)
    return (
      <>
        From <Timestamp value={notBefore} />
      </>
    );
  if (notAfter)
    return (
      <>
        Until <Timestamp value={notAfter} />
      </>
    );
  return <span className="muted">No time limit</span>;
}

/** A bar per ceiling; dimensions without one are counted in a line below, since draws there are still recorded. */
function Balances({ authority }: { authority: AuthorityFieldsFragment }) {
  const currency = authority.currency ?? null;
  const capped = DIMENSIONS.filter((dimension) => authority.ceiling[dimension] != null);
  const uncapped = DIMENSIONS.filter((dimension) => authority.ceiling[dimension] == null && (authority.drawn[dimension] ?? 0) > 0);
  return (
    <div className="balances">
      {capped.map((dimension) => (
        <BalanceBar
          key={dimension}
          dimension={dimension}
          ceiling={authority.ceiling[dimension]!}
          drawn={authority.drawn[dimension] ?? 0}
          remaining={authority.remaining[dimension] ?? 0}
          currency={currency}
        />
      ))}
      {uncapped.length > 0 && (
        <p className="muted small">
          Without a ceiling: {uncapped.map((dimension) => formatAmount(dimension, authority.drawn[dimension] ?? 0, currency)).join(', ')} so far.
        </p>
      )}
    </div>
  );
}

interface BalanceBarProps {
  dimension: Dimension;
  ceiling: number;
  drawn: number;
  remaining: number;
  currency: string | null;
}

function BalanceBar({ dimension, ceiling, drawn, remaining, currency }: BalanceBarProps) {
  const text = DIMENSION_TEXT[dimension];
  // A ceiling of 0 is reached from the start.
  const percent = ceiling === 0 ? 100 : Math.min(100, (drawn / ceiling) * 100);
  const of = `${figure(dimension, drawn, currency)} of ${figure(dimension, ceiling, currency)}`;
  return (
    <div className="balance">
      <div className="balance-head">
        <span className="balance-name">{text.name}</span>
        <span>
          <strong>{figure(dimension, remaining, currency)} left</strong>
          <span className="muted">
            {' '}
            · {of} {text.used}
          </span>
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={text.bar}
        aria-valuemin={0}
        aria-valuemax={ceiling}
        aria-valuenow={drawn}
        aria-valuetext={dimension === 'minorUnits' ? of : `${of} ${dimension === 'tokens' ? 'tokens' : 'draws'}`}
        className={`bar${remaining === 0 ? ' full' : ''}`}
      >
        <div className="bar-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
