import pg from 'pg';
import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { objectContaining } from '../../../test/matchers.js';
import { collect, text, unique, waitFor, type SignedInOwner, type TestApi, type Wire } from '../../../test/testkit.js';
import { oneApproval } from '../../../test/two-person-kit.js';
import { EVENTS_CHANNEL } from '../../platform/events/topics.js';
import { sweepOnce } from '../../jobs/sweeper/sweeper.js';
import { settleApproved } from './runs/settle.js';
import { serviceDeps } from '../../platform/lib/deps.js';

const REVOKE = 'mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename ... on DomainError { code } } }';
const ROTATE = 'mutation($id: ID!) { rotateAgentKey(input: { id: $id }) { __typename ... on AgentKeyRotated { key } } }';
const READ = 'query($id: ID!) { signOff(id: $id) { state reason failure note decidedAt finishedAt } }';

/** An agent asks for an authority (an operation on no repository); returns the request's id. */
async function askGrant(api: TestApi, key: string, name = unique('grant'), reason?: string): Promise<string> {
  const response = await api.request(key, { op: 'authority.grant', repository: undefined, input: { name, tokens: 10 }, reason });
  const id: unknown = response.data?.requestSignOff?.signOff?.id;
  if (typeof id !== 'string' || !id) throw new Error(`authority.grant request failed: ${JSON.stringify(response)}`);
  return id;
}

async function revoke(api: TestApi, owner: SignedInOwner, agentId: string) {
  return (await api.graphql(REVOKE, { id: agentId }, { cookie: owner.cookie })).data?.revokeAgent;
}

async function read(api: TestApi, owner: SignedInOwner, id: string): Promise<Wire> {
  const response = await api.graphql(READ, { id }, { cookie: owner.cookie });
  const signOff = response.data?.signOff;
  if (!signOff) throw new Error(`signOff ${id} not read: ${JSON.stringify(response)}`);
  return signOff;
}

async function repositoryOwner(api: TestApi, id: string): Promise<string> {
  return (await api.db.prisma.repository.findFirstOrThrow({ where: { id } })).ownerId;
}

