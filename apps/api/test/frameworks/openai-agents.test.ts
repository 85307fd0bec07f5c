import { CountersignAgent } from '@countersign/client';
import { Agent, run, RunState, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel, type ScriptedModelInput } from '@openai/agents/testing';
import { answerInterruptions, runWithSignOffs, signedOffTool } from '@countersign/client/openai-agents';
import { beforeAll, describe, expect } from 'vitest';
import { z } from 'zod';
import { apiTest } from '../fixtures.js';
import { EMAIL_OP, frameworkScene, ownerAnswers, storedGrant, type FrameworkScene } from './kit.js';

// The OpenAI Agents SDK's own runner and approval interruptions, with its
// scripted model (no network, no LLM): the first turn calls the tool, the
// second answers in words.
const ASKED = { to: 'ada@example.com', subject: 'Your refund' };

beforeAll(() => setTracingDisabled(true));

const CALLS_THE_TOOL: ScriptedModelInput = [functionCall('send_email', ASKED, { callId: 'call-1' })];
const SAYS_DONE: ScriptedModelInput = [assistantMessage('Done.')];

/** An SDK agent whose scripted model calls `send_email` with the asked input, then says it is done (unless given its own script). */
function scriptedAgent(scene: FrameworkScene, script = [CALLS_THE_TOOL, SAYS_DONE], countersign = scene.countersign) {
  const model = new ScriptedModel(script);
  const sendEmail = signedOffTool(
    countersign,
    { op: EMAIL_OP, summary: (input) => `Email about a refund to ${input.to}`, timeoutMs: 20_000 },
    {
      name: 'send_email',
      description: 'Send an email',
      parameters: z.object({ to: z.string(), subject: z.string() }),
      execute: (input) => {
        scene.sent.push(input);
        return `sent to ${input.to}`;
      },
    },
  );
  return { model, agent: new Agent({ name: 'mailer', instructions: 'Send what you are asked to.', model, tools: [sendEmail] }) };
}

/** What the model was sent back for its call on the turn after it. */
function toolOutputSeen(model: ScriptedModel): string {
  return JSON.stringify(model.lastCall?.request.input);
}

describe('the OpenAI Agents SDK hooks (signedOffTool, answerInterruptions, runWithSignOffs)', () => {
  apiTest('resumes the interrupted run with the owner’s approval and runs the tool with the asked input', async ({ api }) => {
    const scene = await frameworkScene(api);
    try {
      const { model, agent } = scriptedAgent(scene);
      const running = runWithSignOffs(agent, 'Tell Ada about her refund.');
      const asked = await ownerAnswers(api, scene, { approve: true });
      const result = await running;
      expect(asked).toMatchObject({ op: EMAIL_OP, input: ASKED, summary: 'Email about a refund to ada@example.com' });
      expect(result.finalOutput).toBe('Done.');
      expect(result.interruptions).toEqual([]);
      expect(scene.sent).toEqual([ASKED]);
      expect(toolOutputSeen(model)).toContain('sent to ada@example.com');
      expect(await scene.countersign.signOff(asked.id)).toMatchObject({ state: 'SUCCEEDED' });
      expect((await storedGrant(api, asked.id)).redeemedAt).toBeInstanceOf(Date);
      model.assertComplete();
    } finally {
      await scene.close();
    }
  });

  apiTest('runs the tool only with the owner’s input when they approve with changes, resumed from the saved run state in a new process', async ({ api }) => {
    const scene = await frameworkScene(api);
    const edited = { to: 'ada@example.com', subject: 'Your refund of 12 EUR' };
    try {
      const before = scriptedAgent(scene, [CALLS_THE_TOOL]);
      const interrupted = await run(before.agent, 'Tell Ada about her refund.');
      expect(interrupted.interruptions.map((item) => item.name)).toEqual(['send_email']);
      // Nothing has run yet: the interruption only asked.
      expect(scene.sent).toEqual([]);
      const answering = answerInterruptions(interrupted);
      const asked = await ownerAnswers(api, scene, { approve: true, input: edited });
      expect(await answering).toEqual({ approved: 1, rejected: 0, unanswered: [] });
      const saved = interrupted.state.toString();
      await scene.countersign.close();

      // A new process: its own client, agent and tool, and the run state read back.
      const restarted = new CountersignAgent({ url: api.url, key: scene.key });
      try {
        const after = scriptedAgent(scene, [SAYS_DONE], restarted);
        const resumed = await run(after.agent, await RunState.fromString(after.agent, saved));
        expect(resumed.finalOutput).toBe('Done.');
        expect(scene.sent).toEqual([edited]);
        expect(await restarted.signOff(asked.id)).toMatchObject({ state: 'SUCCEEDED', changedByOwner: true, input: edited, requestedInput: ASKED });
        // The resumed call found the same request: one was asked, never two.
        expect((await restarted.signOffs({ op: EMAIL_OP, input: ASKED })).nodes.map((signOff) => signOff.id)).toEqual([asked.id]);
        after.model.assertComplete();
      } finally {
        await restarted.close();
      }
    } finally {
      await scene.close();
    }
  });

  apiTest('rejects the interruption with the owner’s note, so the tool never runs and the grant is never redeemed', async ({ api }) => {
    const scene = await frameworkScene(api);
    try {
      const { model, agent } = scriptedAgent(scene);
      const running = runWithSignOffs(agent, 'Tell Ada about her refund.');
      const asked = await ownerAnswers(api, scene, { approve: false, note: 'Not before the audit' });
      const result = await running;
      expect(result.finalOutput).toBe('Done.');
      expect(scene.sent).toEqual([]);
      expect(toolOutputSeen(model)).toContain('Your owner denied this call');
      expect(toolOutputSeen(model)).toContain('Not before the audit');
      expect(await storedGrant(api, asked.id)).toEqual({ state: 'denied', redeemedAt: null });
    } finally {
      await scene.close();
    }
  });
});
