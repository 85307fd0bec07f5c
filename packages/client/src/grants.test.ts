import { createHash } from 'node:crypto';
import { afterEach, describe, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import { FakeApi } from '../test/fake-api.js';
import { CountersignAgent } from './agent.js';
import { CountersignError } from './errors.js';
import type { SignOff } from './types.js';

let api: FakeApi | undefined;
let agent: CountersignAgent | undefined;

afterEach(async () => {
  await agent?.close();
  await api?.stop();
  agent = undefined;
  api = undefined;
});

async function start({ webSockets = true }: { webSockets?: boolean } = {}) {
  api = await FakeApi.start({ webSockets });
  agent = new CountersignAgent({ url: api.url, key: FakeApi.KEY, webSocketImpl: webSockets ? WebSocket : null });
  return { api, agent };
}

/** The approved input as the API stores it: canonical text, and its hash computed here independently of the client. */
const CANONICAL = '{"body":{"lines":["Hello","Bye"],"signature":"Support"},"subject":"Your refund","to":"ada@example.com"}';
const INPUT_HASH = createHash('sha256').update(CANONICAL).digest('hex');

/**
 * An approved `email.send` request waiting to be redeemed. The API answers
 * its input as JSON; here its keys arrive in another order than the
 * canonical text's, so only a client that canonicalises gets the hash right.
 */
function awaitingRedeem(fake: FakeApi, overrides: Partial<SignOff> = {}): SignOff {
  const input = { to: 'ada@example.com', subject: 'Your refund', body: { signature: 'Support', lines: ['Hello', 'Bye'] } };
  const signOff = fake.addPending({ op: 'email.send', opVersion: 2, repository: null, input, inputCanonical: CANONICAL, inputHash: INPUT_HASH });
  fake.setState(signOff.id, 'AWAITING_REDEEM', { redeemBy: new Date(Date.now() + 86_400_000).toISOString(), ...overrides });
  return fake.signOffs.get(signOff.id)!;
}

describe('the catalogue', () => {
  test('operations lists the live operations at their latest version, with runner, risk and open count', async () => {
    const { agent } = await start();

    const operations = await agent.operations();

    expect(operations.map(({ op, version }) => `${op}@${version}`)).toEqual(['repository.serve@1', 'email.send@2']);
    expect(operations[1]).toEqual({
      op: 'email.send',
      version: 2,
      summary: 'Send an email to a customer',
      description: 'Sends one email from the support address.',
      irreversible: false,
      risk: 'MEDIUM',
      runner: 'AGENT',
      retired: false,
      inputSchema: expect.objectContaining({ required: ['to', 'subject'] }) as unknown,
      secretFields: [],
      needsRepository: false,
      definedAt: '2026-12-01T09:00:00.000Z',
      openCount: 1,
    });
  });

  test('operations with includeRetired also lists retired ones', async () => {
    const { agent } = await start();

    const operations = await agent.operations({ includeRetired: true });

    expect(operations.find((operation) => operation.op === 'invoice.pay')).toMatchObject({ retired: true, runner: 'WEBHOOK', risk: 'HIGH' });
  });

  test('operation answers a given version, the latest when none is given, and null for an unknown one', async () => {
    const { agent } = await start();

    await expect(agent.operation('email.send', 1)).resolves.toMatchObject({ version: 1, summary: 'Send an email' });
    await expect(agent.operation('email.send')).resolves.toMatchObject({ version: 2 });
    await expect(agent.operation('email.send', 9)).resolves.toBeNull();
    await expect(agent.operation('nothing.here')).resolves.toBeNull();
  });
});

describe('asking for a defined operation', () => {
  test('requestSignOff sends no repository when left out, and answers the version the request pinned', async () => {
    const { api, agent } = await start();

    const { signOff } = await agent.requestSignOff({ op: 'email.send', input: { to: 'ada@example.com', subject: 'Hi' }, summary: 'Greet Ada' });

    expect(signOff).toMatchObject({ op: 'email.send', opVersion: 2, repository: null, state: 'PENDING', redeemBy: null, redeemedAt: null });
    expect([...(api.requestsOf('requestSignOff')[0]?.selects ?? [])]).toEqual(
      expect.arrayContaining(['signOff.opVersion', 'signOff.risk', 'signOff.redeemBy']),
    );
  });

  test('requestSignOff throws OPERATION_RETIRED for a retired operation', async () => {
    const { api, agent } = await start();
    api.refuseRequests = { __typename: 'OperationRetired', code: 'OPERATION_RETIRED', message: 'invoice.pay was retired.' };

    const error = await agent.requestSignOff({ op: 'invoice.pay', input: {}, summary: 'Pay' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(CountersignError);
    expect(error).toMatchObject({ code: 'OPERATION_RETIRED', message: 'invoice.pay was retired.' });
  });
});

describe('redeem', () => {
  test('sends the SHA-256 of the canonical input, whatever order its keys arrived in, and answers the grant', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);

    const { signOff, approval } = await agent.redeem(id);

    expect(api.grants.redeemInputs).toEqual([{ id, inputHash: INPUT_HASH }]);
    expect(approval).toBe(`approval-for-${id}`);
    expect(signOff).toMatchObject({ id, state: 'REDEEMED', redeemedAt: expect.any(String) as unknown });
    // Sent once and without a key: a grant is handed over once, never replayed.
    expect(api.requestsOf('redeemSignOff').map((request) => request.idempotencyKey)).toEqual([undefined]);
  });

  test('hashes the agent’s own copy of the input when given: the same input in another key order redeems', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);
    const mine = { body: { lines: ['Hello', 'Bye'], signature: 'Support' }, to: 'ada@example.com', subject: 'Your refund' };

    await expect(agent.redeem(id, { input: mine })).resolves.toMatchObject({ signOff: { state: 'REDEEMED' } });
    expect(api.grants.redeemInputs[0]?.inputHash).toBe(INPUT_HASH);
  });

  test('an input other than the approved one is INPUT_MISMATCH, and the grant stays redeemable', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);

    const error = await agent.redeem(id, { input: { to: 'eve@example.com', subject: 'Your refund' } }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(CountersignError);
    expect(error).toMatchObject({ code: 'INPUT_MISMATCH' });
    expect(api.signOffs.get(id)?.state).toBe('AWAITING_REDEEM');
    await expect(agent.redeem(id)).resolves.toMatchObject({ signOff: { state: 'REDEEMED' } });
  });

  test('a second redeem is ALREADY_REDEEMED, carrying the request as it stands', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);
    await agent.redeem(id);

    await expect(agent.redeem(id)).rejects.toMatchObject({ code: 'ALREADY_REDEEMED', signOff: { id, state: 'REDEEMED' } });
  });

  test('a grant past its redeemBy is GRANT_LAPSED, carrying the request now LAPSED', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api, { redeemBy: new Date(Date.now() - 1000).toISOString() });

    await expect(agent.redeem(id)).rejects.toMatchObject({ code: 'GRANT_LAPSED', signOff: { id, state: 'LAPSED' } });
  });

  test('a request not approved, or not of an AGENT operation, is SIGN_OFF_CLOSED; another agent’s is NOT_FOUND', async () => {
    const { api, agent } = await start();
    const pending = api.addPending({ op: 'email.send', repository: null });
    const delivering = api.addPending({ op: 'invoice.pay', repository: null });
    api.setState(delivering.id, 'DELIVERING');

    await expect(agent.redeem(pending.id)).rejects.toMatchObject({ code: 'SIGN_OFF_CLOSED', signOff: { state: 'PENDING' } });
    await expect(agent.redeem(delivering.id)).rejects.toMatchObject({ code: 'SIGN_OFF_CLOSED', signOff: { state: 'DELIVERING' } });
    await expect(agent.redeem('404')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The unknown id is found out by the read: no redeem is sent for it.
    expect(api.grants.redeemInputs.map((input) => input.id)).toEqual([pending.id, delivering.id]);
  });

  test('an input of the agent’s with no JSON form is BAD_INPUT, and nothing is sent', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);

    await expect(agent.redeem(id, { input: { amount: Number.NaN } })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    expect(api.grants.redeemInputs).toEqual([]);
  });
});

