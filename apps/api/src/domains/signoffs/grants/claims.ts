/**
 * What an approval token carries and how long it lives. The claims type is
 * declared in platform/lib/runtime.ts, where the services that ask for a token see it
 * without importing this folder; it is re-exported here beside the constants
 * a verifier needs.
 */
export type { ApprovalClaims } from '../../../platform/lib/runtime.js';

/** How long an approval token is valid: long enough for the agent to act, short enough that a leaked one soon goes stale. */
export const APPROVAL_TOKEN_SECONDS = 15 * 60;

/** The JOSE `typ` of an approval token, so it cannot be mistaken for another kind of JWT. */
export const APPROVAL_TOKEN_TYPE = 'countersign-approval+jwt';
