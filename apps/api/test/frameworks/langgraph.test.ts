import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { OUTCOME_UNKNOWN } from '@countersign/client/langgraph';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { approveWith, hashOf } from '../edit-kit.js';
import { define } from '../operations-kit.js';
import { finished, spawnTs, waitForOutput } from '../processes.js';
import type { SignedInOwner, TestApi } from '../testkit.js';

/*
 * The LangGraph hook with the real framework, a scripted model and a Postgres checkpointer,
 * across a restart: one process runs the graph until it pauses for the owner's sign-off and is
 * killed; the owner decides; a second process resumes the graph from the checkpoint.
 */

const GRAPH = 'test/frameworks/langgraph-graph.ts';
const DRAFTED = { to: 'ada@example.com', subject: 'Your refund' };

interface Scene {
  api: TestApi;
  owner: SignedInOwner;
  /** Starts one process of the graph's life (see langgraph-graph.ts). */
  run(mode: 'start' | 'resume', extra?: Record<string, string>): ChildProcess;
  /** What the graph's `send` node wrote: one JSON line per email sent. */
  sent(): unknown[];
}

/** An owner with `email.send` defined, its agent, and a graph thread of its own; every child is killed and the outbox removed after. */
async function withGraph(api: TestApi, body: (scene: Scene) => Promise<void>): Promise<void> {
  const owner = await api.owner();
  expect((await define(api, owner, { op: 'email.send' })).__typename).toBe('OperationDefined');
  const { key } = await api.agent(owner);
  const folder = mkdtempSync(path.join(tmpdir(), 'countersign-langgraph-'));
  const outbox = path.join(folder, 'outbox.jsonl');
  const children: ChildProcess[] = [];
  const env = {
    COUNTERSIGN_URL: api.url,
    COUNTERSIGN_AGENT_KEY: key,
    CHECKPOINT_DATABASE_URL: api.db.url,
    THREAD_ID: randomUUID(),
    MODEL_ANSWER: JSON.stringify(DRAFTED),
    OUTBOX: outbox,
  };
  const run = (mode: 'start' | 'resume', extra: Record<string, string> = {}) => {
    const child = spawnTs(GRAPH, [], { ...env, ...extra, GRAPH_MODE: mode });
    children.push(child);
    return child;
  };
  const sent = () =>
    existsSync(outbox)
      ? readFileSync(outbox, 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as unknown)
      : [];
  try {
    await body({ api, owner, run, sent });
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs the first process until the graph waits on the owner, then kills it as a crash would; answers the sign-off's id. */
async function pauseAndCrash(scene: Scene): Promise<string> {
  const first = scene.run('start');
  const exited = finished(first);
  const [, waiting] = await waitForOutput(first, /WAITING (.+)\n/);
  const pending = JSON.parse(waiting!) as { signOffId: string; op: string; key: string };
  expect(pending).toMatchObject({ op: 'email.send', key: 'email.send', summary: 'Refund email' });
  first.kill('SIGKILL');
  expect((await exited).code).toBeNull();
  return pending.signOffId;
}

/** Resumes the graph in a fresh process and answers the graph's final state, once it exits cleanly. */
async function resumeToTheEnd(scene: Scene): Promise<{ signOffs: Record<string, Record<string, unknown>>; waited: string }> {
  const second = scene.run('resume');
  const { code, stdout, stderr } = await finished(second);
  expect(code, stderr).toBe(0);
  return {
    waited: /WAITING (.+)\n/.exec(stdout)?.[1] ?? '',
    signOffs: (JSON.parse(/FINISHED (.+)\n/.exec(stdout)?.[1] ?? 'null') as { signOffs: Record<string, Record<string, unknown>> }).signOffs,
  };
}

const READ = 'query($id: ID!) { signOff(id: $id) { state input requestedInput redeemedAt result } }';

describe('the LangGraph approval node across a process restart', () => {
  apiTest('resumes from the Postgres checkpoint and sends only the owner’s changed email, asking once', async ({ api }) => {
    await withGraph(api, async (scene) => {
      const id = await pauseAndCrash(scene);
      expect(scene.sent()).toEqual([]);
      const edited = { to: 'ada@example.com', subject: 'Your refund, with our apologies' };
      expect(await approveWith(api, { cookie: scene.owner.cookie }, { id, input: edited, expectedInputHash: hashOf(DRAFTED) })).toMatchObject({
        signOff: { state: 'AWAITING_REDEEM', changedByOwner: true },
      });

      const { waited, signOffs } = await resumeToTheEnd(scene);
      expect(JSON.parse(waited)).toMatchObject({ signOffId: id });
      expect(scene.sent()).toEqual([edited]);
      expect(signOffs['email.send']).toMatchObject({ signOffId: id, state: 'SUCCEEDED', changedByOwner: true, input: edited });
      const stored = await api.graphql(READ, { id }, { cookie: scene.owner.cookie });
      expect(stored.data?.signOff).toMatchObject({ state: 'SUCCEEDED', input: edited, requestedInput: DRAFTED });
      expect(stored.data?.signOff?.redeemedAt).toEqual(expect.stringMatching(/^\d{4}-/));
      expect((stored.data?.signOff?.result as { messageId?: string }).messageId).toMatch(/^msg-\d+$/);
      const asked = await api.graphql('{ signOffs { nodes { id } } }', {}, { cookie: scene.owner.cookie });
      expect(asked.data?.signOffs?.nodes).toEqual([{ id }]);
    });
  });

  apiTest('never runs the work when the owner denies, and leaves the request unredeemed', async ({ api }) => {
    await withGraph(api, async (scene) => {
      const id = await pauseAndCrash(scene);
      expect(await api.decide(scene.owner.cookie, id, false, 'Not this week')).toMatchObject({ signOff: { state: 'DENIED' } });

      const { signOffs } = await resumeToTheEnd(scene);
      expect(signOffs['email.send']).toMatchObject({ signOffId: id, state: 'DENIED', note: 'Not this week' });
      expect(scene.sent()).toEqual([]);
      expect((await api.graphql(READ, { id }, { cookie: scene.owner.cookie })).data?.signOff).toMatchObject({ state: 'DENIED', redeemedAt: null });
    });
  });

  apiTest('ends without sending when the request expired while no process ran the graph', async ({ api }) => {
    await withGraph(api, async (scene) => {
      const id = await pauseAndCrash(scene);
      await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [id]);

      const { signOffs } = await resumeToTheEnd(scene);
      expect(signOffs['email.send']).toMatchObject({ signOffId: id, state: 'EXPIRED' });
      expect(scene.sent()).toEqual([]);
      expect((await api.graphql(READ, { id }, { cookie: scene.owner.cookie })).data?.signOff).toMatchObject({ state: 'EXPIRED', redeemedAt: null });
    });
  });

  apiTest('reports the outcome as unknown, and never sends twice, when the process died between sending and reporting', async ({ api }) => {
    await withGraph(api, async (scene) => {
      const first = scene.run('start', { HANG_AFTER_SENDING: '1' });
      const exited = finished(first);
      const [, waiting] = await waitForOutput(first, /WAITING (.+)\n/);
      const { signOffId: id } = JSON.parse(waiting!) as { signOffId: string };
      const sending = waitForOutput(first, /SENT\n/);
      // Decided while the first process still waits: it resumes in place, sends, and dies before it reports.
      expect(await api.decide(scene.owner.cookie, id, true)).toMatchObject({ signOff: { state: 'AWAITING_REDEEM' } });
      await sending;
      first.kill('SIGKILL');
      expect((await exited).code).toBeNull();
      expect(scene.sent()).toEqual([DRAFTED]);

      const { waited, signOffs } = await resumeToTheEnd(scene);
      expect(waited).toBe('null');
      expect(signOffs['email.send']).toMatchObject({ signOffId: id, state: 'FAILED', failure: OUTCOME_UNKNOWN });
      expect(scene.sent()).toEqual([DRAFTED]);
      const stored = await api.graphql('query($id: ID!) { signOff(id: $id) { state failure redeemedAt } }', { id }, { cookie: scene.owner.cookie });
      expect(stored.data?.signOff).toMatchObject({ state: 'FAILED', failure: OUTCOME_UNKNOWN });
      expect(stored.data?.signOff?.redeemedAt).toEqual(expect.stringMatching(/^\d{4}-/));
    });
  });
});
