import type { SignOffFieldsFragment } from '../../gql/graphql';

/** What the notifier reads of a request: its state and who approved it (docs/sign-offs.md, S20). */
export type NotifiedSignOff = Pick<SignOffFieldsFragment, 'id' | 'state' | 'approvals'>;

/**
 * Whether a request still waits for this owner: PENDING, or
 * PARTIALLY_APPROVED — open like PENDING, waiting for a second owner — and
 * not approved by them already (their approval cannot be the second).
 */
export function awaitsOwner(signOff: Pick<NotifiedSignOff, 'state' | 'approvals'>, ownerId: string | undefined): boolean {
  if (signOff.state === 'PENDING') return true;
  if (signOff.state !== 'PARTIALLY_APPROVED') return false;
  return !signOff.approvals.some((approval) => approval.owner.id === ownerId);
}

/** Still undecided: a first approval of a two-person request leaves it open. */
function isOpen(state: string): boolean {
  return state === 'PENDING' || state === 'PARTIALLY_APPROVED';
}

export interface NotifierPorts<S extends NotifiedSignOff, N extends { close(): void }> {
  /** The request as the API has it now; null when it cannot be read. */
  read(id: string): Promise<S | null>;
  /** The signed-in owner's id. */
  viewerId(): Promise<string | undefined>;
  /** True while the tab is hidden and notifications are allowed. */
  canNotify(): boolean;
  /** Raises the notification; answers it when the page may close it later. */
  show(signOff: S): Promise<N | undefined>;
}

/**
 * The hidden tab's notifications, fed by the live sign-off feed (`{id,
 * state}` per change). A new open request that waits for this owner raises
 * one; a decision or closing takes it away. A first approval leaves the
 * request open: the notification stays for an owner who has not approved
 * (the one whose approval completes it), and goes for the one who gave it.
 * A request first seen half-approved (an owner-to-owner proposal, or a
 * co-owner's first approval) is raised for the owners it waits for.
 */
export function requestNotifier<S extends NotifiedSignOff, N extends { close(): void }>(ports: NotifierPorts<S, N>) {
  // Requests already told about (or seen while visible), so a later event for the same open request raises nothing new.
  const seen = new Set<string>();
  const shown = new Map<string, N>();
  const closed = new Set<string>();
  let stopped = false;

  const close = (id: string) => {
    shown.get(id)?.close();
    shown.delete(id);
  };

  const stillAwaits = async (id: string): Promise<S | null> => {
    const [signOff, viewer] = await Promise.all([ports.read(id), ports.viewerId()]);
    return !stopped && !closed.has(id) && signOff && awaitsOwner(signOff, viewer) ? signOff : null;
  };

  return {
    async onEvent({ id, state }: { id: string; state: string }): Promise<void> {
      if (!isOpen(state)) {
        closed.add(id);
        close(id);
        return;
      }
      if (seen.has(id)) {
        // Approved once: the owner who approved it has nothing left to do here.
        if (state === 'PARTIALLY_APPROVED' && shown.has(id) && !(await stillAwaits(id))) close(id);
        return;
      }
      seen.add(id);
      if (!ports.canNotify()) return;
      const signOff = await stillAwaits(id);
      if (!signOff) return;
      const notification = await ports.show(signOff);
      if (!notification) return;
      // Decided, or the tab's listener gone, while it was being shown.
      if (stopped || closed.has(id)) notification.close();
      else shown.set(id, notification);
    },
    stop(): void {
      stopped = true;
      for (const notification of shown.values()) notification.close();
      shown.clear();
    },
  };
}
