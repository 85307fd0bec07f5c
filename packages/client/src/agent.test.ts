import { afterEach, describe, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import { FakeApi } from '../test/fake-api.js';
import { CountersignAgent } from './agent.js';
import { CountersignError } from './errors.js';

let api: FakeApi | undefined;
let agent: CountersignAgent | undefined;

afterEach(async () => {
  await agent?.close();
  await api?.stop();
  agent = undefined;
  api = undefined;
});

async function start({ webSockets = true, webSocketImpl = WebSocket as unknown, key = FakeApi.KEY } = {}) {
  api = await FakeApi.start({ webSockets });
  agent = new CountersignAgent({ url: api.url, key, webSocketImpl });
  return { api, agent };
}

describe('waitForDecision', () => {
  test('resolves at once with a decision that landed before it subscribed', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();
    api.setState(signOff.id, 'DENIED', { note: 'not today' });

    const decided = await agent.waitForDecision(signOff.id);

    expect(decided).toMatchObject({ id: signOff.id, state: 'DENIED', note: 'not today' });
  });

  test('resolves on the event that decides the request, reading it only once', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    await vi.waitFor(() => expect(api.reads).toBe(1));
    api.setState(signOff.id, 'SUCCEEDED', { result: { state: 'SERVING' } });

    await expect(decision).resolves.toMatchObject({ state: 'SUCCEEDED', result: { state: 'SERVING' } });
    expect(api.reads).toBe(1);
  });

  test('keeps waiting through APPROVED, which means the operation is still running', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    api.setState(signOff.id, 'APPROVED');
    api.setState(signOff.id, 'FAILED', { failure: 'the repository changed since it was asked for' });

    await expect(decision).resolves.toMatchObject({ state: 'FAILED', failure: 'the repository changed since it was asked for' });
  });

  test('reads the request again after the socket reconnects, so a decision made meanwhile is seen', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    await vi.waitFor(() => expect(api.reads).toBe(1));
    api.dropSockets();
    await vi.waitFor(() => expect(api.subscriberCount).toBe(0));
    // Decided while nobody listens: no event reaches the agent, only the re-read can.
    api.setState(signOff.id, 'SUCCEEDED', {}, { publish: false });

    await expect(decision).resolves.toMatchObject({ state: 'SUCCEEDED' });
    expect(api.reads).toBe(2);
  });

  test('falls back to polling when the WebSocket cannot connect', async () => {
    const { api, agent } = await start({ webSockets: false });
    const signOff = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    await vi.waitFor(() => expect(api.reads).toBeGreaterThanOrEqual(1));
    api.setState(signOff.id, 'SUCCEEDED', {}, { publish: false });

    await expect(decision).resolves.toMatchObject({ state: 'SUCCEEDED' });
    expect(api.reads).toBeGreaterThanOrEqual(2);
  });

  test('polls when no WebSocket implementation is available', async () => {
    const { api, agent } = await start({ webSocketImpl: undefined });
    const signOff = api.addPending();
    api.setState(signOff.id, 'EXPIRED', {}, { publish: false });

    await expect(agent.waitForDecision(signOff.id)).resolves.toMatchObject({ state: 'EXPIRED' });
  });

  test('rejects with TIMEOUT when nothing is decided in time, and stops listening', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();

    const error = await agent.waitForDecision(signOff.id, { timeoutMs: 300 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(CountersignError);
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    await vi.waitFor(() => expect(api.subscriberCount).toBe(0));
  });

  test('rejects with the signal’s reason when aborted', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();
    const controller = new AbortController();

    const decision = agent.waitForDecision(signOff.id, { signal: controller.signal });
    await api.subscribed();
    controller.abort(new Error('shutting down'));

    await expect(decision).rejects.toThrow('shutting down');
  });

  test('rejects with NOT_FOUND for a request the agent cannot see', async () => {
    const { agent } = await start();

    await expect(agent.waitForDecision('404')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('rejects with UNAUTHENTICATED when the key is refused, rather than polling forever', async () => {
    const { agent } = await start({ key: 'csk_revoked' });

    await expect(agent.waitForDecision('1')).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
  });

  test('ends waits in progress with CLOSED when the client is closed', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    await agent.close();

    await expect(decision).rejects.toMatchObject({ code: 'CLOSED' });
  });
});

describe('requests and secrets', () => {
  test('requestSignOff answers the stored request', async () => {
    const { agent } = await start();

    const { signOff, existing } = await agent.requestSignOff({
      op: 'repository.mintToken',
      repository: 'docs',
      input: { ttlHours: 1, scopes: ['read'] },
      summary: 'Read token',
    });

    expect(existing).toBe(false);
    expect(signOff).toMatchObject({ op: 'repository.mintToken', state: 'PENDING', reason: null });
  });

  test('requestSignOff throws the domain refusal as a CountersignError with its code', async () => {
    const { api, agent } = await start();
    api.refuseRequests = { __typename: 'TooManyPending', code: 'TOO_MANY_PENDING', message: '20 requests already wait.' };

    const error = await agent.requestSignOff({ op: 'repository.serve', repository: 'docs', input: {}, summary: 'Serve' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(CountersignError);
    expect(error).toMatchObject({ code: 'TOO_MANY_PENDING', message: '20 requests already wait.' });
  });

  test('takeSecret hands the secret over once, then answers null', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();
    api.setState(signOff.id, 'SUCCEEDED', { secretState: 'WAITING' });
    api.secrets.set(signOff.id, { token: 'rt_secret' });

    await expect(agent.takeSecret(signOff.id)).resolves.toEqual({ token: 'rt_secret' });
    await expect(agent.takeSecret(signOff.id)).resolves.toBeNull();
    await expect(agent.takeSecret('404')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('withdraw answers the withdrawn request, and SIGN_OFF_CLOSED with the request once decided', async () => {
    const { api, agent } = await start();
    const waiting = api.addPending();
    const decided = api.addPending();
    api.setState(decided.id, 'DENIED');

    await expect(agent.withdraw(waiting.id)).resolves.toMatchObject({ state: 'WITHDRAWN' });
    await expect(agent.withdraw(decided.id)).rejects.toMatchObject({ code: 'SIGN_OFF_CLOSED', signOff: { state: 'DENIED' } });
  });

  test('createRepository answers the new repository', async () => {
    const { agent } = await start();

    await expect(agent.createRepository('docs')).resolves.toMatchObject({ name: 'docs', state: 'SERVING' });
  });

  test('an unreachable server is a TRANSPORT error', async () => {
    const { api, agent } = await start();
    await api.stop();

    await expect(agent.signOff('1')).rejects.toMatchObject({ code: 'TRANSPORT' });
  });
});
