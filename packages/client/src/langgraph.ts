/**
 * `@countersign/client/langgraph`: the owner's sign-off as a step of a
 * LangGraph.js graph. `approvalNode` asks and pauses the graph on
 * `interrupt()` until the owner decides; `resumeWhenDecided` carries it on
 * (`new Command({ resume })`), in the same process or in one started after a
 * restart from the graph's checkpointer; `approvedNode` redeems the approval
 * and runs the work with exactly the input the owner approved.
 *
 * A subpath of its own, so the main entry never loads LangGraph:
 * `@langchain/langgraph` and `@langchain/core` are optional peers.
 */
import { createHash } from 'node:crypto';
import { Annotation, Command, END, interrupt, type LangGraphRunnableConfig, type StateSnapshot } from '@langchain/langgraph';
import type { CountersignAgent } from './agent.js';
import type { WaitForDecisionOptions } from './wait-for-decision.js';
import { CountersignError } from './errors.js';
import { isDecided, type KnownOperation, type SignOff, type SignOffState } from './types.js';

/** What the graph state keeps of one sign-off: enough to route on and to find it again after a restart. */
export interface ApprovalRecord {
  signOffId: string;
  op: string;
  /** Its state when the graph last read it. */
  state: SignOffState;
  /** The input as it runs: the owner's when they approved with changes. */
  input: unknown;
  changedByOwner: boolean;
  /** The owner's note with the decision (why it was denied, say). */
  note: string | null;
  /** What `approvedNode` reported: the work's result, or why it failed. */
  result: unknown;
  failure: string | null;
}

/** The state channel the nodes share: each sign-off under its key (its op unless `key` says otherwise). */
export const approvalAnnotation = Annotation.Root({
  signOffs: Annotation<Record<string, ApprovalRecord>>({
    reducer: (current, update) => ({ ...current, ...update }),
    default: () => ({}),
  }),
});

/** A graph state with the approval channel (spread `approvalAnnotation.spec` into your `Annotation.Root`). */
export interface ApprovalState {
  signOffs?: Record<string, ApprovalRecord>;
}

/** The value an approval node interrupts with: what `pendingSignOffs` finds in the checkpoint. */
export interface SignOffInterrupt {
  kind: 'countersign.signOff';
  key: string;
  signOffId: string;
  op: string;
  summary: string;
}

/** A sign-off a paused graph waits on, with the id of its interrupt (to resume that one). */
export interface PendingSignOff extends SignOffInterrupt {
  interruptId: string | undefined;
}

type FromState<S, T> = T | ((state: S) => T);

/** Options of {@link approvalNode}. */
export interface ApprovalNodeOptions<S extends ApprovalState> {
  agent: CountersignAgent;
  op: KnownOperation | (string & {});
  /** Exactly what the owner is asked to approve, from the state on the first pass (never again). */
  input: (state: S) => unknown;
  summary: FromState<S, string>;
  reason?: FromState<S, string | null>;
  /** The repository, for an operation that `needsRepository`. */
  repository?: FromState<S, string | null>;
  /**
   * Where the record is kept in `state.signOffs`; the op unless given. One
   * key is one ask per thread: a node that finds its key recorded reads that
   * request and never asks again, so two nodes asking for one op (or a graph
   * that loops back to ask anew) need keys of their own.
   */
  key?: string;
  /** The node to go to once the owner approved (usually an `approvedNode`). */
  next: string;
  /**
   * Where to go when nothing may run: denied, expired, withdrawn, or lapsed
   * before it was redeemed. `END` unless given; the record in state says which.
   */
  otherwise?: string;
}

/** The states in which the owner's approval stands for nothing: the work must not run. */
const NOT_APPROVED: ReadonlySet<SignOffState> = new Set(['DENIED', 'EXPIRED', 'WITHDRAWN', 'LAPSED']);

/**
 * A node that asks the owner to sign off and pauses the graph until they
 * decide. Register it with the nodes it may go to, since it routes with a
 * `Command`: `builder.addNode('approve', approvalNode({ …, next: 'send' }), { ends: ['approve', 'send', END] })`,
 * and give it no outgoing edge of its own.
 *
 * Its first pass asks and goes to itself with the sign-off's id as its only
 * update, so the id is in the checkpoint before the graph pauses: the
 * request is not lost with the process, and later passes never ask again.
 * The ask carries an idempotency key derived from the thread and the task,
 * so a pass cut short between the ask and the checkpoint finds its request.
 * Every later pass reads the decision from the server — never from the
 * resume value, which anyone holding the graph could set — and interrupts
 * (`SignOffInterrupt`) while there is none yet.
 */
