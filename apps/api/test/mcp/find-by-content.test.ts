import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect } from 'vitest';
import { apiTest } from '../fixtures.js';
import { define } from '../operations-kit.js';
import { call, connectClient, structured } from './mcp-kit.js';

// An agent that restarts after its owner decided finds that request by what
// it would ask (op and input), decided or not, instead of asking again.

function connectHttp(url: string, key: string) {
  return connectClient(new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
}

type Listed = { signOffs: { id: string; state: string }[] };

describe('finding a request by its content', () => {
  apiTest('finds a decided request by op and input after a restart, and nothing for another input, op or agent', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const other = await api.agent(owner);
    await define(api, owner, { op: 'email.send' });
    const input = { to: 'ops@example.com', subject: 'Week 48' };
    const first = await connectHttp(api.url, agent.key);
    let id: string;
    try {
      id = String(structured(await call(first, 'request_sign_off', { op: 'email.send', input, summary: 'Weekly report' })).id);
      await call(first, 'request_sign_off', { op: 'email.send', input: { ...input, subject: 'Week 49' }, summary: 'Next week' });
    } finally {
      await first.close();
    }
    await api.decide(owner.cookie, id, false, 'not this week');

    // A new process: it knows only what it was about to ask.
    const restarted = await connectHttp(api.url, agent.key);
    try {
      const found = structured(
        await call(restarted, 'list_my_sign_offs', { op: 'email.send', input: { subject: 'Week 48', to: 'ops@example.com' } }),
      ) as Listed;
      expect(found.signOffs.map((s) => [s.id, s.state])).toEqual([[id, 'DENIED']]);
      const asText = structured(await call(restarted, 'list_my_sign_offs', { op: 'email.send', inputJson: JSON.stringify(input) })) as Listed;
      expect(asText.signOffs.map((s) => s.id)).toEqual([id]);
      const otherInput = structured(await call(restarted, 'list_my_sign_offs', { op: 'email.send', input: { ...input, subject: 'Week 50' } })) as Listed;
      expect(otherInput.signOffs).toEqual([]);
      const otherOp = structured(await call(restarted, 'list_my_sign_offs', { op: 'repository.mintToken', input })) as Listed;
      expect(otherOp.signOffs).toEqual([]);
      const byOp = structured(await call(restarted, 'list_my_sign_offs', { op: 'email.send' })) as Listed;
      expect(byOp.signOffs).toHaveLength(2);
    } finally {
      await restarted.close();
    }
    const theirs = await connectHttp(api.url, other.key);
    try {
      expect((structured(await call(theirs, 'list_my_sign_offs', { op: 'email.send', input })) as Listed).signOffs).toEqual([]);
    } finally {
      await theirs.close();
    }
    expect(await api.db.prisma.signOff.count()).toBe(2);
  });
});
