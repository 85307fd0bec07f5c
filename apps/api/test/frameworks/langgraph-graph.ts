import { appendFileSync } from 'node:fs';
import { CountersignAgent } from '@countersign/client';
import { approvalAnnotation, approvedNode, approvalNode, pendingSignOffs, resumeWhenDecided } from '@countersign/client/langgraph';
import { FakeListChatModel } from '@langchain/core/utils/testing';
import { Annotation, END, START, StateGraph } from '@langchain/langgraph';
import { PostgresSaver } from '@langchain/langgraph-checkpoint-postgres';
import WebSocket from 'ws';

/*
 * One process's life with an email agent built on LangGraph (langgraph.test.ts runs it):
 * a scripted model drafts the email, the owner signs off on it, the approved email goes to
 * an outbox file. `start` runs the graph until it pauses for the sign-off, prints WAITING and
 * waits for the decision (the test kills it meanwhile); `resume` is the process after the
 * restart: it finds the sign-off in the Postgres checkpoint, waits, resumes, prints FINISHED.
 * With HANG_AFTER_SENDING, the send node never returns once it has sent.
 */

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const mode = env('GRAPH_MODE');
const outbox = env('OUTBOX');
const config = { configurable: { thread_id: env('THREAD_ID') } };

const State = Annotation.Root({
  ...approvalAnnotation.spec,
  draft: Annotation<{ to: string; subject: string }>(),
});
type Email = typeof State.State.draft;

const agent = new CountersignAgent({ url: env('COUNTERSIGN_URL'), key: env('COUNTERSIGN_AGENT_KEY'), webSocketImpl: WebSocket });
// The model is scripted (no network): the framework's own fake chat model, answering what the test asks it to.
const model = new FakeListChatModel({ responses: [env('MODEL_ANSWER')] });
// A schema of its own, so the checkpointer's tables stay apart from Countersign's.
const checkpointer = PostgresSaver.fromConnString(env('CHECKPOINT_DATABASE_URL'), { schema: 'langgraph' });

const graph = new StateGraph(State)
  .addNode('write', async () => ({ draft: JSON.parse((await model.invoke('Draft the refund email as JSON.')).text) as Email }))
  .addNode('approve', approvalNode<typeof State.State>({ agent, op: 'email.send', input: (state) => state.draft, summary: 'Refund email', next: 'send' }), {
    ends: ['approve', 'send', END],
  })
  .addNode(
    'send',
    approvedNode<typeof State.State, Email>(
      async (email) => {
        appendFileSync(outbox, `${JSON.stringify(email)}\n`);
        if (process.env.HANG_AFTER_SENDING) {
          // The process is to die here, as in a crash between sending and reporting: the test kills it once it prints SENT.
          console.log('SENT');
          setInterval(() => undefined, 60_000);
          await new Promise(() => undefined);
        }
        return { messageId: `msg-${process.pid}` };
      },
      { agent, key: 'email.send' },
    ),
  )
  .addEdge(START, 'write')
  .addEdge('write', 'approve')
  .addEdge('send', END)
  .compile({ checkpointer });

try {
  await checkpointer.setup();
  if (mode === 'start') await graph.invoke({}, config);
  const [pending] = await pendingSignOffs(graph, config);
  console.log(`WAITING ${JSON.stringify(pending ?? null)}`);
  const finished = await resumeWhenDecided(graph, config, { agent, timeoutMs: 60_000 });
  console.log(`FINISHED ${JSON.stringify(finished)}`);
} finally {
  await agent.close();
  await checkpointer.end();
}
