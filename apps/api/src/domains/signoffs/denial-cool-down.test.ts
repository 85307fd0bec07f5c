import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import type { TestApi } from '../../../test/testkit.js';

const MINT = { op: 'repository.mintToken', input: { scopes: ['read'], ttlHours: 1 } };

async function deniedOnce(api: TestApi, note = 'not today') {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  const ask = { ...MINT, repository: repo.name };
  const id = await api.requestId(agent.key, ask);
  expect(await api.decide(owner.cookie, id, false, note)).toMatchObject({ signOff: { state: 'DENIED', note } });
  return { owner, agent, repo, ask, id };
}

const REFUSAL = `mutation($input: RequestSignOffInput!) {
  requestSignOff(input: $input) {
    __typename
    ... on SignOffRequested { existing signOff { id state } }
    ... on RecentlyDenied { code message deniedSignOffId note deniedAt retryAfter coolDownMinutes }
    ... on DomainError { code message }
  }
}`;

async function ask(api: TestApi, key: string, input: { op: string; repository?: string; input: unknown }) {
  const response = await api.graphql(REFUSAL, { input: { summary: 'please', ...input } }, { key });
  return response.data?.requestSignOff as Record<string, unknown>;
}

describe('the denial cool-down', () => {
  apiTest('refuses the same request for 10 minutes after a denial with RECENTLY_DENIED, carrying the note, storing nothing', async ({ api }) => {
    const { agent, ask: same, id } = await deniedOnce(api, 'use the staging repo');
    const before = await api.db.prisma.signOff.count();
    const refused = await ask(api, agent.key, same);
    expect(refused).toMatchObject({
      __typename: 'RecentlyDenied',
      code: 'RECENTLY_DENIED',
      deniedSignOffId: id,
      note: 'use the staging repo',
      coolDownMinutes: 10,
    });
    expect(refused.message).toContain('use the staging repo');
    const deniedAt = new Date(String(refused.deniedAt)).getTime();
    expect(new Date(String(refused.retryAfter)).getTime() - deniedAt).toBe(10 * 60 * 1000);
    expect(refused.message).toContain(String(refused.retryAfter));
    expect(await api.db.prisma.signOff.count()).toBe(before);
  });

  apiTest('holds off only the same agent, operation, repository and input', async ({ api }) => {
    const { owner, agent, repo, ask: same } = await deniedOnce(api);
    const other = await api.repository(owner);
    const sibling = await api.agent(owner);
    const requested = { __typename: 'SignOffRequested', existing: false, signOff: { state: 'PENDING' } };
    expect(await ask(api, agent.key, { ...MINT, repository: repo.name, input: { scopes: ['read'], ttlHours: 2 } })).toMatchObject(requested);
    expect(await ask(api, agent.key, { ...same, repository: other.name })).toMatchObject(requested);
    expect(await ask(api, agent.key, { op: 'repository.unserve', repository: repo.name, input: {} })).toMatchObject(requested);
    expect(await ask(api, sibling.key, same)).toMatchObject(requested);
    expect(await ask(api, agent.key, same)).toMatchObject({ code: 'RECENTLY_DENIED' });
  });

  apiTest('lets the same request be asked again once 10 minutes have passed since the denial', async ({ api }) => {
    const { agent, ask: same, id } = await deniedOnce(api);
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '9 minutes 59 seconds' WHERE id = $1`, [id]);
    expect(await ask(api, agent.key, same)).toMatchObject({ code: 'RECENTLY_DENIED' });
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '10 minutes 1 second' WHERE id = $1`, [id]);
    expect(await ask(api, agent.key, same)).toMatchObject({ __typename: 'SignOffRequested', existing: false, signOff: { state: 'PENDING' } });
  });

  apiTest('is not started by a withdrawal or an expiry, which say nothing about the request', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const same = { ...MINT, repository: repo.name };
    const first = await api.requestId(agent.key, same);
    await api.graphql('mutation($id: ID!) { withdrawSignOff(id: $id) { __typename } }', { id: first }, { key: agent.key });
    const second = await api.requestId(agent.key, same);
    expect(second).not.toBe(first);
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '8 days' WHERE id = $1`, [second]);
    expect(await ask(api, agent.key, same)).toMatchObject({ __typename: 'SignOffRequested', existing: false });
  });

  apiTest('refuses every one of 20 racing identical asks after a denial, and stores none of them', async ({ api }) => {
    for (let round = 0; round < 3; round++) {
      const { agent, ask: same } = await deniedOnce(api);
      const before = await api.db.prisma.signOff.count();
      const answers = await Promise.all(Array.from({ length: 20 }, () => ask(api, agent.key, same)));
      expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 20 }, () => 'RECENTLY_DENIED'));
      expect(await api.db.prisma.signOff.count()).toBe(before);
    }
  });
});
