import { requestKeptAlive } from '../../../shared/transport/graphql-client';
import { SECOND_APPROVER_REQUIRED, settledSentence, type Settled } from '../decision-controls';
import { DecideSignOffDocument, DecideSignOffsDocument } from '../sign-off-queries';
import { batchOutcome } from './batch-outcome';
import type { HeldDecision, HeldRequest } from './held-decision';

/** What a sent decision came to: the requests it settled (decided, or lost to an earlier decision) and the sentence the toast says. */
export interface HeldAnswer {
  settled: Settled[];
  message: string;
}

/**
 * Sends a held decision for `requests` (those of it still waiting), with
 * `keepalive` so that it arrives even when the page is going away. The
 * request is on its way when this returns: its `fetch` starts before the
 * first `await`, which a `pagehide` listener depends on.
 */
export function sendHeld(held: HeldDecision, requests: readonly HeldRequest[]): Promise<HeldAnswer> {
  const ids = requests.map((request) => request.id);
  const { approve, note } = held;
  const only = held.single ? requests[0] : undefined;
  if (only !== undefined) {
    const sent = requestKeptAlive(DecideSignOffDocument, {
      input: { id: only.id, approve, note, ...(approve && held.expectedInputHash ? { expectedInputHash: held.expectedInputHash } : {}) },
    });
    return sent.then(({ decideSignOff: result }) => {
      if (result.__typename === 'SignOffDecided' || result.__typename === 'SignOffClosed') {
        const entry = { signOff: result.signOff, lost: result.__typename === 'SignOffClosed' };
        return { settled: [entry], message: `${only.title}: ${settledSentence(entry)}` };
      }
      // The first approver of a two-person request cannot give the second (S20); the others are refusals in the API's words.
      const message = result.__typename === 'SecondApproverRequired' ? SECOND_APPROVER_REQUIRED : result.message;
      return { settled: [], message: `${only.title}: ${message}` };
    });
  }
  return requestKeptAlive(DecideSignOffsDocument, { input: { ids, approve, note } }).then(({ decideSignOffs }) => batchOutcome(decideSignOffs, approve));
}
