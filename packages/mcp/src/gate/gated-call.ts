import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { canonicalJson, isCountersignError, type CountersignAgent, type SignOff } from '@countersign/client';
import type { GateConfig } from './config.js';
import type { GateJournal, JournalEntry } from './journal.js';
import { operationFor, operationSchema, summaryOf, type UpstreamTool } from './tools.js';

/** What a gated call needs of its running gate. */
export interface GatedCallContext {
  config: GateConfig;
  /** The server name the gate's operations are named after. */
  server: string;
  waitMs: number;
  agent: CountersignAgent;
  upstream: Client;
  /** The request a "call again" answer named, per tool and exact arguments, so the next identical call learns its fate. */
  asked: Map<string, string>;
  warn: (line: string) => void;
  /** Where each grant's progress is written before each step, so a restart never forwards a grant twice. */
  journal?: GateJournal;
}

export const text = (message: string, isError: boolean): CallToolResult => ({ content: [{ type: 'text', text: message }], isError });

/** What the owner sees of the upstream's answer in History: whether it failed, and its text, cut to size. */
function outcomeOf(result: CallToolResult): Record<string, unknown> {
  const texts = result.content.filter((part) => part.type === 'text').map((part) => part.text);
  return { isError: result.isError === true, text: texts.join('\n').slice(0, 4000) };
}

export async function gatedCall(context: GatedCallContext, tool: UpstreamTool, callArgs: Record<string, unknown>): Promise<CallToolResult> {
  const { config, server, waitMs, agent, asked } = context;
  const op = operationFor(server, tool.name);
  const defined = await agent.operation(op);
  const problem = !defined
    ? 'is not registered'
    : defined.retired
      ? 'is retired'
      : defined.runner !== 'AGENT' || canonicalJson(defined.inputSchema) !== canonicalJson(operationSchema(tool))
        ? "no longer matches the tool's schema upstream"
        : null;
  if (problem) {
    return text(
      `${tool.name} needs your owner's sign-off, but its operation ${op} ${problem}: your owner must run \`countersign-mcp gate init\` for this server.`,
      true,
    );
  }
  const key = `${op}\u0000${canonicalJson(callArgs)}`;
  const earlier = asked.get(key);
  asked.delete(key);
  let signOff = earlier ? await agent.signOff(earlier) : null;
  // A decision against the request this call is the follow-up of is the answer, once; the next call asks anew.
  if (signOff && signOff.state !== 'PENDING' && signOff.state !== 'PARTIALLY_APPROVED' && signOff.state !== 'AWAITING_REDEEM') return closed(signOff);
  signOff ??= (await agent.requestSignOff({ op, input: callArgs, summary: summaryOf(tool, server, config, callArgs) })).signOff;
  if (signOff.state === 'PENDING' || signOff.state === 'PARTIALLY_APPROVED') {
    try {
      signOff = await agent.waitForDecision(signOff.id, { timeoutMs: waitMs });
    } catch (error) {
      if (!isCountersignError(error) || error.code !== 'TIMEOUT') throw error;
      asked.set(key, signOff.id);
      return text(
        `Waiting for your owner's decision on request ${signOff.id}. Call ${tool.name} again with the same arguments to keep waiting; it will not ask twice.`,
        false,
      );
    }
  }
  if (signOff.state !== 'AWAITING_REDEEM') return closed(signOff);
  context.journal?.append({ grant: signOff.id, tool: tool.name, inputHash: signOff.inputHash, state: 'redeeming' });
  const { signOff: redeemed } = await agent.redeem(signOff.id);
  // Exactly what the owner approved, as stored: never the arguments of this call.
  const approved = redeemed.input as Record<string, unknown>;
  const result = await forwardApproved(context, { grant: signOff.id, tool: tool.name, inputHash: redeemed.inputHash }, approved);
  return redeemed.changedByOwner ? changedByOwner(result, approved) : result;
}

/**
 * Forwards a redeemed grant's approved input upstream, once, and reports the
 * outcome: each step journalled first, so a crash leaves a line saying
 * whether the upstream may have run it.
 */
export async function forwardApproved(
  { agent, upstream, warn, journal }: GatedCallContext,
  grant: Pick<JournalEntry, 'grant' | 'tool' | 'inputHash'>,
  approved: Record<string, unknown>,
): Promise<CallToolResult> {
  journal?.append({ ...grant, state: 'forwarding' });
  let result: CallToolResult;
  try {
    result = (await upstream.callTool({ name: grant.tool, arguments: approved })) as CallToolResult;
  } catch (error) {
    const failure = `The upstream server failed: ${(error as Error).message}`.slice(0, 2000);
    journal?.append({ ...grant, state: 'forwarded', outcome: { succeeded: false, failure } });
    await agent.reportOutcome(grant.grant, { succeeded: false, failure });
    journal?.append({ ...grant, state: 'reported' });
    throw error;
  }
  const outcome = result.isError
    ? { succeeded: false as const, failure: String(outcomeOf(result).text).slice(0, 2000) || 'the tool reported an error' }
    : { succeeded: true as const, result: outcomeOf(result) };
  journal?.append({ ...grant, state: 'forwarded', outcome });
  await agent
    .reportOutcome(grant.grant, outcome)
    .then(() => journal?.append({ ...grant, state: 'reported' }))
    .catch((error: unknown) => warn(`countersign-mcp gate: could not report the outcome of ${grant.grant}: ${(error as Error).message}`));
  return result;
}

/** The model asked one thing and the owner approved another (M7): the result says so first, with what ran, so it does not assume its own arguments. */
function changedByOwner(result: CallToolResult, approved: Record<string, unknown>): CallToolResult {
  const notice = {
    type: 'text' as const,
    text: `Your owner approved this call with changes; it ran with these arguments, not yours: ${canonicalJson(approved)}`,
  };
  return { ...result, content: [notice, ...(result.content ?? [])] };
}

function closed(signOff: SignOff): CallToolResult {
  if (signOff.state === 'DENIED') return text(`Your owner denied this call (request ${signOff.id})${signOff.note ? `: ${signOff.note}` : '.'}`, true);
  if (signOff.state === 'REDEEMED' || signOff.state === 'SUCCEEDED' || signOff.state === 'FAILED') {
    return text(`Request ${signOff.id} was already redeemed and run; ask again (call with new arguments) to do it once more.`, true);
  }
  return text(`Request ${signOff.id} is ${signOff.state.toLowerCase()}: nothing was run. Call again to ask your owner anew.`, true);
}
