import { CountersignAgent } from '@countersign/client';
import WebSocket from 'ws';
import { describe, expect } from 'vitest';
import { apiTest } from './fixtures.js';
import { waitFor } from './testkit.js';

// The typed client as agents embed it, against a real API and database:
// the client's own suite covers its edge cases against the contract alone.
describe('the typed agent client against a real API', () => {
  apiTest('asks, waits for the decision over the subscription, takes the secret once, and draws', async ({ api }) => {
    const owner = await api.owner();
    const { key, id: agentId } = await api.agent(owner);
    const agent = new CountersignAgent({ url: api.url, key, webSocketImpl: WebSocket });
    try {
      await agent.createRepository('docs');
      const { signOff } = await agent.requestSignOff({
        op: 'repository.mintToken',
        repository: 'docs',
        input: { scopes: ['read'], ttlHours: 1 },
        summary: 'docs build',
      });
      const before = api.bus.subscriberCount;
      const decision = agent.waitForDecision(signOff.id, { timeoutMs: 20_000 });
      await waitFor(() => api.bus.subscriberCount > before);
      await api.decide(owner.cookie, signOff.id, true);
      expect((await decision).state).toBe('SUCCEEDED');
      const taken = await agent.takeSecret<{ token: string }>(signOff.id);
      expect(taken.secret?.token).toMatch(/^cst_/);
      expect(await agent.takeSecret(signOff.id)).toMatchObject({ secret: null, reason: 'TAKEN', secretState: 'TAKEN', state: 'SUCCEEDED' });

      const authority = await api.authority(owner, agentId, { tokens: 10 });
      const drawn = await agent.draw({ authority, dispatchKey: 'job-1', tokens: 4 });
      expect(drawn).toMatchObject({ kind: 'drawn', replayed: false });
      expect(await agent.draw({ authority, dispatchKey: 'job-1', tokens: 4 })).toMatchObject({ kind: 'drawn', replayed: true });
      expect(await agent.draw({ authority, dispatchKey: 'job-2', tokens: 7 })).toMatchObject({ kind: 'refused', code: 'EXHAUSTED' });
    } finally {
      await agent.close();
    }
  });

  apiTest('names what differs when an idempotency key is reused for another call (error.differs)', async ({ api }) => {
    const owner = await api.owner();
    const { key } = await api.agent(owner);
    await api.repository(owner, 'docs');
    const agent = new CountersignAgent({ url: api.url, key, webSocketImpl: null });
    try {
      const asked = { op: 'repository.mintToken', repository: 'docs', input: { scopes: ['read' as const], ttlHours: 1 }, summary: 'docs build' };
      await agent.requestSignOff(asked, { idempotencyKey: 'nightly-48' });
      const reused = await agent.requestSignOff({ ...asked, summary: 'docs build, again' }, { idempotencyKey: 'nightly-48' }).catch((error: unknown) => error);
      expect(reused).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422, idempotencyKey: 'nightly-48', differs: ['input.summary'] });
    } finally {
      await agent.close();
    }
  });
});
