import { navigate } from '../../../shared/router';
import type { DecisionHandle } from '../decision-controls';
import { requestPath } from '../sign-off-display';
import { startTriage } from './and-next';
import type { BatchHandle } from './batch-bar';
import type { InboxRow } from './inbox-row';
import { moveCursor } from './triage-view';
import type { InboxKeys } from './use-inbox-keys';

export interface InboxCommandsInput {
  /** The open request, whether it left the list under the owner, and the list's ids as shown (a request that left included). */
  current: string | undefined;
  gone: boolean;
  listedIds: readonly string[];
  chosen: readonly InboxRow[];
  held: boolean;
  /** Side by side, the pane decides; narrower, a/d open the request's own page. */
  wide: boolean;
  /** The pane's decision and the batch bar, as mounted at the key press. */
  decision: () => DecisionHandle | null;
  batch: () => BatchHandle | null;
  moveTo: (id: string | undefined, how: { byOwner: boolean }) => void;
  toggleSelected: (id: string) => void;
  decideSelected: (approve: boolean, note: string | null, how: { byKey: boolean }) => void;
  undo: () => void;
  say: (message: string) => void;
  showShortcuts: () => void;
}

/**
 * What each of the Inbox's keys does (UI5), from where the Inbox stands at
 * the key press: j/k move by the owner's own hand, a/d act on the
 * selection or else the open request (nothing during the 700 ms hold, and
 * nothing on a request that left: its pane has no buttons), u undoes.
 */
export function inboxCommands(input: InboxCommandsInput): InboxKeys {
  const { current, gone, listedIds, chosen, held, wide, decision, batch, moveTo } = input;
  const openOwnPage = (id: string) => {
    startTriage();
    navigate(requestPath(id));
  };
  return {
    // From a request that left, j and k step to its neighbours in the list as shown.
    next: () => moveTo(moveCursor(listedIds, current, 1), { byOwner: true }),
    previous: () => moveTo(moveCursor(listedIds, current, -1), { byOwner: true }),
    toggleSelected: () => {
      if (current !== undefined && !gone) input.toggleSelected(current);
    },
    approve: () => {
      if (held) return;
      if (chosen.length > 0) {
        if (chosen.every((row) => row.risk === 'LOW')) input.decideSelected(true, null, { byKey: true });
        else input.say('Only low-risk requests can be approved together: open the others one by one.');
      } else if (current !== undefined) {
        if (wide) decision()?.approve({ byKey: true });
        else openOwnPage(current);
      }
    },
    deny: () => {
      if (held) return;
      if (chosen.length > 0) batch()?.readyDenial();
      else if (current !== undefined) {
        if (wide) decision()?.readyDenial();
        else openOwnPage(current);
      }
    },
    undo: input.undo,
    showShortcuts: input.showShortcuts,
  };
}
