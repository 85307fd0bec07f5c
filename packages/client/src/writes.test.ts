import { afterEach, describe, expect, test } from 'vitest';
import { FakeApi } from '../test/fake-api.js';
import { CountersignAgent } from './agent.js';
import type { CountersignAgentOptions } from './agent-options.js';
import { CountersignError } from './errors.js';

let api: FakeApi | undefined;
const agents: CountersignAgent[] = [];

afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.close()));
  await api?.stop();
  api = undefined;
});

async function start(options: Partial<CountersignAgentOptions> = {}) {
  api = await FakeApi.start({ webSockets: false });
  return { api, agent: agentFor(api, options) };
}

/** Another client for the same agent, as a restarted process would create. */
function agentFor(fake: FakeApi, options: Partial<CountersignAgentOptions> = {}): CountersignAgent {
  const agent = new CountersignAgent({ url: fake.url, key: FakeApi.KEY, webSocketImpl: null, ...options });
  agents.push(agent);
  return agent;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MANIFEST = 'name: deploy-bot\nversion: 1.0.0\nops: [repository.mintToken]\n';

describe('idempotency keys', () => {
  test('sends a fresh Idempotency-Key with every write but a draw, whose dispatch key is its idempotency', async () => {
    const { api, agent } = await start();
    const { id: authority } = api.addAuthority();

    const { signOff } = await agent.requestSignOff({ op: 'repository.serve', repository: 'docs', input: {}, summary: 'Serve docs' });
    await agent.requestSignOff({ op: 'repository.serve', repository: 'docs', input: {}, summary: 'Serve docs' });
    await agent.withdraw(signOff.id);
    await agent.createRepository('docs');
    await agent.draw({ authority, dispatchKey: 'job-1', tokens: 1 });
    await agent.publishManifest(MANIFEST);

    expect(api.requests.map((request) => request.field)).toEqual([
      'requestSignOff',
      'requestSignOff',
      'withdrawSignOff',
      'createRepository',
      'drawAuthority',
      'publishManifest',
    ]);
    expect(api.requestsOf('drawAuthority').map((request) => request.idempotencyKey)).toEqual([undefined]);
    const keys = api.requests.filter((request) => request.field !== 'drawAuthority').map((request) => request.idempotencyKey);
    for (const key of keys) expect(key).toMatch(UUID);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('never sends a key with takeSecret or with reads', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();
    api.setState(signOff.id, 'SUCCEEDED', { secretState: 'WAITING' });
    api.secrets.set(signOff.id, { token: 'rt_secret' });

    await expect(agent.takeSecret(signOff.id)).resolves.toEqual({ secret: { token: 'rt_secret' } });
    await agent.signOff(signOff.id);
    await agent.authorities();
    await agent.manifestNames();

    expect(api.requests.map((request) => [request.field, request.idempotencyKey])).toEqual([
      ['takeSignOffSecret', undefined],
      ['signOff', undefined],
      ['authorities', undefined],
      ['manifestNames', undefined],
    ]);
  });

  test('takeSecret is not retried: a lost answer is not asked for again', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending();
    api.failNext('takeSignOffSecret', { kind: 'status', status: 503 });

    await expect(agent.takeSecret(signOff.id)).rejects.toMatchObject({ code: 'TRANSPORT', status: 503 });
    expect(api.requestsOf('takeSignOffSecret')).toHaveLength(1);
  });

  test('sends the caller’s own key when one is pinned', async () => {
    const { api, agent } = await start();

    await agent.createRepository('docs', { idempotencyKey: 'create-docs-2026-11-30' });

    expect(api.requestsOf('createRepository').map((request) => request.idempotencyKey)).toEqual(['create-docs-2026-11-30']);
  });

  test('refuses a pinned key the API would refuse, before sending anything', async () => {
    const { api, agent } = await start();

    await expect(agent.createRepository('docs', { idempotencyKey: '' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(agent.createRepository('docs', { idempotencyKey: 'clé' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(agent.createRepository('docs', { idempotencyKey: 'k'.repeat(256) })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(api.requests).toHaveLength(0);
  });
});

describe('replayed', () => {
  test('every keyed write says whether the API answered it from its idempotency record, and a draw whether its dispatch key had drawn', async () => {
    const { api, agent } = await start();
    const { id: authority } = api.addAuthority();
    const twice = async <T>(write: (key: string) => Promise<T>, key: string): Promise<[T, T]> => [await write(key), await write(key)];

    const request = { op: 'repository.serve' as const, repository: 'docs', input: {}, summary: 'Serve docs' };
    const [asked, askedAgain] = await twice((idempotencyKey) => agent.requestSignOff(request, { idempotencyKey }), 'ask-1');
    const [withdrawn, withdrawnAgain] = await twice((idempotencyKey) => agent.withdraw(asked.signOff.id, { idempotencyKey }), 'withdraw-1');
    const [created, createdAgain] = await twice((idempotencyKey) => agent.createRepository('docs', { idempotencyKey }), 'create-1');
    const drawn = await agent.draw({ authority, dispatchKey: 'job-1', tokens: 5 });
    const drawnAgain = await agent.draw({ authority, dispatchKey: 'job-1', tokens: 5 });
    const [published, publishedAgain] = await twice((idempotencyKey) => agent.publishManifest(MANIFEST, { idempotencyKey }), 'publish-1');

    expect([
      asked.replayed,
      withdrawn.replayed,
      created.replayed,
      drawn.kind === 'drawn' && drawn.replayed,
      published.kind === 'published' && published.replayed,
    ]).toEqual([false, false, false, false, false]);
    expect([
      askedAgain.replayed,
      withdrawnAgain.replayed,
      createdAgain.replayed,
      drawnAgain.kind === 'drawn' && drawnAgain.replayed,
      publishedAgain.kind === 'published' && publishedAgain.replayed,
    ]).toEqual([true, true, true, true, true]);
    // A replay is the first answer again: the same request, repository and receipt, written once.
    expect(askedAgain.signOff).toEqual(asked.signOff);
    expect(withdrawnAgain).toMatchObject({ id: asked.signOff.id, state: 'WITHDRAWN' });
    expect(createdAgain.id).toBe(created.id);
    expect(drawnAgain).toMatchObject({ kind: 'drawn', receipt: { ordinal: 1 } });
    expect(['requestSignOff', 'createRepository', 'publishManifest'].map((field) => api.writes.get(field))).toEqual([1, 1, 1]);
    // The draw's replay is the API's answer to its dispatch key: one receipt.
    expect(api.receipts.get(authority)).toHaveLength(1);
  });

  test('a report retried from a new process with its pinned key is replayed, and reported once', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending({ op: 'email.send', opVersion: 2, repository: null });
    api.setState(signOff.id, 'REDEEMED');

    const first = await agent.reportOutcome(signOff.id, { succeeded: true, result: { messageId: 'm-1' } }, { idempotencyKey: 'report-1' });
    const again = await agentFor(api).reportOutcome(signOff.id, { succeeded: true, result: { messageId: 'm-1' } }, { idempotencyKey: 'report-1' });

    expect(first).toMatchObject({ state: 'SUCCEEDED', replayed: false });
    expect(again).toMatchObject({ state: 'SUCCEEDED', replayed: true });
    expect(api.grants.outcomeInputs).toHaveLength(1);
  });
});

describe('retries', () => {
  test('retries a write whose answer was lost to a 503 with the same key, and gets the first answer without writing twice', async () => {
    const { api, agent } = await start();
    api.failNext('createRepository', { kind: 'status', status: 503, after: true });

    const repository = await agent.createRepository('docs');

    const [first, retry] = api.requestsOf('createRepository');
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(api.requestsOf('createRepository')).toHaveLength(2);
    expect(api.writes.get('createRepository')).toBe(1);
    expect(repository).toMatchObject({ name: 'docs', state: 'SERVING' });
  });

  test('retries with the same key after the connection drops without an answer', async () => {
    const { api, agent } = await start();
    api.failNext('createRepository', { kind: 'drop' });

    const repository = await agent.createRepository('docs');

    expect(repository).toMatchObject({ name: 'docs', replayed: false });
    const keys = api.requestsOf('createRepository').map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(api.writes.get('createRepository')).toBe(1);
  });

  test('retries a draw whose answer was lost with the same dispatch key and no Idempotency-Key: the receipt comes back replayed, drawn once', async () => {
    const { api, agent } = await start();
    const { id: authority } = api.addAuthority();
    api.failNext('drawAuthority', { kind: 'drop', after: true });

    const result = await agent.draw({ authority, dispatchKey: 'job-1', tokens: 10 });

    expect(result).toMatchObject({ kind: 'drawn', replayed: true, receipt: { dispatchKey: 'job-1', ordinal: 1 } });
    expect(api.requestsOf('drawAuthority').map((request) => request.idempotencyKey)).toEqual([undefined, undefined]);
    expect(api.receipts.get(authority)).toHaveLength(1);
  });

  test('waits out Retry-After while the same write is in flight, then retries with the same key', async () => {
    const { api, agent } = await start();
    api.failNext('publishManifest', { kind: 'in-flight', retryAfterSeconds: 1 });

    const result = await agent.publishManifest(MANIFEST);

    expect(result).toMatchObject({ kind: 'published', verdict: 'INSERTED', replayed: false });
    const [busy, retry] = api.requestsOf('publishManifest');
    expect(retry?.idempotencyKey).toBe(busy?.idempotencyKey);
    // A little slack under 1 s for timer granularity.
    expect(retry!.at - busy!.at).toBeGreaterThanOrEqual(950);
  });

  test('gives up after three attempts with the last failure, carrying the key to retry with later', async () => {
    const { api, agent } = await start();
    api.failNext('requestSignOff', { kind: 'status', status: 503 }, 3);

    const error = await agent
      .requestSignOff({ op: 'repository.serve', repository: 'docs', input: {}, summary: 'Serve docs' })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(CountersignError);
    const keys = api.requestsOf('requestSignOff').map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(error).toMatchObject({ code: 'TRANSPORT', status: 503, idempotencyKey: keys[0] });
    expect(api.writes.get('requestSignOff')).toBeUndefined();
  });

  test('a pinned key makes a retry from a new process answer the first outcome, marked replayed, without writing again', async () => {
    const { api, agent } = await start({ retry: { attempts: 1 } });
    const key = 'publish-deploy-bot-1.0.0';
    api.failNext('publishManifest', { kind: 'status', status: 502, after: true });

    await expect(agent.publishManifest(MANIFEST, { idempotencyKey: key })).rejects.toMatchObject({ code: 'TRANSPORT', status: 502, idempotencyKey: key });
    const restarted = agentFor(api);
    const result = await restarted.publishManifest(MANIFEST, { idempotencyKey: key });

    expect(result).toMatchObject({ kind: 'published', verdict: 'INSERTED', replayed: true });
    expect(api.writes.get('publishManifest')).toBe(1);
  });

  test('does not retry refusals, bad input or a key reused for another write', async () => {
    const { api, agent } = await start();
    api.refuseRequests = { __typename: 'TooManyPending', code: 'TOO_MANY_PENDING', message: '20 requests already wait.' };
    await agent.createRepository('docs', { idempotencyKey: 'k-1' });

    await expect(agent.requestSignOff({ op: 'repository.serve', repository: 'docs', input: {}, summary: 'Serve' })).rejects.toMatchObject({
      code: 'TOO_MANY_PENDING',
    });
    await expect(agent.draw({ authority: 'a', dispatchKey: 'empty' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(agent.createRepository('site', { idempotencyKey: 'k-1' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 422 });

    expect(api.requests.map((request) => request.field)).toEqual(['createRepository', 'requestSignOff', 'drawAuthority', 'createRepository']);
  });

  test('gives up at once when Retry-After asks for longer than maxDelayMs, saying how long', async () => {
    const { api, agent } = await start({ retry: { maxDelayMs: 1000 } });
    api.failNext('createRepository', { kind: 'in-flight', retryAfterSeconds: 5 });

    await expect(agent.createRepository('docs')).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', status: 409, retryAfterMs: 5000 });
    expect(api.requestsOf('createRepository')).toHaveLength(1);
  });
});
