import { domainError } from '../../platform/lib/errors.js';
import type { RecentDenial } from './denials-store.js';
import { DENIAL_COOL_DOWN_MINUTES } from './policy.js';

/**
 * The answer to an ask its owner just denied (rule S18): the owner's note
 * and when the same request may be asked again travel in the error, both
 * in its message (for an agent that reads only messages) and as fields.
 */
export function recentlyDenied(op: string, denial: RecentDenial) {
  const note = denial.note ? ` Their note: "${denial.note}".` : '';
  return {
    ...domainError(
      'RecentlyDenied',
      'RECENTLY_DENIED',
      `Your owner denied this same ${op} request at ${denial.deniedAt.toISOString()}.${note} ` +
        `Asking again for the same input is refused for ${DENIAL_COOL_DOWN_MINUTES} minutes, until ${denial.retryAfter.toISOString()}; change the request or wait.`,
    ),
    deniedSignOffId: denial.signOffId,
    note: denial.note,
    deniedAt: denial.deniedAt,
    retryAfter: denial.retryAfter,
    coolDownMinutes: DENIAL_COOL_DOWN_MINUTES,
  };
}
