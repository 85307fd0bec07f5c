import type { GatedCallContext } from './gated-call.js';
import { forwardApproved } from './gated-call.js';
import { OUTCOME_UNKNOWN } from './journal.js';
import { operationFor } from './tools.js';

/**
 * Run when the gate starts, before it serves the host: finishes what the
 * journal says a crash interrupted, never asking the owner again. A grant
 * journalled `redeeming` whose request Countersign shows redeemed never went
 * upstream, so its approved input is forwarded now; one journalled
 * `forwarding` may have run, so it is never forwarded again and its outcome
 * is reported unknown; one journalled `forwarded` has its recorded outcome
 * reported. A grant Countersign already holds an outcome for is done.
 */
export async function recoverFromJournal(context: GatedCallContext): Promise<void> {
  const { journal, agent, warn } = context;
  if (!journal) return;
  for (const entry of journal.unfinished()) {
    const grant = { grant: entry.grant, tool: entry.tool, inputHash: entry.inputHash };
    try {
      const signOff = await agent.signOff(entry.grant);
      // A journal shared by gates in front of other servers: their grants are theirs to finish.
      if (signOff && signOff.op !== operationFor(context.server, entry.tool)) continue;
      if (!signOff || signOff.state !== 'REDEEMED') {
        // Not redeemed (the crash came before the redeem: the next call redeems it), or its outcome is already known.
        if (!signOff || signOff.state !== 'AWAITING_REDEEM') journal.append({ ...grant, state: 'reported' });
        continue;
      }
      if (entry.state === 'redeeming') {
        await forwardApproved(context, grant, signOff.input as Record<string, unknown>);
        continue;
      }
      const outcome = entry.state === 'forwarded' && entry.outcome ? entry.outcome : { succeeded: false as const, failure: OUTCOME_UNKNOWN };
      await agent.reportOutcome(entry.grant, outcome);
      journal.append({ ...grant, state: 'reported' });
    } catch (error) {
      warn(`countersign-mcp gate: could not finish request ${entry.grant} after a restart: ${(error as Error).message}`);
    }
  }
}
