import type { AuthorityFieldsFragment } from '../../gql/graphql';
import { Timestamp } from '../../shared/ui/timestamp';
import { Link } from '../../shared/router';
import { requestPath } from '../sign-offs/sign-off-display';
import { DIMENSIONS, type Dimension } from './amount-format';
import { authorityAnchor, figure, STATE_LABELS, ValidityWindow } from './authority-card';

const DIMENSION_NAMES: Record<Dimension, string> = { tokens: 'Tokens', minorUnits: 'Money', draws: 'Draws' };

/** Whether draws could still land: revoked and expired authorities are history, kept below in full. */
export function isLive(authority: Pick<AuthorityFieldsFragment, 'state'>): boolean {
  return authority.state !== 'REVOKED' && authority.state !== 'EXPIRED';
}

/**
 * The live authorities at a glance, one row each: whose, how much is drawn
 * against each ceiling, when draws may land and when the last one did. The
 * name leads down to the authority's card; a granted one also back to the
 * request whose approval created it.
 */
export function AuthoritiesSummary({ authorities }: { authorities: readonly AuthorityFieldsFragment[] }) {
  const live = authorities.filter(isLive);
  return (
    <section aria-labelledby="live-authorities-heading" className="authorities-summary">
      <h2 id="live-authorities-heading">Live authorities</h2>
      {live.length === 0 ? (
        <p className="muted">No live authorities: none issued yet, or every one is revoked or expired.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">Authority</th>
              <th scope="col">Agent</th>
              <th scope="col">Drawn / ceiling</th>
              <th scope="col">Window</th>
              <th scope="col">Last draw</th>
            </tr>
          </thead>
          <tbody>
            {live.map((authority) => (
              <SummaryRow key={authority.id} authority={authority} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SummaryRow({ authority }: { authority: AuthorityFieldsFragment }) {
  return (
    <tr>
      <th scope="row">
        {/* A plain anchor: the browser scrolls to the card; the console's router only changes pages. */}
        <a href={`#${authorityAnchor(authority.id)}`}>{authority.name}</a>
        {authority.state !== 'ACTIVE' && (
          <>
            {' '}
            <span className={`badge authority-${authority.state.toLowerCase()}`}>{STATE_LABELS[authority.state]}</span>
          </>
        )}
        {authority.grantedBy && (
          <div className="small">
            Granted by <Link href={requestPath(authority.grantedBy.id)}>a request you approved</Link>
          </div>
        )}
      </th>
      <td>{authority.agent.name}</td>
      <td>
        <DrawnAgainstCeilings authority={authority} />
      </td>
      <td>
        <ValidityWindow notBefore={authority.notBefore ?? null} notAfter={authority.notAfter ?? null} />
      </td>
      <td>{authority.lastDrawnAt ? <Timestamp value={authority.lastDrawnAt} /> : <span className="muted">No draws yet</span>}</td>
    </tr>
  );
}

/** "Tokens 2,500 / 10,000", "Money EUR 12.50 / EUR 50.00", one line per dimension capped or drawn on. */
function DrawnAgainstCeilings({ authority }: { authority: AuthorityFieldsFragment }) {
  const currency = authority.currency ?? null;
  const shown = DIMENSIONS.filter((dimension) => authority.ceiling[dimension] != null || (authority.drawn[dimension] ?? 0) > 0);
  return (
    <ul className="drawn-lines">
      {shown.map((dimension) => {
        const ceiling = authority.ceiling[dimension];
        return (
          <li key={dimension}>
            <span className="muted">{DIMENSION_NAMES[dimension]}</span> {figure(dimension, authority.drawn[dimension] ?? 0, currency)} /{' '}
            {ceiling == null ? <span className="muted">no ceiling</span> : figure(dimension, ceiling, currency)}
          </li>
        );
      })}
    </ul>
  );
}
