import type { MouseEvent, Ref } from 'react';
import type { SignOffFieldsFragment } from '../../../gql/graphql';
import { Link } from '../../../shared/router';
import { settledSentence, type Settled } from '../decision-controls';
import type { Effect } from '@countersign/effect';
import { TimeLeft } from '../request-facts';
import { requesterName, requestPath, requestTitle, RiskChip } from '../sign-off-display';
import { MiddleCut } from './middle-cut';

export interface TriageRowProps {
  signOff: SignOffFieldsFragment;
  effect: Effect;
  now: number;
  /** The row the keyboard is on, and the one the pane shows on a wide screen. */
  active: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** A plain click or Enter on the row's link; the page decides between the pane and the request's own page. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
  linkRef: Ref<HTMLAnchorElement>;
  /**
   * Set when this is the open request and it left the list under the owner
   * (withdrawn, decided elsewhere, expired): the row stays where it was,
   * saying so in place of its effect, with nothing to select, until the
   * owner moves on. The link is the same element, so a focus on it stays.
   */
  gone?: string;
  /** Opened without the owner's own j/k/click (after a decision, say): flashed while a/d wait a moment (UI5). */
  arriving?: boolean;
}

/** A request one owner approved that waits for another (S20): said as a chip on its row. */
export const TWO_PERSON_CHIP = 'Approved once — needs a second owner';

/**
 * One waiting request in two lines (UI1): the effect, the sentence an owner
 * checks, on a line of its own beside the risk; below it who asks, what it
 * acts on (cut in the middle, never dropped), where a two-person approval
 * stands, the amount and the time left. The link is the row's one focus
 * stop besides its checkbox; its name is the effect, then the request's
 * title. The checkbox is named by the effect, so what is selected is what
 * is approved.
 */
export function TriageRow({ signOff, effect, now, active, selected, onSelect, onOpen, linkRef, gone, arriving = false }: TriageRowProps) {
  const title = requestTitle(signOff);
  return (
    <li
      className={`triage-row${active ? ' active' : ''}${selected ? ' selected' : ''}${gone === undefined ? '' : ' gone'}${arriving ? ' arriving' : ''}`}
      data-risk={signOff.risk.toLowerCase()}
    >
      {/* A 44 px square around the box: the whole square toggles it, on a phone's finger as with a mouse. */}
      {gone === undefined ? (
        <label className="select">
          <input type="checkbox" aria-label={effect.sentence} checked={selected} onChange={(event) => onSelect(event.target.checked)} />
        </label>
      ) : (
        <span className="select" />
      )}
      {/* The name starts with what the row shows (label in name) and goes on with the request's whole title, for whoever does not see the row. */}
      <Link ref={linkRef} href={requestPath(signOff.id)} className="open" aria-current={active ? 'true' : undefined} onClick={onOpen}>
        <span className="effect-line">{gone ?? effect.sentence}</span>
        <span className="visually-hidden">: {title}</span>
      </Link>
      <RiskChip risk={signOff.risk} />
      <span className="row-facts">
        <span className="agent">{requesterName(signOff)}</span>
        {effect.target !== null && <MiddleCut className="target" text={effect.target} />}
        {gone === undefined && signOff.state === 'PARTIALLY_APPROVED' && <span className="badge two-person">{TWO_PERSON_CHIP}</span>}
        <span className="amount">{effect.amount ?? ''}</span>
        <span className="left">{gone === undefined && <TimeLeft until={signOff.expiresAt} now={now} />}</span>
      </span>
    </li>
  );
}

/**
 * A request just decided from this tab, collapsed in place to one line
 * until it leaves the list: the owner sees what became of it where it was,
 * and a lost race says so instead of vanishing.
 */
export function SettledRow({ signOff, lost }: Settled) {
  const outcome = settledSentence({ signOff, lost });
  return (
    <li className={`triage-row settled${lost ? ' lost' : ''}`}>
      <span className="outcome">
        <strong>{requestTitle(signOff)}</strong> — {outcome}
        {!lost && signOff.note && <> Note: {signOff.note}</>}
      </span>
    </li>
  );
}

/**
 * A request whose decision, made by key, is held for Undo or on its way
 * (UI5): one line in its place, saying so, until the answer settles it.
 */
export function HeldRow({ title, text }: { title: string; text: string }) {
  return (
    <li className="triage-row settled held">
      <span className="outcome">
        <strong>{title}</strong> — {text}
      </span>
    </li>
  );
}
