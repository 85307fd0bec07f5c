import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect } from 'vitest';
import { apiTest, RACE_TEST_CONCURRENCY } from '../../../../test/fixtures.js';
import { ofType } from '../../../../test/matchers.js';
import { ask, askId, define, redeem, report } from '../../../../test/operations-kit.js';
import { text, type TestApi } from '../../../../test/testkit.js';
import { lapseGrants } from './grants-store.js';

const INPUT = { to: 'bob@example.com', subject: 'Quarterly report' };

/** An owner, its agent, `email.send` (AGENT) defined, asked for and approved. */
async function approvedGrant(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  await define(api, owner, { op: 'email.send' });
  const asked = await askId(api, agent.key, 'email.send', INPUT);
  expect(await api.decide(owner.cookie, asked.id, true)).toMatchObject({ signOff: { state: 'AWAITING_REDEEM' } });
  return { owner, agent, ...asked };
}

describe('an AGENT operation approved as a single-use grant', () => {
  apiTest('redeems once for a signed approval that verifies against the published JWKS, and fails for another input hash', async ({ api }) => {
    const { owner, agent, id, inputHash } = await approvedGrant(api);
    const redeemed = await redeem(api, agent.key, id, inputHash);
    expect(redeemed).toMatchObject({ __typename: 'SignOffRedeemed', signOff: { state: 'REDEEMED', redeemedAt: ofType(String) } });
    const jwks = createRemoteJWKSet(new URL(`${api.url}/.well-known/jwks.json`));
    const { payload, protectedHeader } = await jwtVerify(text(redeemed.approval), jwks, { issuer: 'http://127.0.0.1', algorithms: ['EdDSA'] });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload).toMatchObject({ sub: id, op: 'email.send', opVersion: 1, inputHash, agent: agent.id, tenant: ofType(String), jti: ofType(String) });
    expect(payload.exp! - payload.iat!).toBe(15 * 60);
    const ownerRow = await api.db.pool.query<{ id: string }>('SELECT owner_id AS id FROM sign_offs WHERE id = $1', [id]);
    expect(payload.approvedBy).toBe(ownerRow.rows[0]!.id);
    // A downstream service checks the hash of the input it is handed against the token's.
    expect(payload.inputHash).not.toBe('0'.repeat(64));

    expect(await redeem(api, agent.key, id, inputHash)).toMatchObject({ __typename: 'AlreadyRedeemed', code: 'ALREADY_REDEEMED' });
    expect(await report(api, agent.key, { id, succeeded: true, result: { messageId: 'm-1' } })).toMatchObject({
      signOff: { state: 'SUCCEEDED', result: { messageId: 'm-1' } },
    });
    expect(await report(api, agent.key, { id, succeeded: false, failure: 'again' })).toMatchObject({ code: 'SIGN_OFF_CLOSED' });
    const history = await api.graphql('query($id: ID!) { signOff(id: $id) { state result redeemedAt } }', { id }, { cookie: owner.cookie });
    expect(history.data?.signOff).toMatchObject({ state: 'SUCCEEDED', result: { messageId: 'm-1' }, redeemedAt: ofType(String) });
  });

  apiTest('gives exactly one approval to racing redeems', async ({ api }) => {
    for (let round = 0; round < 3; round++) {
      const { agent, id, inputHash } = await approvedGrant(api);
      const results = await Promise.all(Array.from({ length: 32 }, () => redeem(api, agent.key, id, inputHash)));
      expect(results.filter((r) => r.__typename === ('SignOffRedeemed' as unknown))).toHaveLength(1);
      expect(results.filter((r) => r.__typename === ('AlreadyRedeemed' as unknown))).toHaveLength(31);
    }
    expect(RACE_TEST_CONCURRENCY).toBeGreaterThanOrEqual(32);
  });

  apiTest('refuses a wrong hash (the grant stays), another agent, a webhook operation and a request not yet approved; changes nothing', async ({ api }) => {
    const { owner, agent, id, inputHash } = await approvedGrant(api);
    expect(await redeem(api, agent.key, id, 'f'.repeat(64))).toMatchObject({ __typename: 'InputMismatch', code: 'INPUT_MISMATCH' });
    const other = await api.agent(owner);
    expect(await redeem(api, other.key, id, inputHash)).toMatchObject({ code: 'NOT_FOUND' });
    expect(await redeem(api, agent.key, id, 'not-a-hash')).toMatchObject({ errors: [{ extensions: { code: 'BAD_INPUT' } }] });
    expect(await report(api, agent.key, { id, succeeded: true })).toMatchObject({ code: 'SIGN_OFF_CLOSED' });

    const pending = await askId(api, agent.key, 'email.send', { ...INPUT, subject: 'another' });
    expect(await redeem(api, agent.key, pending.id, pending.inputHash)).toMatchObject({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED' });
    await define(api, owner, { op: 'invoice.pay', runner: 'WEBHOOK', webhookUrl: 'http://127.0.0.1:9/hook' });
    const hook = await askId(api, agent.key, 'invoice.pay', INPUT);
    expect(await redeem(api, agent.key, hook.id, hook.inputHash)).toMatchObject({ code: 'SIGN_OFF_CLOSED', message: ofType(String) });
    expect(await redeem(api, agent.key, id, inputHash)).toMatchObject({ __typename: 'SignOffRedeemed' });
  });

  apiTest('keeps an approved, unredeemed input open: asking again returns it, and asking for another leaves it redeemable', async ({ api }) => {
    const { agent, id, inputHash } = await approvedGrant(api);
    const again = await ask(api, agent.key, 'email.send', INPUT);
    expect(again.data?.requestSignOff).toMatchObject({ existing: true, signOff: { id, state: 'AWAITING_REDEEM' } });
    // Asking closes the agent's overdue requests first; a grant inside its life is not one of them.
    const other = await ask(api, agent.key, 'email.send', { ...INPUT, subject: 'another' });
    expect(other.data?.requestSignOff).toMatchObject({ existing: false, signOff: { state: 'PENDING' } });
    expect(await redeem(api, agent.key, id, inputHash)).toMatchObject({ __typename: 'SignOffRedeemed' });
  });

  apiTest("refuses another agent's report, even of its owner's redeemed request, and changes nothing", async ({ api }) => {
    const { owner, agent, id, inputHash } = await approvedGrant(api);
    await redeem(api, agent.key, id, inputHash);
    const other = await api.agent(owner);
    expect(await report(api, other.key, { id, succeeded: true })).toMatchObject({ code: 'NOT_FOUND' });
    const read = await api.graphql('query($id: ID!) { signOff(id: $id) { state } }', { id }, { key: agent.key });
    expect(read.data?.signOff).toEqual({ state: 'REDEEMED' });
  });

  apiTest('lapses a grant not redeemed within 24 hours: read as LAPSED at once, refused as GRANT_LAPSED, swept', async ({ api }) => {
    const { agent, id, inputHash } = await approvedGrant(api);
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '25 hours', requested_at = now() - interval '26 hours' WHERE id = $1`, [id]);
    const read = await api.graphql('query($id: ID!) { signOff(id: $id) { state } }', { id }, { key: agent.key });
    expect(read.data?.signOff).toEqual({ state: 'LAPSED' });
    expect(await redeem(api, agent.key, id, inputHash)).toMatchObject({ __typename: 'GrantLapsed', code: 'GRANT_LAPSED', signOff: { state: 'LAPSED' } });
    // Lapsed is not open: asking again is a new request for the owner.
    const again = await ask(api, agent.key, 'email.send', INPUT);
    expect(again.data?.requestSignOff).toMatchObject({ existing: false, signOff: { state: 'PENDING' } });
    const stored = await api.db.pool.query<{ state: string }>('SELECT state FROM sign_offs WHERE id = $1', [id]);
    expect(stored.rows[0]!.state).toBe('lapsed');
  });

  apiTest('sweeps only unredeemed grants past their life', async ({ api }) => {
    const overdue = await approvedGrant(api);
    const fresh = await approvedGrant(api);
    const redeemed = await approvedGrant(api);
    await redeem(api, redeemed.agent.key, redeemed.id, redeemed.inputHash);
    await api.db.pool.query(
      `UPDATE sign_offs SET decided_at = now() - interval '25 hours', requested_at = now() - interval '26 hours' WHERE id = ANY($1::uuid[])`,
      [[overdue.id, redeemed.id]],
    );
    expect(await lapseGrants(api.db.pool)).toBe(1);
    const states = await api.db.pool.query<{ id: string; state: string }>('SELECT id, state FROM sign_offs WHERE id = ANY($1::uuid[])', [
      [overdue.id, fresh.id, redeemed.id],
    ]);
    expect(Object.fromEntries(states.rows.map((row) => [row.id, row.state]))).toEqual({
      [overdue.id]: 'lapsed',
      [fresh.id]: 'awaiting_redeem',
      [redeemed.id]: 'redeemed',
    });
  });

  apiTest('closes an unredeemed grant when its agent is revoked', async ({ api }) => {
    const { owner, agent, id, inputHash } = await approvedGrant(api);
    const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect(revoked.errors).toBeUndefined();
    const read = await api.graphql('query($id: ID!) { signOff(id: $id) { state failure } }', { id }, { cookie: owner.cookie });
    expect(read.data?.signOff).toEqual({ state: 'WITHDRAWN', failure: 'agent revoked' });
    expect((await redeem(api, agent.key, id, inputHash)).errors).toBeDefined();
  });

  apiTest('refuses outcomes that are not JSON objects or too long', async ({ api }) => {
    const { agent, id, inputHash } = await approvedGrant(api);
    await redeem(api, agent.key, id, inputHash);
    expect(await report(api, agent.key, { id, succeeded: true, result: [1, 2] })).toMatchObject({ errors: [{ extensions: { code: 'BAD_INPUT' } }] });
    expect(await report(api, agent.key, { id, succeeded: true, failure: 'but' })).toMatchObject({ errors: [{ extensions: { code: 'BAD_INPUT' } }] });
    expect(await report(api, agent.key, { id, succeeded: false, failure: 'x'.repeat(2001) })).toMatchObject({
      errors: [{ extensions: { code: 'BAD_INPUT' } }],
    });
    expect(await report(api, agent.key, { id, succeeded: false })).toMatchObject({
      signOff: { state: 'FAILED', failure: 'The agent reported that the action failed.' },
    });
  });
});