describe('reportOutcome', () => {
  test('reports success with its result, once; a second report is SIGN_OFF_CLOSED with the request', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);
    await agent.redeem(id);

    const reported = await agent.reportOutcome(id, { succeeded: true, result: { messageId: 'm-1' } });

    expect(reported).toMatchObject({ id, state: 'SUCCEEDED', result: { messageId: 'm-1' }, failure: null });
    expect(api.grants.outcomeInputs).toEqual([{ id, succeeded: true, result: { messageId: 'm-1' }, failure: null }]);
    await expect(agent.reportOutcome(id, { succeeded: false, failure: 'again' })).rejects.toMatchObject({
      code: 'SIGN_OFF_CLOSED',
      signOff: { state: 'SUCCEEDED' },
    });
  });

  test('reports a failure with its reason', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);
    await agent.redeem(id);

    await expect(agent.reportOutcome(id, { succeeded: false, failure: 'SMTP refused the recipient' })).resolves.toMatchObject({
      state: 'FAILED',
      failure: 'SMTP refused the recipient',
      result: null,
    });
  });

  test('a report before the redeem is SIGN_OFF_CLOSED; another agent’s request is NOT_FOUND', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);

    await expect(agent.reportOutcome(id, { succeeded: true })).rejects.toMatchObject({ code: 'SIGN_OFF_CLOSED', signOff: { state: 'AWAITING_REDEEM' } });
    await expect(agent.reportOutcome('404', { succeeded: true })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test('a report whose answer was lost is retried with the same key and reported once', async () => {
    const { api, agent } = await start();
    const { id } = awaitingRedeem(api);
    await agent.redeem(id);
    api.failNext('reportSignOffOutcome', { kind: 'drop', after: true });

    await expect(agent.reportOutcome(id, { succeeded: true, result: { messageId: 'm-1' } })).resolves.toMatchObject({ state: 'SUCCEEDED' });

    const keys = api.requestsOf('reportSignOffOutcome').map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(api.grants.outcomeInputs).toHaveLength(1);
  });
});

