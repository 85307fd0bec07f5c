/**
 * How long a request waits for its owner. A week: an owner away for a
 * weekend should still find it. Past it the request is closed unanswered.
 */
export const SIGN_OFF_WINDOW = `interval '7 days'`;

/**
 * How long an approved request's secret waits for its agent, from the
 * decision. Past it the secret is cleared and what it minted is revoked.
 */
export const SECRET_LIFE = `interval '24 hours'`;

/**
 * How long an approved AGENT operation's grant waits to be redeemed, from
 * the decision. Past it the grant lapses: the agent must ask again.
 */
export const GRANT_LIFE = `interval '24 hours'`;

/**
 * How long an agent's identical ask is refused after its owner denied it
 * (rule S18): long enough that an agent looping on a denial stops paging
 * its owner, short enough that a changed situation can be asked about again.
 */
export const DENIAL_COOL_DOWN_MINUTES = 10;
export const DENIAL_COOL_DOWN = `interval '${DENIAL_COOL_DOWN_MINUTES} minutes'`;

/* The spans above are SQL fragments (constants, never input), spliced into statements. */

/**
 * Requests one agent may have waiting: past it a new one is refused, so a
 * looping agent cannot bury its owner's inbox.
 */
export const MAX_PENDING_PER_AGENT = 20;

/**
 * An approved request not finished this long after its decision was
 * interrupted (its instance died between the two transactions): the sweep
 * settles it. Well above any real execution time, so the sweep does not
 * routinely race the instance doing it (which would be safe anyway).
 */
export const SETTLE_AFTER = `interval '30 seconds'`;
