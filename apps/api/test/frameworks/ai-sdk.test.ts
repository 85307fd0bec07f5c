import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import type { SignOff } from '@countersign/client';
import { withSignOff } from '@countersign/client/ai-sdk';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { apiTest } from '../fixtures.js';
import type { TestApi } from '../testkit.js';
import { EMAIL_OP, frameworkScene, ownerAnswers, storedGrant, type FrameworkScene, type OwnerAnswer } from './kit.js';

// The Vercel AI SDK's own tool loop, with a scripted model (no network, no
// LLM) whose first step calls the tool and whose second answers in words.
const ASKED = { to: 'ada@example.com', subject: 'Your refund' };
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

const CALLS_THE_TOOL = {
  content: [{ type: 'tool-call' as const, toolCallId: 'call-1', toolName: 'send_email', input: JSON.stringify(ASKED) }],
  finishReason: { unified: 'tool-calls' as const, raw: undefined },
  usage,
  warnings: [],
};
const SAYS_DONE = { content: [{ type: 'text' as const, text: 'Done.' }], finishReason: { unified: 'stop' as const, raw: undefined }, usage, warnings: [] };

/** A model that calls `send_email` with the asked input once, then says it is done. */
function scriptedModel() {
  return new MockLanguageModelV4({ doGenerate: [CALLS_THE_TOOL, SAYS_DONE] });
}

/** The AI SDK tool the tests give the model, signed off under `email.send`; what its own code ran with goes to `scene.sent`. */
function sendEmailTool(scene: FrameworkScene, timeoutMs = 20_000) {
  return withSignOff(
    scene.countersign,
    { op: EMAIL_OP, summary: (input) => `Email ${input.to}: ${input.subject}`, timeoutMs },
    tool({
      description: 'Send an email',
      inputSchema: z.object({ to: z.string(), subject: z.string() }),
      execute: (input) => {
        scene.sent.push(input);
        return { sent: true, to: input.to };
      },
    }),
  );
}

/** One generateText run with the signed-off tool while the owner answers as told; the run's steps, and the request. */
async function runWhileOwnerAnswers(api: TestApi, scene: FrameworkScene, answer: OwnerAnswer) {
  const model = scriptedModel();
  const sendEmail = sendEmailTool(scene);
  const running = generateText({ model, tools: { send_email: sendEmail }, prompt: 'Tell Ada about her refund.', stopWhen: stepCountIs(3) });
  const asked = await ownerAnswers(api, scene, answer);
  const result = await running;
  const toolParts = result.steps[0]!.content.filter((part) => part.type === 'tool-result' || part.type === 'tool-error');
  // What the model was sent back for its call, as the second step's prompt carries it.
  const toModel = JSON.stringify(model.doGenerateCalls[1]?.prompt.at(-1));
  return { asked, result, toolParts, toModel };
}

describe('the AI SDK tool wrapper (withSignOff)', () => {
  apiTest('runs the tool with the asked input once the owner approves, and reports it succeeded', async ({ api }) => {
    const scene = await frameworkScene(api);
    try {
      const { asked, result, toolParts } = await runWhileOwnerAnswers(api, scene, { approve: true });
      expect(asked).toMatchObject({ op: EMAIL_OP, input: ASKED, summary: 'Email ada@example.com: Your refund' });
      expect(scene.sent).toEqual([ASKED]);
      expect(toolParts).toMatchObject([{ type: 'tool-result', output: { sent: true, to: ASKED.to } }]);
      expect(result.text).toBe('Done.');
      expect(await scene.countersign.signOff(asked.id)).toMatchObject({ state: 'SUCCEEDED' });
      expect((await storedGrant(api, asked.id)).redeemedAt).toBeInstanceOf(Date);
    } finally {
      await scene.close();
    }
  });

  apiTest('runs the tool only with the owner’s input when they approve with changes', async ({ api }) => {
    const scene = await frameworkScene(api);
    const edited = { to: 'ada@example.com', subject: 'Your refund of 12 EUR' };
    try {
      const { asked, toolParts } = await runWhileOwnerAnswers(api, scene, { approve: true, input: edited });
      expect(scene.sent).toEqual([edited]);
      expect(toolParts).toMatchObject([{ type: 'tool-result', output: { sent: true } }]);
      expect(await scene.countersign.signOff(asked.id)).toMatchObject({ state: 'SUCCEEDED', changedByOwner: true, input: edited, requestedInput: ASKED });
    } finally {
      await scene.close();
    }
  });

  apiTest('never runs a denied call, tells the model the owner’s note, and never redeems the grant', async ({ api }) => {
    const scene = await frameworkScene(api);
    try {
      const { asked, toolParts, toModel } = await runWhileOwnerAnswers(api, scene, { approve: false, note: 'Not before the audit' });
      expect(scene.sent).toEqual([]);
      expect(toolParts).toMatchObject([{ type: 'tool-error', error: { name: 'SignOffNotGrantedError' } }]);
      expect(toModel).toContain('Your owner denied this call');
      expect(toModel).toContain('Not before the audit');
      expect(await storedGrant(api, asked.id)).toEqual({ state: 'denied', redeemedAt: null });
    } finally {
      await scene.close();
    }
  });
  apiTest('tells the model to call again when the wait runs out, and the call again finds the same request and runs once', async ({ api }) => {
    const scene = await frameworkScene(api);
    let asked: SignOff | undefined;
    const script = [CALLS_THE_TOOL, CALLS_THE_TOOL, SAYS_DONE];
    let turn = 0;
    // The owner decides only after the model was told its first call is still waiting, before it calls again.
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        turn += 1;
        if (turn === 2) {
          expect(JSON.stringify(options.prompt.at(-1))).toContain('Still waiting for your owner');
          asked = await ownerAnswers(api, scene, { approve: true });
        }
        return script[turn - 1]!;
      },
    });
    try {
      const result = await generateText({
        model,
        tools: { send_email: sendEmailTool(scene, 300) },
        prompt: 'Tell Ada about her refund.',
        stopWhen: stepCountIs(4),
      });
      const outcomes = result.steps.flatMap((step) => step.content.filter((part) => part.type === 'tool-result' || part.type === 'tool-error'));
      expect(outcomes.map((part) => part.type)).toEqual(['tool-error', 'tool-result']);
      expect(scene.sent).toEqual([ASKED]);
      expect((await scene.countersign.signOffs({ op: EMAIL_OP, input: ASKED })).nodes.map((signOff) => signOff.id)).toEqual([asked!.id]);
      expect(await scene.countersign.signOff(asked!.id)).toMatchObject({ state: 'SUCCEEDED' });
    } finally {
      await scene.close();
    }
  });
});
