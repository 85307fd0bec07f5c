/** How long a low-risk decision made by key waits, undoable, before it is sent (UI5). */
export const UNDO_MS = 5_000;

/** One request a held decision is about, as the Inbox showed it: its title for what the owner is told, and where its row was. */
export interface HeldRequest {
  id: string;
  title: string;
  index: number;
}

/**
 * A low-risk decision the owner made by key, not sent yet: the toast says
 * "Approving in 5 s" with Undo until `dueAt`, and only then is it sent
 * (or on `pagehide`, whichever comes first). It is sent at most once.
 */
export interface HeldDecision {
  /** Tells one held decision from the next, so each is sent or dropped once. */
  serial: number;
  requests: readonly HeldRequest[];
  approve: boolean;
  note: string | null;
  /** A single approval names the input the owner saw (S22); a batch approves only requests nobody edited (NOT_BATCHABLE). */
  expectedInputHash?: string;
  /** Set when one request was decided from its pane; a batch (the selection) is sent as one `decideSignOffs`. */
  single: boolean;
  dueAt: number;
}

/** What becomes of a held decision when its time comes: what is sent, and what is dropped and why. */
export interface Fate {
  send: readonly HeldRequest[];
  /** Requests that left the list meanwhile (withdrawn, decided elsewhere, expired): never sent. */
  left: readonly HeldRequest[];
  /** Offline when it was due: nothing is sent, then or later. */
  offline: boolean;
}

/**
 * The fate of a held decision at the moment it is due: offline, nothing is
 * sent (a decision is never queued for later, UI6); else every request
 * still waiting is sent and those that left meanwhile are dropped.
 */
export function fateOf(held: HeldDecision, { online, waiting }: { online: boolean; waiting: ReadonlySet<string> }): Fate {
  if (!online) return { send: [], left: [], offline: true };
  return {
    send: held.requests.filter((request) => waiting.has(request.id)),
    left: held.requests.filter((request) => !waiting.has(request.id)),
    offline: false,
  };
}

const verb = (held: HeldDecision) => (held.approve ? 'Approving' : 'Denying');
const what = (requests: readonly HeldRequest[]) => (requests.length === 1 ? `“${requests[0]!.title}”` : `${requests.length} requests`);

/** The toast while the decision waits: what it will do, and when. */
export function heldSentence(held: HeldDecision): string {
  return `${verb(held)} ${what(held.requests)} in ${Math.round(UNDO_MS / 1000)} s`;
}

/** What the owner is told after Undo: nothing was sent, and the requests wait as before. */
export function undoneSentence(held: HeldDecision): string {
  return `Undone: ${what(held.requests)} ${held.requests.length === 1 ? 'still waits' : 'still wait'}; nothing was sent.`;
}

/** What the owner is told when some or all of a held decision was dropped, or undefined when nothing was. */
export function droppedSentence(held: HeldDecision, fate: Fate): string | undefined {
  const decision = held.approve ? 'approved' : 'denied';
  if (fate.offline) {
    return `Not ${decision}: you were offline when ${what(held.requests)} ${held.requests.length === 1 ? 'was' : 'were'} due to be sent. Nothing was sent, and nothing will be; decide again once you are back online.`;
  }
  if (fate.left.length === 0) return undefined;
  return `Not ${decision}: ${what(fate.left)} left the list before ${fate.left.length === 1 ? 'it was' : 'they were'} sent (withdrawn, decided elsewhere or expired), so nothing was sent for ${fate.left.length === 1 ? 'it' : 'them'}.`;
}
