import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { text, type SignedInOwner, type TestApi } from '../../../test/testkit.js';

const REAUTHENTICATE =
  'mutation($input: ReauthenticateInput!) { reauthenticate(input: $input) { __typename ... on Reauthenticated { until } ... on DomainError { code } } }';
const DECIDE = `mutation($input: DecideSignOffInput!) {
  decideSignOff(input: $input) { __typename ... on SignOffDecided { signOff { state } } ... on DomainError { code message } }
}`;

/** A fresh owner's agent asks to delete a repository (HIGH) and to serve another (LOW). */
async function scene(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const doomed = await api.repository(owner);
  const high = await api.requestId(agent.key, { op: 'repository.delete', repository: doomed.name, input: {} });
  return { owner, agent, high };
}

/** Ten minutes and more pass since the owner last proved their password (the test moves the proof back rather than wait). */
async function goStale(api: TestApi, owner: SignedInOwner) {
  await api.db.pool.query(`UPDATE sessions s SET authenticated_at = now() - interval '11 minutes' FROM owners o WHERE o.id = s.owner_id AND o.email = $1`, [
    owner.email,
  ]);
}

async function stateOf(api: TestApi, id: string) {
  const { rows } = await api.db.pool.query<{ state: string }>('SELECT state FROM sign_offs WHERE id = $1', [id]);
  return rows[0]!.state;
}

async function decideToken(api: TestApi, owner: SignedInOwner): Promise<string> {
  const response = await api.graphql(
    'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
    { input: { name: 'decider', scope: 'DECIDE' } },
    { cookie: owner.cookie },
  );
  return text(response.data?.createOwnerToken?.token);
}

describe('approving a HIGH-risk request', () => {
  apiTest('works within 10 minutes of signing in', async ({ api }) => {
    const { owner, high } = await scene(api);
    const decided = await api.graphql(DECIDE, { input: { id: high, approve: true } }, { cookie: owner.cookie });
    expect(decided.data?.decideSignOff?.__typename).toBe('SignOffDecided');
    expect(await stateOf(api, high)).toBe('succeeded');
  });

  apiTest(
    'later, is refused REAUTHENTICATION_REQUIRED and changes nothing, until the owner re-enters their password; denying never needs it',
    async ({ api }) => {
      const { owner, agent, high } = await scene(api);
      await goStale(api, owner);
      const refused = await api.graphql(DECIDE, { input: { id: high, approve: true } }, { cookie: owner.cookie });
      expect(refused.data?.decideSignOff).toMatchObject({ __typename: 'ReauthenticationRequired', code: 'REAUTHENTICATION_REQUIRED' });
      expect(await stateOf(api, high)).toBe('pending');

      const wrong = await api.graphql(REAUTHENTICATE, { input: { password: 'not the password' } }, { cookie: owner.cookie });
      expect(wrong.data?.reauthenticate).toEqual({ __typename: 'InvalidCredentials', code: 'INVALID_CREDENTIALS' });
      const right = await api.graphql(REAUTHENTICATE, { input: { password: owner.password } }, { cookie: owner.cookie });
      expect(right.data?.reauthenticate?.__typename).toBe('Reauthenticated');
      const until = Date.parse(text(right.data?.reauthenticate?.until));
      expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
      expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5_000);
      const approved = await api.graphql(DECIDE, { input: { id: high, approve: true } }, { cookie: owner.cookie });
      expect(approved.data?.decideSignOff?.__typename).toBe('SignOffDecided');

      // A LOW request needs no fresh password, nor does a denial of a HIGH one.
      const repo = await api.repository(owner);
      const low = await api.requestId(agent.key, { op: 'repository.unserve', repository: repo.name, input: {} });
      const other = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
      await goStale(api, owner);
      expect((await api.graphql(DECIDE, { input: { id: low, approve: true } }, { cookie: owner.cookie })).data?.decideSignOff?.__typename).toBe(
        'SignOffDecided',
      );
      expect((await api.graphql(DECIDE, { input: { id: other, approve: false } }, { cookie: owner.cookie })).data?.decideSignOff?.__typename).toBe(
        'SignOffDecided',
      );
    },
  );

  apiTest('is refused to an owner token, which cannot re-authenticate', async ({ api }) => {
    const { owner, high } = await scene(api);
    const token = await decideToken(api, owner);
    const refused = await api.graphql(DECIDE, { input: { id: high, approve: true } }, { key: token });
    expect(refused.data?.decideSignOff?.__typename).toBe('ReauthenticationRequired');
    const reauth = await api.graphql(REAUTHENTICATE, { input: { password: owner.password } }, { key: token });
    expect(reauth.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await stateOf(api, high)).toBe('pending');
    // Denying with the token is fine.
    expect((await api.graphql(DECIDE, { input: { id: high, approve: false } }, { key: token })).data?.decideSignOff?.__typename).toBe('SignOffDecided');
  });
});
