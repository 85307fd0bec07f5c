import type { SignOffState } from '../../gql/graphql';
import { showInvisibles } from '@countersign/manifest/invisible-characters';

/** What saying who decided a request needs of it (History's rows). */
export interface DecidedRequest {
  state: SignOffState;
  approvalsRequired: number;
  approvals: readonly { owner: { id: string; email: string } }[];
  deniedBy?: { id: string; email: string } | null;
  approvedByRule?: { id: string } | null;
  note?: string | null;
}

/**
 * Who decided a request, in a line for History (docs/console.md, UI9):
 * each approver of a two-person request in order, the owner who denied it,
 * or that nobody did (it expired or was withdrawn). The viewer is "you". A
 * request needing one approval is its owner's alone to decide (S12), so the
 * owner reading it decided it. Null when a standing rule approved it: that
 * line names the rule (`ApprovedByRule`).
 */
export function whoDecided(signOff: DecidedRequest, viewerId: string | undefined): string | null {
  if (signOff.approvedByRule) return null;
  const name = (owner: { id: string; email: string }) => (owner.id === viewerId ? 'you' : owner.email);
  const approvers = signOff.approvals.map((approval) => name(approval.owner));
  const approved = approvers.length > 0 ? `Approved by ${approvers.join(' and ')}` : null;
  switch (signOff.state) {
    case 'DENIED': {
      const denier = signOff.deniedBy ? name(signOff.deniedBy) : signOff.approvalsRequired === 1 ? 'you' : 'an owner';
      return approved ? `${approved}, then denied by ${denier}` : `Denied by ${denier}`;
    }
    case 'EXPIRED':
      return approved ? `${approved}; it expired before a second owner approved` : 'Nobody decided: it expired';
    case 'WITHDRAWN':
      return approved ? `${approved}; withdrawn before a second owner approved` : 'Nobody decided: it was withdrawn';
    case 'PENDING':
    case 'PARTIALLY_APPROVED':
      return approved;
    default:
      return approved ?? (signOff.approvalsRequired === 1 ? 'Approved by you' : null);
  }
}

/** The note an owner gave with a denial, quoted and with invisible characters escaped; null for any other outcome. */
export function denialNote(signOff: Pick<DecidedRequest, 'state' | 'note'>): string | null {
  const note = signOff.note?.trim();
  return signOff.state === 'DENIED' && note ? `“${showInvisibles(note)}”` : null;
}
