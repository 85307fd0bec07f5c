import { describe, expect } from 'vitest';
import { apiTest } from '../../test/fixtures.js';
import { text } from '../../test/testkit.js';

const READ = `query($id: ID!) { authority(id: $id) { id grantedBy { id op state } lastDrawnAt } }`;
const LIST = `{ authorities { id grantedBy { id } lastDrawnAt } }`;
const ISSUE = `mutation($input: IssueAuthorityInput!) { issueAuthority(input: $input) { __typename ... on AuthorityIssued { authority { id grantedBy { id } } } } }`;

describe('an authority granted by a sign-off', () => {
  apiTest('leads back to the authority.grant request whose approval issued it, for the owner and for the agent', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const signOffId = await api.requestId(agent.key, { op: 'authority.grant', input: { name: 'compute', tokens: 500, draws: 3 } });
    const decided = await api.decide(owner.cookie, signOffId, true);
    const authorityId = text(decided.signOff?.result?.authorityId);
    const expected = { id: authorityId, grantedBy: { id: signOffId, op: 'authority.grant', state: 'SUCCEEDED' }, lastDrawnAt: null };
    expect((await api.graphql(READ, { id: authorityId }, { cookie: owner.cookie })).data?.authority).toEqual(expected);
    expect((await api.graphql(READ, { id: authorityId }, { key: agent.key })).data?.authority).toEqual(expected);
    const stored = await api.db.pool.query<{ sign_off_id: string | null }>('SELECT sign_off_id FROM authorities WHERE id = $1', [authorityId]);
    expect(stored.rows).toEqual([{ sign_off_id: signOffId }]);
  });

  apiTest('names no sign-off for an authority the owner issued, even under a grant-shaped id', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const otherRequest = await api.requestId(agent.key, { op: 'authority.grant', input: { name: 'pending', tokens: 1 } });
    const issued = await api.graphql(ISSUE, { input: { id: `grant-${otherRequest}`, agent: agent.id, name: 'direct', tokens: 10 } }, { cookie: owner.cookie });
    expect(issued.data?.issueAuthority).toEqual({ __typename: 'AuthorityIssued', authority: { id: `grant-${otherRequest}`, grantedBy: null } });
    expect((await api.graphql(LIST, {}, { cookie: owner.cookie })).data?.authorities).toEqual([
      { id: `grant-${otherRequest}`, grantedBy: null, lastDrawnAt: null },
    ]);
  });

  apiTest('tells when the latest draw landed', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const issued = await api.graphql(ISSUE, { input: { id: 'budget', agent: agent.id, name: 'budget', tokens: 10 } }, { cookie: owner.cookie });
    expect(issued.data?.issueAuthority?.__typename).toBe('AuthorityIssued');
    expect((await api.draw(agent.key, { authority: 'budget', dispatchKey: 'a', tokens: 1 })).__typename).toBe('Drawn');
    expect((await api.draw(agent.key, { authority: 'budget', dispatchKey: 'b', tokens: 1 })).__typename).toBe('Drawn');
    const receipts = await api.db.pool.query<{ drawn_at: Date }>(`SELECT drawn_at FROM authority_receipts WHERE authority_id = 'budget' ORDER BY ordinal DESC`);
    const read = await api.graphql(READ, { id: 'budget' }, { cookie: owner.cookie });
    expect(read.data?.authority?.lastDrawnAt).toBe(receipts.rows[0]!.drawn_at.toISOString());
  });
});
