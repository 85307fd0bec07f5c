import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { define } from '../operations-kit.js';
import { call, connectClient, errorText, structured } from './mcp-kit.js';

// Free-form arguments (`input`, `result`) have a JSON-text twin (`inputJson`,
// `resultJson`) for hosts in a strict tool-schema mode; exactly one of the two.

function connectHttp(url: string, key: string) {
  return connectClient(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
}

describe('free-form tool arguments as JSON text', () => {
  apiTest('ask, redeem and report with inputJson and resultJson, as with input and result, over /mcp', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const client = await connectHttp(api.url, agent.key);
    try {
      const { tools } = await client.listTools();
      for (const [tool, name] of [
        ['request_sign_off', 'inputJson'],
        ['redeem_sign_off', 'inputJson'],
        ['report_outcome', 'resultJson'],
      ] as const) {
        const schema = tools.find((t) => t.name === tool)!.inputSchema as { properties: Record<string, { type?: string }>; required?: string[] };
        expect(schema.properties[name]?.type, tool).toBe('string');
        expect(schema.required ?? [], tool).not.toContain(name.replace('Json', ''));
      }
      const input = { to: 'ops@example.com', subject: 'Week 48' };
      const asked = structured(await call(client, 'request_sign_off', { op: 'email.send', inputJson: JSON.stringify(input), summary: 'Weekly report' }));
      // The same request as with `input`: the open one comes back.
      const again = structured(await call(client, 'request_sign_off', { op: 'email.send', input, summary: 'Weekly report' }));
      expect(again).toMatchObject({ id: asked.id, existing: true });
      await api.decide(owner.cookie, String(asked.id), true);
      const wrong = await call(client, 'redeem_sign_off', { id: asked.id, inputJson: JSON.stringify({ ...input, subject: 'Week 49' }) });
      expect(errorText(wrong)).toMatch(/^INPUT_MISMATCH: /);
      const redeemed = structured(await call(client, 'redeem_sign_off', { id: asked.id, inputJson: JSON.stringify(input) }));
      expect(redeemed.state).toBe('REDEEMED');
      const reported = structured(await call(client, 'report_outcome', { id: asked.id, succeeded: true, resultJson: '{"messageId":"m-1"}' }));
      expect(reported.state).toBe('SUCCEEDED');
      expect((reported.signOff as { result: unknown }).result).toEqual({ messageId: 'm-1' });
    } finally {
      await client.close();
    }
  });

  apiTest('refuses both, neither, and text that is not JSON as BAD_INPUT tool errors, asking nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const client = await connectHttp(api.url, agent.key);
    try {
      const base = { op: 'email.send', summary: 'Weekly report' };
      const input = { to: 'ops@example.com', subject: 'Week 48' };
      const refusals: [Record<string, unknown>, RegExp][] = [
        [{ ...base, input, inputJson: JSON.stringify(input) }, /^BAD_INPUT: Give exactly one of `input` and `inputJson`, not both\.$/],
        [base, /^BAD_INPUT: Give `input` \(a JSON value\) or `inputJson`/],
        [{ ...base, inputJson: '{"to": ' }, /^BAD_INPUT: `inputJson` is not JSON text: /],
      ];
      for (const [args, message] of refusals) expect(errorText(await call(client, 'request_sign_off', args))).toMatch(message);
      const id = '00000000-0000-4000-8000-000000000000';
      expect(errorText(await call(client, 'report_outcome', { id, succeeded: true, resultJson: '[1]' }))).toMatch(
        /^BAD_INPUT: `resultJson` must be a JSON object/,
      );
      expect(errorText(await call(client, 'report_outcome', { id, succeeded: true, result: {}, resultJson: '{}' }))).toMatch(/not both/);
      expect(await api.db.prisma.signOff.count()).toBe(0);
    } finally {
      await client.close();
    }
  });
});
