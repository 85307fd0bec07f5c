import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { decide, MINT, threeOwners } from '../../../test/two-person-kit.js';

const WHO = `query($id: ID!) { signOff(id: $id) { state deniedBy { email } approvals { owner { email } } } }`;

describe('who denied a request', () => {
  apiTest('names the owner who denied a two-person request, the first approver or another, and an approved one names none', async ({ api }) => {
    const { owner, second, third, agent, repo } = await threeOwners(api);
    const read = async (id: string, who: { cookie?: string; key?: string } = { cookie: third.cookie }) => (await api.graphql(WHO, { id }, who)).data?.signOff;

    const byFirstApprover = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await decide(api, owner, byFirstApprover, true);
    await decide(api, owner, byFirstApprover, false, 'on second thoughts');
    expect(await read(byFirstApprover)).toEqual({ state: 'DENIED', deniedBy: { email: owner.email }, approvals: [{ owner: { email: owner.email } }] });

    const byAnother = await api.requestId(agent.key, { ...MINT, input: { scopes: ['read'], ttlHours: 2 }, repository: repo.name });
    await decide(api, owner, byAnother, true);
    await decide(api, second, byAnother, false);
    expect(await read(byAnother)).toEqual({ state: 'DENIED', deniedBy: { email: second.email }, approvals: [{ owner: { email: owner.email } }] });
    // An agent reads its request's state, never who moved it (S20).
    expect(await read(byAnother, { key: agent.key })).toMatchObject({ state: 'DENIED', deniedBy: null });

    const approved = await api.requestId(agent.key, { ...MINT, input: { scopes: ['read'], ttlHours: 3 }, repository: repo.name });
    await decide(api, owner, approved, true);
    await decide(api, second, approved, true);
    expect(await read(approved)).toMatchObject({ state: 'SUCCEEDED', deniedBy: null });
    // The row holds who denied only for a denial, whatever the code does.
    await expect(api.db.pool.query(`UPDATE sign_offs SET denied_by = owner_id WHERE id = $1`, [approved])).rejects.toMatchObject({ code: '23514' });
  });

  apiTest('names the owner who denied a request needing one approval', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await decide(api, owner, id, false, 'not now');
    expect((await api.graphql(WHO, { id }, { cookie: owner.cookie })).data?.signOff).toEqual({
      state: 'DENIED',
      deniedBy: { email: owner.email },
      approvals: [],
    });
  });
});
