import type { CountersignAgent } from './agent.js';
import type { CountersignError, CountersignErrorCode } from './errors.js';
import type { SignOff } from './types.js';

/*
 * One tool call under a sign-off, the part every framework hook shares (and
 * so imports no framework): ask with the call's input, wait for the owner,
 * redeem, and run only with the redeemed input.
 */

/** How long one tool call waits for its owner unless the hook says otherwise: a model's turn should not hang for hours. */
export const DEFAULT_TOOL_WAIT_MS = 10 * 60 * 1000;

/** What a signed-off tool asks its owner for: the operation its calls run under, and the words the owner reads. */
export interface SignOffSpec<TInput> {
  /**
   * An operation the owner defined with runner `AGENT` (the agent carries it
   * out after `redeem`), whose input schema accepts this tool's input.
   */
  op: string;
  /** What the owner reads in the Inbox: fixed, or made from the call's input. */
  summary: string | ((input: TInput) => string);
  /** Why the agent wants it, shown under the summary. */
  reason?: string | ((input: TInput) => string) | null;
  /** The owner's repository the call acts on, for an operation that `needsRepository`. */
  repository?: string | null;
  /**
   * How long one call waits for the decision (10 minutes unless given).
   * Past it the model is told to call again with the same input, which
   * finds the same open request rather than asking twice.
   */
  timeoutMs?: number;
  /** What the owner's History shows of a run (a JSON object, at most 64 KiB); nothing unless given. */
  outcome?: (output: unknown) => Record<string, unknown> | null;
}

/** The owner's answer to one call: approved (the grant waits to be redeemed), or not, with the words the model is told. */
export type SignOffDecision = { approved: true; signOff: SignOff } | { approved: false; signOff: SignOff | null; message: string };

/** A signed-off call's end: it ran with the owner's approved input, or it did not run, and the model is told why. */
export type SignedOffCallResult<TOutput> =
  { ran: true; output: TOutput; signOff: SignOff; changedByOwner: boolean } | { ran: false; signOff: SignOff | null; message: string };

/** What the tool's own code gets besides the approved input: the redeemed request and its single-use approval token. */
export interface Grant {
  signOff: SignOff;
  /** The signed approval token, for a downstream service that verifies it (`verifyApproval`). */
  approval: string;
}

/**
 * The client's error with one of `codes`, told by its fields rather than
 * `instanceof`: each CommonJS entry of the build carries its own copy of the
 * error class, so the hooks' copy is not the class the agent threw.
 */
function isClientError(error: unknown, ...codes: CountersignErrorCode[]): error is CountersignError {
  return error instanceof Error && error.name === 'CountersignError' && codes.includes((error as CountersignError).code);
}

const valueOf = <TInput>(field: string | ((input: TInput) => string) | null | undefined, input: TInput) =>
  typeof field === 'function' ? field(input) : (field ?? null);

/**
 * Asks the owner about one call with exactly `input` and waits for the
 * decision. Asking again with the same input while the request is open
 * (pending, or approved and not yet redeemed) finds that request, so a
 * framework may call this once to interrupt and again to run.
 */
export async function decideCall<TInput>(agent: CountersignAgent, spec: SignOffSpec<TInput>, input: TInput, signal?: AbortSignal): Promise<SignOffDecision> {
  let signOff: SignOff;
  try {
    ({ signOff } = await agent.requestSignOff({
      op: spec.op,
      repository: spec.repository ?? null,
      input,
      summary: valueOf(spec.summary, input) ?? spec.op,
      reason: valueOf(spec.reason, input),
    }));
  } catch (error) {
    // The owner denied exactly this a moment ago: that denial, with its note, is the answer.
    if (isClientError(error, 'RECENTLY_DENIED')) return { approved: false, signOff: error.signOff ?? null, message: error.message };
    throw error;
  }
  if (signOff.state === 'PENDING' || signOff.state === 'PARTIALLY_APPROVED') {
    try {
      signOff = await agent.waitForDecision(signOff.id, { timeoutMs: spec.timeoutMs ?? DEFAULT_TOOL_WAIT_MS, signal });
    } catch (error) {
      if (!isClientError(error, 'TIMEOUT')) throw error;
      const message = `Still waiting for your owner's decision on request ${signOff.id}: nothing ran. Call this tool again with the same input to keep waiting; it will not ask twice.`;
      return { approved: false, signOff, message };
    }
  }
  if (signOff.state === 'AWAITING_REDEEM') return { approved: true, signOff };
  return { approved: false, signOff, message: notRunMessage(signOff) };
}

/**
 * One tool call under a sign-off: asks (or finds the open request), waits,
 * redeems the approval and runs `run` once with the redeemed input — the
 * owner's version when they approved with changes, never the call's own —
 * then reports the outcome to the owner's History. Denied, lapsed or still
 * waiting, `run` is never called and the result says why.
 */
export async function signedOffCall<TInput, TOutput>(
  agent: CountersignAgent,
  spec: SignOffSpec<TInput>,
  input: TInput,
  run: (approved: TInput, grant: Grant) => Promise<TOutput> | TOutput,
  signal?: AbortSignal,
): Promise<SignedOffCallResult<TOutput>> {
  const decision = await decideCall(agent, spec, input, signal);
  if (!decision.approved) return { ran: false, signOff: decision.signOff, message: decision.message };
  let grant: Grant;
  try {
    grant = await agent.redeem(decision.signOff.id);
  } catch (error) {
    // Another call with the same input redeemed it first, or the grant lapsed: either way this call must not run.
    if (isClientError(error, 'ALREADY_REDEEMED', 'GRANT_LAPSED', 'SIGN_OFF_CLOSED') && error.signOff) {
      return { ran: false, signOff: error.signOff, message: notRunMessage(error.signOff) };
    }
    throw error;
  }
  const approved = grant.signOff.input as TInput;
  let output: TOutput;
  try {
    output = await run(approved, grant);
  } catch (error) {
    await report(agent, grant.signOff.id, { succeeded: false, failure: String((error as Error)?.message ?? error).slice(0, 2000) || 'the tool failed' });
    throw error;
  }
  await report(agent, grant.signOff.id, { succeeded: true, result: spec.outcome?.(output) ?? null });
  return { ran: true, output, signOff: grant.signOff, changedByOwner: grant.signOff.changedByOwner };
}

/** The outcome is the owner's record, not the model's answer: a report that fails is warned of, and the call's result stands. */
async function report(agent: CountersignAgent, id: string, outcome: Parameters<CountersignAgent['reportOutcome']>[1]): Promise<void> {
  await agent.reportOutcome(id, outcome).catch((error: unknown) => {
    process.emitWarning(`Countersign: could not report the outcome of ${id}: ${(error as Error).message}`, { code: 'COUNTERSIGN_OUTCOME' });
  });
}

/** What the model is told when a call did not run: the denial and the owner's note first, since that is what it must act on. */
export function notRunMessage(signOff: SignOff): string {
  switch (signOff.state) {
    case 'DENIED':
      return `Your owner denied this call (request ${signOff.id})${signOff.note ? `: ${signOff.note}` : '.'} Do not try it another way.`;
    case 'REDEEMED':
    case 'SUCCEEDED':
    case 'FAILED':
      return `Request ${signOff.id} was already redeemed and run: nothing ran now. Call with new input to ask your owner again.`;
    default:
      return `Request ${signOff.id} is ${signOff.state.toLowerCase()}: nothing ran. Call again to ask your owner anew.`;
  }
}
