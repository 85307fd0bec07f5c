import type { SignOff, SignOffState } from '@countersign/client';

/**
 * Said with every approval an agent carries out (docs/mcp.md, M7): an owner
 * may approve with changes, and then what runs is theirs, not the agent's.
 */
const APPROVED_INPUT =
  'The approved input is signOff.input: your owner may have approved it with changes (changedByOwner, the input you asked kept as requestedInput); when changedByOwner, act on signOff.input, never on your own arguments.';

/**
 * What each state means to the agent and what it should do next, in the
 * words the model reads after every tool that answers a request. One table,
 * so every tool gives the same advice for the same state.
 */
const NEXT_STEP: Record<SignOffState, (signOff: SignOff) => string> = {
  PENDING: () =>
    "Waiting for your owner's decision. Call wait_for_decision with the same id (safe to repeat, also after a restart), or do other work and check again later. Do not ask again: the same request would return this one.",
  PARTIALLY_APPROVED: () =>
    'One of the two owners whose approval it needs has approved it; it waits for the second. Call wait_for_decision with the same id, or check again later. Do not ask again: the same request would return this one.',
  APPROVED: () => 'Approved; Countersign is running the operation now. Call wait_for_decision again for its outcome.',
  AWAITING_REDEEM: (signOff) =>
    `Approved. You carry it out: call redeem_sign_off (before ${signOff.redeemBy ?? 'the grant lapses'}) for the approval token, act with exactly the approved input, then call report_outcome. ${APPROVED_INPUT}`,
  REDEEMED: () => `You hold the grant. Act with exactly the approved input, then call report_outcome to tell your owner how it went. ${APPROVED_INPUT}`,
  DELIVERING: () => "Approved; Countersign is delivering it to your owner's endpoint. Call get_sign_off later for the outcome.",
  SUCCEEDED: (signOff) =>
    signOff.secretState === 'WAITING'
      ? 'Approved and done. Call take_secret now to collect the secret result: it can be taken once, and lapses if left.'
      : 'Approved and done; `result` holds what it produced.',
  FAILED: (signOff) => `Approved, but it failed: ${signOff.failure ?? 'no reason given'}. Nothing more will happen to this request.`,
  DENIED: (signOff) =>
    `Your owner denied it${signOff.note ? `: "${signOff.note}"` : ''}. Do not do it. Ask again only if something changed that answers the owner's concern.`,
  EXPIRED: () => 'Nobody decided in time; nothing ran. Ask again with request_sign_off if it is still needed.',
  WITHDRAWN: (signOff) => `Closed before anything ran${signOff.failure ? ` (${signOff.failure})` : ''}. Nothing more will happen to this request.`,
  LAPSED: () => 'The approval was not redeemed within 24 hours; nothing may run under it. Ask again with request_sign_off if it is still needed.',
};

/** One sentence on where `signOff` stands and what to do next. */
export function nextStep(signOff: SignOff): string {
  return `Sign-off ${signOff.id} (${signOff.op}) is ${signOff.state}. ${NEXT_STEP[signOff.state](signOff)}`;
}
