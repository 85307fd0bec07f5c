import { agentText } from '@countersign/effect';
import type { Notice } from './notice.js';

const DIMENSION_WORDS = { tokens: 'tokens', minorUnits: 'money', draws: 'draws' } as const;

/**
 * Who filed the request: its agent's name, or, for an owner-to-owner request
 * (docs/sign-offs.md, S21), the email of the owner who proposed it.
 */
export function filerOf(notice: Notice): string {
  return notice.signOff?.proposedBy?.email ?? notice.agent?.name ?? '';
}

/** "asks" for an agent's request, "proposes" for an owner's. */
export function filesVerb(notice: Notice): string {
  return notice.signOff?.proposedBy ? 'proposes' : 'asks';
}

/**
 * What approving the request would do, in the console's words: the effect
 * the server computed (`readNotice`), never the agent's summary, which is
 * only its claim. A notice built without one (a test's) falls back to the
 * operation's description, also the server's words.
 */
export function effectSentence(notice: Notice): string {
  return notice.effect?.sentence ?? agentText(notice.signOff?.description ?? '');
}

/**
 * One line saying what happened, for a Slack header, an email subject or a
 * digest's entry: a request's lines lead with its effect (issue 26, item 5).
 */
export function headline(notice: Notice): string {
  const agent = notice.agent?.name ?? '';
  const effect = effectSentence(notice);
  switch (notice.type) {
    case 'SIGN_OFF_REQUESTED':
      return `${agentText(filerOf(notice))} ${filesVerb(notice)}: ${effect}`;
    case 'SIGN_OFF_DECIDED':
      return `${notice.signOff?.state === 'DENIED' ? 'Denied' : 'Approved'}: ${effect}`;
    case 'SIGN_OFF_FINISHED':
      return `${notice.signOff?.state === 'FAILED' ? 'Failed' : 'Done'}: ${effect}`;
    case 'SIGN_OFF_CLOSED':
      return `${notice.signOff?.state === 'EXPIRED' ? 'Expired unanswered' : 'Withdrawn'}: ${effect}`;
    case 'SIGN_OFF_EXPIRING':
      return `${notice.hoursLeft === 1 ? '1 hour' : `${notice.hoursLeft ?? 24} hours`} left to decide: ${effect}`;
    case 'AUTHORITY_LOW':
      return `${notice.authority?.name ?? 'An authority'} of ${agent} has used 80 % of its ${DIMENSION_WORDS[notice.dimension ?? 'tokens']}`;
    case 'AUTHORITY_EXHAUSTED':
      return `${notice.authority?.name ?? 'An authority'} of ${agent} has used all its ${DIMENSION_WORDS[notice.dimension ?? 'tokens']}`;
    case 'AGENT_REVOKED':
      return `Agent ${agent} was revoked`;
    case 'AUDIT_HEAD_SIGNED':
      return `Audit log signed at entry ${notice.auditHead?.seq ?? ''}: keep this signed head`;
  }
}
