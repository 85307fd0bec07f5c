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

async function start({
  webSockets = true,
  webSocketImpl = WebSocket,
  key = FakeApi.KEY,
  onWarning = (message: string) => warnings.push(message),
}: { webSockets?: boolean; webSocketImpl?: unknown; key?: string; onWarning?: (message: string) => void } = {}) {
  api = await FakeApi.start({ webSockets });
  agent = new CountersignAgent({ url: api.url, key, webSocketImpl, onWarning });
  return { api, agent };
}

/** What the agents of a test warned, in order. */
let warnings: string[] = [];
afterEach(() => {
  warnings = [];
});

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

  test('falls back to polling when the WebSocket cannot connect, warning once however many waits poll', async () => {
    const { api, agent } = await start({ webSockets: false });
    const signOff = api.addPending();
    const other = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    const otherDecision = agent.waitForDecision(other.id);
    await vi.waitFor(() => expect(api.reads).toBeGreaterThanOrEqual(2));
    api.setState(signOff.id, 'SUCCEEDED', {}, { publish: false });
    api.setState(other.id, 'DENIED', {}, { publish: false });

    await expect(decision).resolves.toMatchObject({ state: 'SUCCEEDED' });
    await expect(otherDecision).resolves.toMatchObject({ state: 'DENIED' });
    expect(api.reads).toBeGreaterThanOrEqual(3);
    expect(warnings).toEqual([expect.stringContaining('could not listen on ws://127.0.0.1:')]);
  });

  test('polls without a warning when the caller turned WebSockets off with null', async () => {
    const { api, agent } = await start({ webSocketImpl: null });
    const signOff = api.addPending();
    api.setState(signOff.id, 'EXPIRED', {}, { publish: false });

    await expect(agent.waitForDecision(signOff.id)).resolves.toMatchObject({ state: 'EXPIRED' });
    expect(api.subscriberCount).toBe(0);
    expect(warnings).toEqual([]);
  });

  test('listens without being given a WebSocket: the runtime’s own, or the optional ws package', async () => {
    api = await FakeApi.start();
    agent = new CountersignAgent({ url: api.url, key: FakeApi.KEY, onWarning: (message) => warnings.push(message) });
    const signOff = api.addPending();

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    api.setState(signOff.id, 'DENIED');

    await expect(decision).resolves.toMatchObject({ state: 'DENIED' });
    expect(warnings).toEqual([]);
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

  test('takeSecret hands the secret over once, then says it was TAKEN', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();
    api.setState(signOff.id, 'SUCCEEDED', { secretState: 'WAITING' });
    api.secrets.set(signOff.id, { token: 'rt_secret' });

    await expect(agent.takeSecret<{ token: string }>(signOff.id)).resolves.toEqual({ secret: { token: 'rt_secret' } });
    await expect(agent.takeSecret(signOff.id)).resolves.toEqual({ secret: null, reason: 'TAKEN', secretState: 'TAKEN', state: 'SUCCEEDED' });
    await expect(agent.takeSecret('404')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('takeSecret says why there is no secret: not decided yet, none produced, or lapsed', async () => {
    const { api, agent } = await start();
    const pending = api.addPending();
    const approved = api.addPending();
    api.setState(approved.id, 'APPROVED');
    const denied = api.addPending();
    api.setState(denied.id, 'DENIED');
    const lapsed = api.addPending();
    api.setState(lapsed.id, 'SUCCEEDED', { secretState: 'LAPSED' });

    await expect(agent.takeSecret(pending.id)).resolves.toEqual({ secret: null, reason: 'PENDING', secretState: 'NONE', state: 'PENDING' });
    await expect(agent.takeSecret(approved.id)).resolves.toMatchObject({ secret: null, reason: 'PENDING', state: 'APPROVED' });
    await expect(agent.takeSecret(denied.id)).resolves.toEqual({ secret: null, reason: 'NONE', secretState: 'NONE', state: 'DENIED' });
    await expect(agent.takeSecret(lapsed.id)).resolves.toEqual({ secret: null, reason: 'LAPSED', secretState: 'LAPSED', state: 'SUCCEEDED' });
  });

  test('withdraw answers the withdrawn request, and SIGN_OFF_CLOSED with the request once decided', async () => {
    const { api, agent } = await start();
    const waiting = api.addPending();
    const decided = api.addPending();
    api.setState(decided.id, 'DENIED');

    await expect(agent.withdraw(waiting.id)).resolves.toMatchObject({ state: 'WITHDRAWN' });
    await expect(agent.withdraw(decided.id)).rejects.toMatchObject({ code: 'SIGN_OFF_CLOSED', signOff: { state: 'DENIED' } });
  });

  test('createRepository answers the new repository, and repositories lists the owner’s by name', async () => {
    const { agent } = await start();

    await expect(agent.createRepository('docs')).resolves.toMatchObject({ name: 'docs', state: 'SERVING', replayed: false });
    await agent.createRepository('api');

    const repositories = await agent.repositories();
    expect(repositories.map((repository) => repository.name)).toEqual(['api', 'docs']);
    expect(repositories[1]).toMatchObject({ name: 'docs', state: 'SERVING' });
    expect(Object.keys(repositories[1] ?? {}).sort()).toEqual(['code', 'createdAt', 'id', 'name', 'state']);
  });

  test('repositories reads every page: 250 repositories come back in order, each once, in three requests', async () => {
    const { api, agent } = await start();
    const names = Array.from({ length: 250 }, (_, i) => `repo-${String(i).padStart(3, '0')}`);
    for (const name of [...names].reverse()) await agent.createRepository(name);
    expect((await agent.repositories()).map((repository) => repository.name)).toEqual(names);
    expect(api.requestsOf('repositories').map((request) => request.variables)).toEqual([
      { first: 100, after: null },
      { first: 100, after: 'repo-099' },
      { first: 100, after: 'repo-199' },
    ]);
  });

  test('an unreachable server is a TRANSPORT error', async () => {
    const { api, agent } = await start();
    await api.stop();

    await expect(agent.signOff('1')).rejects.toMatchObject({ code: 'TRANSPORT' });
  });
});

describe('authorities and draws', () => {
  test('authorities lists the agent’s authorities with their terms and balances', async () => {
    const { api, agent } = await start();
    const tokens = api.addAuthority({ name: 'Tokens' });
    const money = api.addAuthority({ name: 'Money', ceiling: { tokens: null, minorUnits: 5000, draws: 10 }, currency: 'EUR', perDrawMinorUnits: 1000 });

    const authorities = await agent.authorities();

    expect(authorities.map((authority) => authority.id)).toEqual([money.id, tokens.id]);
    expect(authorities[0]).toMatchObject({
      name: 'Money',
      state: 'ACTIVE',
      currency: 'EUR',
      perDrawMinorUnits: 1000,
      ceiling: { tokens: null, minorUnits: 5000, draws: 10 },
      remaining: { tokens: null, minorUnits: 5000, draws: 10 },
    });
  });

  test('authority answers one authority, and null for an id the agent cannot see', async () => {
    const { api, agent } = await start();
    const granted = api.addAuthority();

    await expect(agent.authority(granted.id)).resolves.toMatchObject({ id: granted.id, drawn: { tokens: 0, minorUnits: 0, draws: 0 } });
    await expect(agent.authority('someone-else’s')).resolves.toBeNull();
  });

  test('draw answers the receipt alone, and does not ask the API for the authority', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority();

    const result = await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 400 });

    // Exactly these keys: no authority rides along.
    expect(result).toEqual({ kind: 'drawn', replayed: false, receipt: api.receipts.get(id)?.[0] });
    expect(result).toMatchObject({
      receipt: { dispatchKey: 'job-1', tokens: 400, minorUnits: 0, ordinal: 1, remaining: { tokens: 600, minorUnits: null, draws: null } },
    });
    const selected = [...(api.requestsOf('drawAuthority')[0]?.selects ?? [])];
    expect(selected).toContain('receipt.dispatchKey');
    expect(selected.filter((path) => path.startsWith('authority'))).toEqual([]);
    // An amount left out is sent as null, which the API reads as 0.
    expect(api.drawInputs).toEqual([{ authority: id, dispatchKey: 'job-1', tokens: 400, minorUnits: null }]);
  });

  test('draw with withAuthority also answers the authority as it stands after the draw', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority();

    const result = await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 400 }, { withAuthority: true });

    expect(result).toMatchObject({
      kind: 'drawn',
      replayed: false,
      receipt: { dispatchKey: 'job-1', tokens: 400, ordinal: 1 },
      authority: { id, drawn: { tokens: 400, draws: 1 }, remaining: { tokens: 600 } },
    });
    expect(api.requestsOf('drawAuthority')[0]?.selects.has('authority.remaining.tokens')).toBe(true);
    // A refusal is the same answer either way: there is no authority to show.
    api.revokeAuthority(id, 'Budget moved');
    await expect(agent.draw({ authority: id, dispatchKey: 'job-2', tokens: 1 }, { withAuthority: true })).resolves.toEqual({
      kind: 'refused',
      code: 'REVOKED',
      message: 'The authority was revoked: Budget moved',
      reason: 'Budget moved',
    });
  });

  test('draw carries amounts past 2^31 exactly, as numbers', async () => {
    const { api, agent } = await start();
    const big = 2 ** 53 - 1;
    const { id } = api.addAuthority({ ceiling: { tokens: big, minorUnits: null, draws: null } });

    const result = await agent.draw({ authority: id, dispatchKey: 'bulk', tokens: 2 ** 40 + 7 });

    expect(result.kind === 'drawn' && result.receipt.remaining.tokens).toBe(big - (2 ** 40 + 7));
  });

  test('a retried dispatch key answers the original receipt with replayed: true, even after revocation', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority();
    const first = await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 100 });
    api.revokeAuthority(id, 'Budget moved');

    const retry = await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 100 });

    expect(first.kind === 'drawn' && first.replayed).toBe(false);
    expect(retry).toMatchObject({ kind: 'drawn', replayed: true, receipt: { dispatchKey: 'job-1', ordinal: 1 } });
    expect((await agent.authority(id))?.drawn.tokens).toBe(100);
  });

  test('a draw on a revoked authority is refused as data, with the owner’s reason', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority();
    api.revokeAuthority(id, 'Budget moved to Q3');

    const result = await agent.draw({ authority: id, dispatchKey: 'job-2', tokens: 1 });

    expect(result).toEqual({ kind: 'refused', code: 'REVOKED', message: 'The authority was revoked: Budget moved to Q3', reason: 'Budget moved to Q3' });
  });

  test('a draw past a ceiling is refused EXHAUSTED with what is left, and draws nothing', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority({ ceiling: { tokens: 100, minorUnits: null, draws: 5 } });
    await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 60 });

    const result = await agent.draw({ authority: id, dispatchKey: 'job-2', tokens: 50 });

    expect(result).toMatchObject({ kind: 'refused', code: 'EXHAUSTED', remaining: { tokens: 40, minorUnits: null, draws: 4 } });
    expect((await agent.authority(id))?.drawn).toEqual({ tokens: 60, minorUnits: 0, draws: 1 });
  });

  test('the same dispatch key with another amount is refused DISPATCH_KEY_REUSED with the earlier receipt', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority();
    await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 100 });

    const result = await agent.draw({ authority: id, dispatchKey: 'job-1', tokens: 200 });

    expect(result).toMatchObject({ kind: 'refused', code: 'DISPATCH_KEY_REUSED', receipt: { dispatchKey: 'job-1', tokens: 100 } });
  });

  test('per-draw caps and unknown authorities are refused with their codes', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority({ perDrawTokens: 10 });

    await expect(agent.draw({ authority: id, dispatchKey: 'big', tokens: 11 })).resolves.toMatchObject({ kind: 'refused', code: 'PER_DRAW_CAP_EXCEEDED' });
    await expect(agent.draw({ authority: 'nope', dispatchKey: 'x', tokens: 1 })).resolves.toMatchObject({ kind: 'refused', code: 'NOT_FOUND' });
  });

  test('a draw the API cannot take throws a CountersignError with its code, rather than answering a refusal', async () => {
    const { api, agent } = await start();
    const { id } = api.addAuthority();

    const error = await agent.draw({ authority: id, dispatchKey: 'empty' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(CountersignError);
    expect(error).toMatchObject({ code: 'BAD_INPUT', message: 'A draw takes some tokens or minor units.' });
  });

  test('a refused key throws UNAUTHENTICATED from every authority method', async () => {
    const { api } = await start();
    const stranger = new CountersignAgent({ url: api.url, key: 'csk_revoked' });

    await expect(stranger.authorities()).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    await expect(stranger.draw({ authority: 'a', dispatchKey: 'k', tokens: 1 })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await stranger.close();
  });
});