describe('revoking an agent with open requests', () => {
  apiTest('withdraws its pending requests as "agent revoked", keeps its reason, and no approval runs them', async ({ api }) => {
    const owner = await api.owner();
    const colleague = await api.owner(owner.tenantName);
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const grant = await askGrant(api, agent.key, 'compute', 'the nightly build needs compute');
    const transfer = await api.requestId(agent.key, { op: 'repository.transfer', repository: repo.name, input: { to: colleague.email } });

    expect(await revoke(api, owner, agent.id)).toEqual({ __typename: 'AgentRevoked' });

    expect(await read(api, owner, grant)).toMatchObject({
      state: 'WITHDRAWN',
      reason: 'the nightly build needs compute',
      failure: 'agent revoked',
      note: null,
      finishedAt: null,
    });
    expect((await read(api, owner, grant)).decidedAt).not.toBeNull();
    expect(await read(api, owner, transfer)).toMatchObject({ state: 'WITHDRAWN', reason: null, failure: 'agent revoked' });
    for (const id of [grant, transfer]) {
      expect(await api.decide(owner.cookie, id, true)).toEqual({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', signOff: { state: 'WITHDRAWN' } });
    }
    expect(await api.db.prisma.authority.count({ where: { agentId: agent.id } })).toBe(0);
    expect((await api.graphql('{ repositories { nodes { id } } }', {}, { cookie: owner.cookie })).data?.repositories?.nodes).toEqual([{ id: repo.id }]);
    expect((await api.graphql('{ pendingSignOffCount }', {}, { cookie: owner.cookie })).data?.pendingSignOffCount).toBe(0);
  });

  apiTest("shows each withdrawal to the owner's Inbox subscription", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const first = await askGrant(api, agent.key);
    const second = await api.requestId(agent.key, { op: 'repository.unserve', repository: repo.name, input: {} });
    const client = api.subscriber({ cookie: owner.cookie });
    try {
      const before = api.bus.subscriberCount;
      const events = collect<{ signOffEvents: { signOff: { id: string; state: string; failure: string | null } } }>(
        client,
        'subscription { signOffEvents { signOff { id state failure } } }',
      );
      await waitFor(() => api.bus.subscriberCount === before + 1);
      await revoke(api, owner, agent.id);
      const seen = (await events.until(2)).map((event) => event.signOffEvents.signOff);
      expect(seen).toHaveLength(2);
      expect(seen).toEqual(
        expect.arrayContaining([
          { id: first, state: 'WITHDRAWN', failure: 'agent revoked' },
          { id: second, state: 'WITHDRAWN', failure: 'agent revoked' },
        ]),
      );
    } finally {
      await client.dispose();
    }
  });

  apiTest('withdraws an approved request whose deed has not run, and the sweep never runs it', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
    // What an instance dying between the decision and the deed leaves behind.
    await api.db.pool.query(`UPDATE sign_offs SET state = 'approved', decided_at = now() - interval '1 minute', note = 'go' WHERE id = $1`, [id]);

    await revoke(api, owner, agent.id);

    expect(await read(api, owner, id)).toMatchObject({ state: 'WITHDRAWN', failure: 'agent revoked', note: 'go', finishedAt: null });
    expect((await sweepOnce(api.db, testLog))['unfinished approvals']).toBe(0);
    expect(await api.db.prisma.repositoryToken.count()).toBe(0);
    expect((await read(api, owner, id)).state).toBe('WITHDRAWN');
  });

  apiTest('withdraws instead of running an approved request of an agent revoked without closing it', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await askGrant(api, agent.key);
    // A revocation that left the request open (made before revocations closed requests).
    await api.db.pool.query(`UPDATE sign_offs SET state = 'approved', decided_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    await api.db.pool.query('UPDATE agents SET revoked_at = now() WHERE id = $1', [agent.id]);
    const { tenantId } = await api.db.prisma.signOff.findFirstOrThrow({ where: { id } });

    await settleApproved(serviceDeps(api.db, testLog), tenantId, id);

    expect(await read(api, owner, id)).toMatchObject({ state: 'WITHDRAWN', failure: 'agent revoked', finishedAt: null });
    expect(await api.db.prisma.authority.count({ where: { agentId: agent.id } })).toBe(0);
  });

  apiTest('lapses a secret the agent can no longer take and revokes the token it minted, leaving taken ones alone', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const repo = await api.repository(owner);
    const mint = async () => {
      const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours: 1 } });
      return { id, tokenId: text((await api.decide(owner.cookie, id, true)).signOff?.result?.tokenId) };
    };
    const waiting = await mint();
    const taken = await mint();
    expect((await api.take(agent.key, taken.id)).__typename).toBe('SignOffSecret');

    await revoke(api, owner, agent.id);

    const secretState = async (id: string) =>
      (await api.graphql('query($id: ID!) { signOff(id: $id) { state secretState } }', { id }, { cookie: owner.cookie })).data?.signOff;
    expect(await secretState(waiting.id)).toEqual({ state: 'SUCCEEDED', secretState: 'LAPSED' });
    expect(await secretState(taken.id)).toEqual({ state: 'SUCCEEDED', secretState: 'TAKEN' });
    const tokens = await api.db.prisma.repositoryToken.findMany();
    expect(Object.fromEntries(tokens.map((token) => [token.id, token.revokedReason]))).toEqual({ [waiting.tokenId]: 'agent revoked', [taken.tokenId]: null });
    expect(
      await api.db.pool
        .query<{ secret: unknown; lapse_refs: unknown }>('SELECT secret, lapse_refs FROM sign_offs WHERE id = $1', [waiting.id])
        .then((r) => r.rows),
    ).toEqual([{ secret: null, lapse_refs: null }]);
  });

  apiTest('leaves a request already past its window expired, not withdrawn', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await askGrant(api, agent.key);
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '8 days' WHERE id = $1`, [id]);

    await revoke(api, owner, agent.id);

    expect(await read(api, owner, id)).toMatchObject({ state: 'EXPIRED', failure: null });
    expect((await api.db.prisma.signOff.findFirstOrThrow({ where: { id } })).state).toBe('expired');
  });

  apiTest('leaves requests open when the key is rotated, and the rotated agent still gets its deed', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await askGrant(api, agent.key);
    const rotated = (await api.graphql(ROTATE, { id: agent.id }, { cookie: owner.cookie })).data?.rotateAgentKey;
    expect(rotated?.__typename).toBe('AgentKeyRotated');
    expect(await read(api, owner, id)).toMatchObject({ state: 'PENDING', failure: null });
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
    expect(await api.db.prisma.authority.count({ where: { agentId: agent.id } })).toBe(1);
  });

  apiTest('leaves the requests of its other agents alone', async ({ api }) => {
    const owner = await api.owner();
    const revoked = await api.agent(owner);
    const sibling = await api.agent(owner);
    const mine = await askGrant(api, sibling.key);
    await askGrant(api, revoked.key);
    await revoke(api, owner, revoked.id);
    expect(await read(api, owner, mine)).toMatchObject({ state: 'PENDING', failure: null });
  });
});

