/**
 * `@countersign/client/openai-agents`: OpenAI Agents SDK tools whose
 * `needsApproval` is answered by Countersign. A call interrupts the run;
 * `answerInterruptions` asks the owner and approves or rejects the
 * interruption with their decision; the resumed run redeems the approval
 * and runs the tool with the input the owner approved.
 */
import {
  run,
  tool,
  type Agent,
  type AgentInputItem,
  type FunctionTool,
  type NonStreamRunOptions,
  type RunResult,
  type ToolInputParameters,
  type ToolExecuteArgument,
  type ToolOptions,
  type UnknownContext,
} from '@openai/agents';
import type { CountersignAgent } from './agent.js';
import { decideCall, signedOffCall, type SignOffSpec } from './signed-off-call.js';

export { DEFAULT_TOOL_WAIT_MS, type SignOffSpec } from './signed-off-call.js';

/** What `answerInterruptions` needs to know of a signed-off tool: whom to ask, for what, and the inputs its calls were parsed to. */
interface SignedOff {
  countersign: CountersignAgent;
  spec: SignOffSpec<unknown>;
  /** Parsed input per call id, as `needsApproval` saw it, so the ask matches the input `execute` will get. */
  inputs: Map<string, unknown>;
}

const signedOffTools = new WeakMap<object, SignedOff>();

/**
 * A function tool (the options of the SDK's `tool()`) whose every call needs
 * the owner's sign-off on `spec.op`: the run stops with an interruption for
 * it, which {@link answerInterruptions} answers with the owner's decision.
 * Once approved, `execute` runs with the redeemed input — the owner's
 * version when they approved with changes — and the outcome is reported.
 * The tool's own `needsApproval` is replaced: Countersign decides.
 *
 * @example
 * const sendEmail = signedOffTool(countersign, { op: 'email.send', summary: (input) => `Email ${input.to}` }, {
 *   name: 'send_email', description: 'Send an email', parameters: z.object({ to: z.string(), subject: z.string() }),
 *   execute: async (input) => mailer.send(input),
 * });
 */
export function signedOffTool<TParameters extends ToolInputParameters, Context = UnknownContext, Result = string>(
  countersign: CountersignAgent,
  spec: SignOffSpec<ToolExecuteArgument<TParameters>>,
  options: ToolOptions<TParameters, Context>,
): FunctionTool<Context, TParameters, Result | string> {
  const entry: SignedOff = { countersign, spec: spec as SignOffSpec<unknown>, inputs: new Map() };
  const execute = options.execute as (input: unknown, ...rest: unknown[]) => Result | Promise<Result>;
  const made = tool({
    ...options,
    needsApproval: async (_context: unknown, input: unknown, callId?: string) => {
      if (callId) entry.inputs.set(callId, input);
      return true;
    },
    execute: async (input: unknown, ...rest: unknown[]) => {
      const result = await signedOffCall(countersign, entry.spec, input, (approved) => execute(approved, ...rest));
      return result.ran ? result.output : result.message;
    },
  } as ToolOptions<TParameters, Context>) as unknown as FunctionTool<Context, TParameters, Result | string>;
  signedOffTools.set(made, entry);
  return made;
}

/** The part of an interruption this module reads: which tool, of which agent, with what arguments. */
export interface ApprovalItemLike {
  readonly name?: string | undefined;
  readonly arguments?: string | undefined;
  readonly rawItem: object;
  readonly agent: { readonly tools: readonly object[] };
}

/**
 * A run result as far as answering goes: its interruptions and the state
 * that approves or rejects them. Taken structurally because the SDK's
 * `RunState` is invariant in its context type.
 */
export interface InterruptedRun<TItem extends ApprovalItemLike> {
  readonly interruptions: readonly TItem[];
  readonly state: {
    approve(item: TItem): void;
    reject(item: TItem, options?: { message?: string }): void;
  };
}

/** What `answerInterruptions` did: how many it answered, and the interruptions of tools that are not signed off (for the caller). */
export interface AnsweredInterruptions<TItem> {
  approved: number;
  rejected: number;
  unanswered: TItem[];
}

/**
 * Answers each interruption of a signed-off tool with its owner's decision,
 * asking all of them at once and waiting for each: approved, the
 * interruption is approved (the resumed run redeems and runs); denied or
 * still waiting, it is rejected with the message the model reads (the
 * owner's note, or "call again"). Interruptions of other tools are left for
 * the caller. Then resume: `run(agent, result.state)`.
 */
export async function answerInterruptions<TItem extends ApprovalItemLike>(result: InterruptedRun<TItem>): Promise<AnsweredInterruptions<TItem>> {
  const answered: AnsweredInterruptions<TItem> = { approved: 0, rejected: 0, unanswered: [] };
  await Promise.all(
    result.interruptions.map(async (item) => {
      const entry = signedOffFor(item);
      if (!entry) {
        answered.unanswered.push(item);
        return;
      }
      const callId = (item.rawItem as { callId?: string }).callId;
      const input = callId && entry.inputs.has(callId) ? entry.inputs.get(callId) : (JSON.parse(item.arguments ?? '{}') as unknown);
      if (callId) entry.inputs.delete(callId);
      const decision = await decideCall(entry.countersign, entry.spec, input);
      if (decision.approved) {
        result.state.approve(item);
        answered.approved += 1;
      } else {
        result.state.reject(item, { message: decision.message });
        answered.rejected += 1;
      }
    }),
  );
  return answered;
}

function signedOffFor(item: ApprovalItemLike): SignedOff | undefined {
  const found = item.agent.tools.find((candidate) => (candidate as { name?: string }).name === item.name);
  return found ? signedOffTools.get(found) : undefined;
}

/**
 * `run(agent, input)`, answering signed-off tools' interruptions with their
 * owners' decisions and resuming until the run finishes, or stops at an
 * interruption Countersign does not answer (another tool's approval), which
 * the returned result then carries.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the SDK's own bound on `run`: an agent's context and output types are invariant
export async function runWithSignOffs<TAgent extends Agent<any, any>, TContext = undefined>(
  agent: TAgent,
  input: string | AgentInputItem[],
  options?: NonStreamRunOptions<TContext, TAgent>,
): Promise<RunResult<TContext, TAgent>> {
  let result = await run<TAgent, TContext>(agent, input, options);
  while (result.interruptions.length > 0) {
    const { unanswered } = await answerInterruptions(result);
    if (unanswered.length > 0) return result;
    result = await run<TAgent, TContext>(agent, result.state, options);
  }
  return result;
}