describe('waitForDecision with the new states', () => {
  test('resolves on AWAITING_REDEEM: the approval is the agent’s to redeem', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending({ op: 'email.send', repository: null });

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    api.setState(signOff.id, 'AWAITING_REDEEM', { redeemBy: new Date(Date.now() + 86_400_000).toISOString() });

    await expect(decision).resolves.toMatchObject({ state: 'AWAITING_REDEEM', redeemBy: expect.any(String) as unknown });
  });

  test('resolves on DELIVERING: the owner’s endpoint runs it from there', async () => {
    const { api, agent } = await start();
    const signOff = api.addPending({ op: 'invoice.pay', repository: null });

    const decision = agent.waitForDecision(signOff.id);
    await api.subscribed();
    api.setState(signOff.id, 'DELIVERING');

    await expect(decision).resolves.toMatchObject({ state: 'DELIVERING' });
  });

  test('resolves on LAPSED, a final state, also when it has to poll', async () => {
    const { api, agent } = await start({ webSockets: false });
    const signOff = api.addPending({ op: 'email.send', repository: null });

    const decision = agent.waitForDecision(signOff.id);
    await vi.waitFor(() => expect(api.reads).toBeGreaterThanOrEqual(1));
    api.setState(signOff.id, 'LAPSED', {}, { publish: false });

    await expect(decision).resolves.toMatchObject({ state: 'LAPSED' });
  });
});