export function approvalNode<S extends ApprovalState>(options: ApprovalNodeOptions<S>) {
  const key = options.key ?? options.op;
  return async (state: S, config: LangGraphRunnableConfig): Promise<Command> => {
    const asked = state.signOffs?.[key];
    if (!asked) {
      const self = config.metadata?.langgraph_node;
      if (typeof self !== 'string') throw new CountersignError('BAD_INPUT', 'approvalNode must run as a node of a LangGraph graph.');
      const { signOff } = await options.agent.requestSignOff(
        {
          op: options.op,
          input: options.input(state),
          summary: fromState(options.summary, state),
          reason: fromState(options.reason, state) ?? null,
          repository: fromState(options.repository, state) ?? null,
        },
        { idempotencyKey: askKey(config, key) },
      );
      return new Command({ update: { signOffs: { [key]: recordOf(signOff) } }, goto: self });
    }
    let signOff = await readSignOff(options.agent, asked.signOffId);
    const summary = fromState(options.summary, state);
    while (!isDecided(signOff)) {
      interrupt<SignOffInterrupt>({ kind: 'countersign.signOff', key, signOffId: signOff.id, op: signOff.op, summary });
      signOff = await readSignOff(options.agent, signOff.id);
    }
    const goto = NOT_APPROVED.has(signOff.state) ? (options.otherwise ?? END) : options.next;
    return new Command({ update: { signOffs: { [key]: recordOf(signOff) } }, goto });
  };
}

/** What the work of an {@link approvedNode} is handed besides the approved input. */
export interface ApprovedContext<S> {
  /** The signed, single-use grant, for the service the work acts through (`verifyApproval` checks it). */
  approval: string;
  /** The request, now `REDEEMED`. */
  signOff: SignOff;
  state: S;
}

/** Options of {@link approvedNode}. */
export interface ApprovedNodeOptions {
  agent: CountersignAgent;
  /** The approval node's key: its op unless it was given one. */
  key: string;
}

/** What an earlier run that redeemed and stopped leaves: whether its work ran is not known, so it never runs again. */
export const OUTCOME_UNKNOWN = 'outcome unknown: redeemed by a run that stopped before recording it';

/**
 * A node that carries out an approved `AGENT` operation: redeems the
 * approval, runs `work` with exactly the redeemed input (the owner's when
 * they approved with changes, never what was asked), and reports the
 * outcome — `work`'s answer as the result, or what it threw as the failure
 * (then rethrown). Anything but an approval awaiting its redeem never runs
 * `work`: a denial leaves the request unredeemed. Found already redeemed (a
 * run stopped between the redeem and its checkpoint), it reports
 * {@link OUTCOME_UNKNOWN} rather than run the work a second time.
 */
export function approvedNode<S extends ApprovalState, TInput = unknown>(
  work: (input: TInput, context: ApprovedContext<S>) => Promise<Record<string, unknown> | void>,
  { agent, key }: ApprovedNodeOptions,
) {
  return async (state: S): Promise<ApprovalState> => {
    const asked = state.signOffs?.[key];
    if (!asked) throw new CountersignError('BAD_INPUT', `No sign-off "${key}" in the graph state: its approvalNode must run first.`);
    const now = await readSignOff(agent, asked.signOffId);
    if (now.state === 'REDEEMED') return recorded(key, await agent.reportOutcome(now.id, { succeeded: false, failure: OUTCOME_UNKNOWN }));
    if (now.state !== 'AWAITING_REDEEM') return recorded(key, now);
    const { signOff, approval } = await agent.redeem(now.id);
    let result: Record<string, unknown> | void;
    try {
      result = await work(signOff.input as TInput, { approval, signOff, state });
    } catch (error) {
      // Cut to the API's 2000 characters, so a long message cannot turn the report into a refusal that hides the error.
      const failure = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      await agent.reportOutcome(signOff.id, { succeeded: false, failure });
      throw error;
    }
    const reported = await agent.reportOutcome(signOff.id, { succeeded: true, result: result ?? null });
    return recorded(key, reported);
  };
}

