import { CountersignError, isCountersignError, isDecided, type CountersignAgent, type SignOff, type WaitForDecisionOptions } from '@countersign/client';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/**
 * The longest a wait runs without progress notifications. MCP hosts commonly
 * cancel a call that has been silent for 60 s; 45 s leaves room for the
 * round trips around the wait.
 */
export const SILENT_WAIT_SECONDS = 45;

/**
 * The longest one wait runs, also with progress notifications: a call held
 * open for hours holds its connection and its place among the agent's waits
 * for nothing that a call made again later would not also find.
 */
export const MAX_WAIT_SECONDS = 3_600;

/** How often a long wait tells the host it is alive, well inside any host's silence limit. */
const PROGRESS_INTERVAL_MS = 10_000;

/** What one wait found. */
export interface WaitOutcome {
  signOff: SignOff;
  /** Whether the decision is in (see the client's `isDecided`); false when the wait ran out first. */
  decided: boolean;
  /** How long this call was allowed to wait, in seconds: the asked time, or 45 s without a progress token, and never over an hour. */
  waitedUpTo: number;
}

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * How a wait learns of the decision: the client's `waitForDecision` (its
 * subscription, or polling) unless the server was given another (an API
 * serving `/mcp` listens in its own process). It resolves with the request
 * once decided, or, when `timeoutMs` runs out, either with the request as it
 * stands or by throwing `TIMEOUT` (the request is then read through the agent).
 */
export type DecisionWaiter = (
  id: string,
  options: Required<Pick<WaitForDecisionOptions, 'timeoutMs'>> & Pick<WaitForDecisionOptions, 'signal'>,
) => Promise<SignOff>;

/**
 * Waits for the decision on `id` for up to `timeoutSeconds`, through
 * `waitFor` (by default the client's `waitForDecision`). Beyond 45 s only
 * when the call carries a progress token, and then it sends a progress
 * notification every 10 s, so the host knows the call is alive; never
 * beyond an hour ({@link MAX_WAIT_SECONDS}). A wait that runs out is not an
 * error: it answers the request as it stands. A host cancelling the call
 * ends the wait (through `extra.signal`).
 */
export async function waitWithProgress(
  agent: CountersignAgent,
  id: string,
  timeoutSeconds: number,
  extra: Extra,
  waitFor: DecisionWaiter = (signOffId, options) => agent.waitForDecision(signOffId, options),
): Promise<WaitOutcome> {
  const progressToken = extra._meta?.progressToken;
  const waitedUpTo = Math.min(timeoutSeconds, progressToken === undefined ? SILENT_WAIT_SECONDS : MAX_WAIT_SECONDS);
  const started = Date.now();
  const ticker =
    progressToken === undefined
      ? undefined
      : setInterval(() => {
          const elapsed = Math.round((Date.now() - started) / 1000);
          // A lost notification only makes the host's timer stricter; the wait itself goes on.
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress: elapsed, total: waitedUpTo, message: `Waiting for the owner's decision on ${id} (${elapsed} s).` },
            })
            .catch(() => undefined);
        }, PROGRESS_INTERVAL_MS);
  try {
    const signOff = await waitFor(id, { timeoutMs: waitedUpTo * 1000, signal: extra.signal });
    return { signOff, decided: isDecided(signOff), waitedUpTo };
  } catch (error) {
    if (!isCountersignError(error, 'TIMEOUT')) throw error;
    const signOff = await agent.signOff(id);
    if (!signOff) throw new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`);
    return { signOff, decided: isDecided(signOff), waitedUpTo };
  } finally {
    clearInterval(ticker);
  }
}
