/**
 * `@countersign/client/ai-sdk`: Vercel AI SDK (`ai`) tools whose every call
 * waits for the owner's sign-off and runs only with the input the owner
 * approved. Only types come from `ai`, so this entry loads nothing of it.
 */
import type { InferToolInput, InferToolOutput, Tool, ToolExecuteFunction } from 'ai';
import type { CountersignAgent } from './agent.js';
import { signedOffCall, type SignOffSpec } from './signed-off-call.js';
import type { SignOff } from './types.js';

export { DEFAULT_TOOL_WAIT_MS, type SignOffSpec } from './signed-off-call.js';

/**
 * Thrown from a signed-off tool's `execute` when the call did not run
 * (denied, still waiting, lapsed, already run). The AI SDK hands a tool's
 * error to the model as that call's result, so the model reads `message`:
 * the owner's denial and note, or "call again to keep waiting".
 */
export class SignOffNotGrantedError extends Error {
  override readonly name = 'SignOffNotGrantedError';
  /** The request as it stands, when there is one (a denial seen as `RECENTLY_DENIED` may have none). */
  readonly signOff: SignOff | null;

  constructor(message: string, signOff: SignOff | null) {
    super(message);
    this.signOff = signOff;
  }
}

/**
 * Wraps an AI SDK tool so each call asks the owner to sign off on `spec.op`
 * with the call's input, waits for the decision, redeems it, and runs the
 * tool's own `execute` once with the redeemed input: the owner's version
 * when they approved with changes. A denied call never runs; the model is
 * told the owner's note (a {@link SignOffNotGrantedError}). Calling again
 * with the same input while the request is open finds it instead of asking
 * twice, so a call that timed out is safe to repeat.
 *
 * @example
 * const sendEmail = withSignOff(agent, { op: 'email.send', summary: (input) => `Email ${input.to}` },
 *   tool({ description: 'Send an email', inputSchema: z.object({ to: z.string(), subject: z.string() }),
 *     execute: async (input) => mailer.send(input) }));
 */
export function withSignOff<TTool extends Tool>(agent: CountersignAgent, spec: SignOffSpec<InferToolInput<TTool>>, tool: TTool): TTool {
  const execute = tool.execute as ToolExecuteFunction<InferToolInput<TTool>, InferToolOutput<TTool>, unknown> | undefined;
  if (!execute) throw new TypeError(`withSignOff: the tool for ${spec.op} has no execute function, so there is nothing to hold for a sign-off.`);
  const signedOff: ToolExecuteFunction<InferToolInput<TTool>, InferToolOutput<TTool>, unknown> = async (input, options) => {
    const result = await signedOffCall(agent, spec, input, (approved) => lastOf(execute(approved, options)), options.abortSignal);
    if (!result.ran) throw new SignOffNotGrantedError(result.message, result.signOff);
    return result.output;
  };
  return { ...tool, execute: signedOff };
}

/** A tool may stream preliminary results; the sign-off's run ends with its last one. */
async function lastOf<T>(produced: AsyncIterable<T> | PromiseLike<T> | T): Promise<T> {
  const value = await produced;
  if (value === null || typeof value !== 'object' || !(Symbol.asyncIterator in value)) return value;
  let last: T | undefined;
  for await (const part of value) last = part;
  return last as T;
}