/** The part of a compiled graph that finding and resuming a paused one needs. */
export interface ResumableGraph<TResult> {
  getState(config: LangGraphRunnableConfig): Promise<StateSnapshot>;
  /** Takes a resume-only `Command` (no update, no goto), or null to carry on from the checkpoint: any graph's `invoke` accepts both. */
  invoke(input: Command<unknown, never, never> | null, config: LangGraphRunnableConfig): Promise<TResult>;
}

/**
 * The sign-offs a paused graph waits on, from its checkpoint: what a process
 * that started after a restart reads to know what to wait for (the config
 * names the thread, as for `invoke`).
 */
export async function pendingSignOffs(graph: Pick<ResumableGraph<unknown>, 'getState'>, config: LangGraphRunnableConfig): Promise<PendingSignOff[]> {
  return signOffInterrupts(await graph.getState(config));
}

/**
 * Picks up a thread after a restart. Waits for the owner's decision on
 * every sign-off it waits on, then resumes it (`new Command({ resume })`,
 * the decided requests as the resume value; the approval nodes read the
 * decision from the server themselves). A thread that waits on nothing but
 * stopped between steps (its process died while an `approvedNode` worked,
 * say) is carried on from its last checkpoint (`invoke(null)`). Answers
 * what `invoke` answers; null, without invoking, when the thread has
 * nothing left to run. `timeoutMs` and `signal` bound each wait.
 */
export async function resumeWhenDecided<TResult>(
  graph: ResumableGraph<TResult>,
  config: LangGraphRunnableConfig,
  { agent, ...wait }: WaitForDecisionOptions & { agent: CountersignAgent },
): Promise<TResult | null> {
  const snapshot = await graph.getState(config);
  const pending = signOffInterrupts(snapshot);
  if (pending.length === 0) {
    const stoppedBetweenSteps = snapshot.next.length > 0 && snapshot.tasks.every((task) => task.interrupts.length === 0);
    return stoppedBetweenSteps ? graph.invoke(null, config) : null;
  }
  const decided = await Promise.all(pending.map((paused) => agent.waitForDecision(paused.signOffId, wait)));
  // Keyed by interrupt id when LangGraph gave ids: with several paused nodes, a single value would not resume them all.
  const byInterrupt = pending.every((paused) => paused.interruptId !== undefined);
  const resume: unknown = byInterrupt
    ? Object.fromEntries(pending.map((paused, at): [string, SignOff | undefined] => [paused.interruptId!, decided[at]]))
    : decided[0];
  return graph.invoke(new Command<unknown, never, never>({ resume }), config);
}

function signOffInterrupts(snapshot: StateSnapshot): PendingSignOff[] {
  return snapshot.tasks.flatMap((task) =>
    task.interrupts.filter((paused) => isSignOffInterrupt(paused.value)).map((paused) => ({ ...(paused.value as SignOffInterrupt), interruptId: paused.id })),
  );
}

function isSignOffInterrupt(value: unknown): value is SignOffInterrupt {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'countersign.signOff';
}

function fromState<S, T>(value: FromState<S, T>, state: S): T;
function fromState<S, T>(value: FromState<S, T> | undefined, state: S): T | undefined;
function fromState<S, T>(value: FromState<S, T> | undefined, state: S): T | undefined {
  return typeof value === 'function' ? (value as (state: S) => T)(state) : value;
}

async function readSignOff(agent: CountersignAgent, id: string): Promise<SignOff> {
  const signOff = await agent.signOff(id);
  if (!signOff) throw new CountersignError('NOT_FOUND', `No sign-off ${id} is visible to this agent.`);
  return signOff;
}

/** The same key for the same task of the same thread, whichever process runs it: the API answers a repeat with the first ask. */
function askKey(config: LangGraphRunnableConfig, key: string): string {
  const task: unknown[] = [config.configurable?.thread_id, config.metadata?.langgraph_checkpoint_ns, key];
  return `langgraph-${createHash('sha256').update(JSON.stringify(task)).digest('hex')}`;
}

function recordOf(signOff: SignOff): ApprovalRecord {
  const { id, op, state, input, changedByOwner, note, result, failure } = signOff;
  return { signOffId: id, op, state, input, changedByOwner, note, result, failure };
}

function recorded(key: string, signOff: SignOff): ApprovalState {
  return { signOffs: { [key]: recordOf(signOff) } };
}
