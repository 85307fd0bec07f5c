import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
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

/** A model that calls `send_email` with the asked input once, then says it is done. */
function scriptedModel() {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'send_email', input: JSON.stringify(ASKED) }],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      { content: [{ type: 'text', text: 'Done.' }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [] },
    ],
  });
}

/** One generateText run with the signed-off tool while the owner answers as told; the run's steps, and the request. */
async function runWhileOwnerAnswers(api: TestApi, scene: FrameworkScene, answer: OwnerAnswer) {
  const model = scriptedModel();
  const sendEmail = withSignOff(
    scene.countersign,
    { op: EMAIL_OP, summary: (input) => `Email ${input.to}: ${input.subject}`, timeoutMs: 20_000 },
    tool({
      description: 'Send an email',
      inputSchema: z.object({ to: z.string(), subject: z.string() }),
      execute: (input) => {
        scene.sent.push(input);
        return { sent: true, to: input.to };
      },
    }),
  );
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
});