describe('a revocation racing an approval of the same request', () => {
  apiTest('either withdraws the request or follows a deed that committed first; no deed ever commits after it', async ({ api }) => {
    const owner = await api.owner();
    // One approval, as the race is with it (a two-person one's second approval is the same statement's race).
    await oneApproval(api, owner, 'repository.transfer', 'authority.grant');
    const colleague = await api.owner(owner.tenantName);
    const colleagueId = (await api.db.prisma.owner.findFirstOrThrow({ where: { email: colleague.email } })).id;
    // NOTIFY delivers in commit order, so one listener sees the order in which the rival transactions committed.
    const MARKER = 'revocation_race_marker';
    const listener = new pg.Client({ connectionString: api.db.url });
    await listener.connect();
    const events: { topic: string; payload: Record<string, string> }[] = [];
    listener.on('notification', (message) => {
      events.push(
        message.channel === MARKER ? { topic: MARKER, payload: { round: message.payload! } } : (JSON.parse(message.payload!) as (typeof events)[number]),
      );
    });
    await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
    await listener.query(`LISTEN ${MARKER}`);
    const outcomes = { withdrawn: 0, succeeded: 0 };
    try {
      for (let round = 0; round < 24; round++) {
        const agent = await api.agent(owner);
        const transfer = round % 2 === 1;
        const repo = transfer ? await api.repository(owner) : null;
        const id = repo
          ? await api.requestId(agent.key, { op: 'repository.transfer', repository: repo.name, input: { to: colleague.email } })
          : await askGrant(api, agent.key);
        const start = events.length;

        const [revoked, decided] = await Promise.all([revoke(api, owner, agent.id), api.decide(owner.cookie, id, true)]);

        // Both transactions have committed; a marker committed after them bounds the wait for their events.
        await api.db.pool.query('SELECT pg_notify($1, $2)', [MARKER, String(round)]);
        await waitFor(() => events.slice(start).some((event) => event.topic === MARKER && event.payload.round === String(round)));
        const mine = events.slice(start).filter((event) => event.payload.agentId === agent.id || event.payload.signOffId === id);
        const row = await api.db.prisma.signOff.findFirstOrThrow({ where: { id } });
        const deedRan = repo
          ? (await repositoryOwner(api, repo.id)) === colleagueId
          : (await api.db.prisma.authority.count({ where: { agentId: agent.id } })) === 1;

        expect(revoked).toEqual({ __typename: 'AgentRevoked' });
        expect(mine.at(-1), `round ${round}: a change to the request committed after the revocation`).toMatchObject({
          topic: 'AGENT_CHANGED',
          payload: { kind: 'REVOKED' },
        });
        if (row.state === 'withdrawn') {
          outcomes.withdrawn += 1;
          expect(row.failure).toBe('agent revoked');
          expect(deedRan, `round ${round}`).toBe(false);
          expect([
            { __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', signOff: { state: 'WITHDRAWN' } },
            { __typename: 'SignOffDecided', signOff: objectContaining({ state: 'WITHDRAWN', failure: 'agent revoked' }) },
          ]).toContainEqual(decided);
        } else {
          outcomes.succeeded += 1;
          expect(row.state, `round ${round}`).toBe('succeeded');
          expect(deedRan, `round ${round}`).toBe(true);
          expect(decided).toMatchObject({ __typename: 'SignOffDecided', signOff: { state: 'SUCCEEDED' } });
        }
      }
    } finally {
      await listener.end();
    }
    expect(outcomes.withdrawn + outcomes.succeeded).toBe(24);
    testLog.info(outcomes, 'revocation race outcomes');
  });
});
