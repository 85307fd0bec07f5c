import { Agent, run, setTracingDisabled } from '@openai/agents';
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing';
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

/** An SDK agent whose scripted model calls `send_email` with the asked input, then says it is done. */
function scriptedAgent(scene: FrameworkScene) {
  const model = new ScriptedModel([[functionCall('send_email', ASKED, { callId: 'call-1' })], [assistantMessage('Done.')]]);
  const sendEmail = signedOffTool(
    scene.countersign,
    { op: EMAIL_OP, summary: 'Email about a refund', timeoutMs: 20_000 },
    {
      name: 'send_email',
      description: 'Send an email',
      parameters: z.object({ to: z.string(), subject: z.string() }),
      execute: (input: { to: string; subject: string }) => {
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
      expect(asked).toMatchObject({ op: EMAIL_OP, input: ASKED, summary: 'Email about a refund' });
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

  apiTest('runs the tool only with the owner’s input when they approve with changes, resuming the run’s own state', async ({ api }) => {
    const scene = await frameworkScene(api);
    const edited = { to: 'ada@example.com', subject: 'Your refund of 12 EUR' };
    try {
      const { agent } = scriptedAgent(scene);
      const interrupted = await run(agent, 'Tell Ada about her refund.');
      expect(interrupted.interruptions.map((item) => item.name)).toEqual(['send_email']);
      // Nothing has run yet: the interruption only asked.
      expect(scene.sent).toEqual([]);
      const answering = answerInterruptions(interrupted);
      const asked = await ownerAnswers(api, scene, { approve: true, input: edited });
      expect(await answering).toEqual({ approved: 1, rejected: 0, unanswered: [] });
      const resumed = await run(agent, interrupted.state);
      expect(resumed.finalOutput).toBe('Done.');
      expect(scene.sent).toEqual([edited]);
      expect(await scene.countersign.signOff(asked.id)).toMatchObject({ state: 'SUCCEEDED', changedByOwner: true, input: edited, requestedInput: ASKED });
      // The resumed call found the same request: one was asked, never two.
      expect((await scene.countersign.signOffs({ op: EMAIL_OP, input: ASKED })).nodes.map((signOff) => signOff.id)).toEqual([asked.id]);
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
