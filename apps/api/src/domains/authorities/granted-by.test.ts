import { describe, expect, vi } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { list, text, type TestApi } from '../../../test/testkit.js';

const READ = `query($id: ID!) { authority(id: $id) { id grantedBy { id op state } lastDrawnAt } }`;
const LIST = `{ authorities { nodes { id grantedBy { id } lastDrawnAt } } }`;
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
    expect((await api.graphql(LIST, {}, { cookie: owner.cookie })).data?.authorities?.nodes).toEqual([
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

/** Grants `count` authorities to a fresh owner's agent, each by approving its own authority.grant request. */
async function grantMany(api: TestApi, count: number) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  for (let i = 0; i < count; i++) {
    const id = await api.requestId(agent.key, { op: 'authority.grant', input: { name: `grant ${i}`, tokens: i + 1 } });
    expect((await api.decide(owner.cookie, id, true)).signOff?.state).toBe('SUCCEEDED');
  }
  return owner;
}

describe('the requests behind a list of authorities', () => {
  apiTest('are read in one statement, however many authorities were granted', async ({ api }) => {
    const statementText = (call: unknown[]) => {
      const first = call[0];
      return typeof first === 'string' ? first : String((first as { text?: unknown } | undefined)?.text);
    };
    const signOffReads = async (cookie: string, expected: number) => {
      const spy = vi.spyOn(api.db.pool, 'query');
      try {
        const response = await api.graphql('{ authorities { nodes { id grantedBy { id op } } } }', {}, { cookie });
        const nodes = list(response.data?.authorities?.nodes);
        expect(nodes).toHaveLength(expected);
        for (const node of nodes) expect(node.grantedBy).toEqual({ id: text(node.id).replace(/^grant-/, ''), op: 'authority.grant' });
        return spy.mock.calls.map(statementText).filter((statement) => /^\/\* findSignOff/.test(statement)).length;
      } finally {
        spy.mockRestore();
      }
    };
    expect(await signOffReads((await grantMany(api, 2)).cookie, 2)).toBe(1);
    expect(await signOffReads((await grantMany(api, 6)).cookie, 6)).toBe(1);
  });
});
