import type { SignOffState } from '../../gql/graphql';

/**
 * How and when a request stopped waiting: decided, closed (withdrawn by its
 * agent or by its revocation), or expired. An expired request was never
 * decided: its window closed unanswered, so it is named for that and dated by
 * its expiry, never passed off as a decision. Undefined while nothing closed it.
 */
export function closedAt(signOff: {
  state: SignOffState;
  decidedAt?: string | null;
  expiresAt: string;
}): { verb: 'Decided' | 'Closed' | 'Expired'; at: string } | undefined {
  if (signOff.state === 'EXPIRED') return { verb: 'Expired', at: signOff.expiresAt };
  if (!signOff.decidedAt) return undefined;
  return { verb: signOff.state === 'WITHDRAWN' ? 'Closed' : 'Decided', at: signOff.decidedAt };
}
