import { afterEach, describe, expect, expectTypeOf, test } from 'vitest';
import WebSocket from 'ws';
import { FakeApi } from '../test/fake-api.js';
import { CountersignAgent } from './agent.js';
import type { BuiltInOperationInputs, OperationInput, RequestSignOffInput } from './types.js';

let api: FakeApi | undefined;
const agents: CountersignAgent[] = [];

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await api?.stop();
  api = undefined;
});

/** A client for the test's agent; a second one stands for the same agent after a restart. */
function agentFor(fake: FakeApi): CountersignAgent {
  const agent = new CountersignAgent({ url: fake.url, key: FakeApi.KEY, webSocketImpl: WebSocket });
  agents.push(agent);
  return agent;
}

describe('after a restart', () => {
  test('signOffs lists what the agent asked before, pending first, and waitForDecision picks each up again', async () => {
    api = await FakeApi.start();
    const before = agentFor(api);
    const { signOff: first } = await before.requestSignOff({ op: 'repository.serve', repository: 'docs', input: {}, summary: 'Serve docs' });
    const { signOff: second } = await before.requestSignOff({ op: 'repository.unserve', repository: 'api', input: {}, summary: 'Stop api' });
    const denied = api.addPending();
    api.setState(denied.id, 'DENIED');
    await before.close();

    const after = agentFor(api);
    const pending = await after.signOffs({ state: 'PENDING' });
    expect(pending.nodes.map((signOff) => signOff.id)).toEqual([first.id, second.id]);
    expect(pending.pageInfo).toEqual({ hasNextPage: false, endCursor: second.id });

    const decisions = pending.nodes.map((signOff) => after.waitForDecision(signOff.id));
    await api.subscribed();
    api.setState(first.id, 'SUCCEEDED');
    api.setState(second.id, 'DENIED', { note: 'not now' });
    await expect(Promise.all(decisions)).resolves.toMatchObject([{ state: 'SUCCEEDED' }, { state: 'DENIED', note: 'not now' }]);
  });

  test('signOffs pages with first and after, and filters on decided', async () => {
    api = await FakeApi.start();
    const agent = agentFor(api);
    const ids = [api.addPending(), api.addPending(), api.addPending()].map((signOff) => signOff.id);
    api.setState(ids[2]!, 'EXPIRED');

    const page = await agent.signOffs({ first: 2 });
    const next = await agent.signOffs({ first: 2, after: page.pageInfo.endCursor });

    expect(page).toMatchObject({ pageInfo: { hasNextPage: true } });
    expect([...page.nodes, ...next.nodes].map((signOff) => signOff.id)).toEqual(ids);
    expect(next.pageInfo.hasNextPage).toBe(false);
    expect((await agent.signOffs({ decided: true })).nodes.map((signOff) => signOff.state)).toEqual(['EXPIRED']);
    expect(api.requestsOf('signOffs').every((request) => request.idempotencyKey === undefined)).toBe(true);
  });
});

describe('built-in operation inputs', () => {
  test('requestSignOff types a built-in’s input and sends it as given; any other op takes any input', async () => {
    api = await FakeApi.start({ webSockets: false });
    const agent = agentFor(api);

    const { signOff } = await agent.requestSignOff({
      op: 'repository.mintToken',
      repository: 'docs',
      input: { scopes: ['read'], ttlHours: 2 },
      summary: 'Token',
    });
    const defined = await agent.requestSignOff({ op: 'email.send', input: { to: 'ada@example.com' }, summary: 'Mail Ada' });

    expect(signOff.input).toEqual({ scopes: ['read'], ttlHours: 2 });
    expect(defined.signOff).toMatchObject({ op: 'email.send', input: { to: 'ada@example.com' } });
    expectTypeOf<OperationInput<'repository.mintToken'>>().toEqualTypeOf<{ scopes: ('read' | 'write')[]; ttlHours: number }>();
    expectTypeOf<OperationInput<'repository.transfer'>>().toEqualTypeOf<BuiltInOperationInputs['repository.transfer']>();
    expectTypeOf<OperationInput<'email.send'>>().toBeUnknown();
    expectTypeOf<RequestSignOffInput['input']>().toBeUnknown();
    // Compile-time checks: a built-in refuses an input of the wrong shape.
    const wrongScope: RequestSignOffInput<'repository.mintToken'> = {
      op: 'repository.mintToken',
      // @ts-expect-error -- 'admin' is not a token scope
      input: { scopes: ['admin'], ttlHours: 1 },
      summary: 'Token',
    };
    // @ts-expect-error -- authority.grant needs a name
    const unnamed: RequestSignOffInput<'authority.grant'> = { op: 'authority.grant', input: { tokens: 10 }, summary: 'Budget' };
    expect([wrongScope.op, unnamed.op]).toEqual(['repository.mintToken', 'authority.grant']);
  });
});
