import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { ofType, stringMatching } from '../../../test/matchers.js';
import { is, text, type TestApi } from '../../../test/testkit.js';
import { oneApproval } from '../../../test/two-person-kit.js';
import { sweepOnce } from '../../jobs/sweeper/sweeper.js';
import { settleApproved } from './runs/settle.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { spawnApi } from '../../../test/spawn-api.js';

const MINT = { op: 'repository.mintToken', input: { scopes: ['read'], ttlHours: 1 } };

async function seed(api: TestApi) {
  const owner = await api.owner();
  const agent = await api.agent(owner);
  const repo = await api.repository(owner);
  return { owner, agent, repo };
}

describe('deciding a sign-off', () => {
  apiTest('runs an approved request once, with the stored input, and records its result', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    const decided = await api.decide(owner.cookie, id, true, 'go ahead');
    expect(decided).toMatchObject({ __typename: 'SignOffDecided', signOff: { state: 'SUCCEEDED', note: 'go ahead', failure: null, secretState: 'WAITING' } });
    expect(decided.signOff?.result).toEqual({ tokenId: ofType(String), scopes: ['read'], expiresAt: ofType(String) });
    expect(JSON.stringify(decided)).not.toMatch(/cst_/);
    const tokens = await api.db.prisma.repositoryToken.findMany();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ id: decided.signOff?.result?.tokenId, signOffId: id, scopes: ['read'], revokedAt: null });
  });

  apiTest('denies with a note that the agent reads, and runs nothing', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
    expect(await api.decide(owner.cookie, id, false, 'not this one')).toMatchObject({ signOff: { state: 'DENIED', note: 'not this one', result: null } });
    const read = await api.graphql('query($id: ID!) { signOff(id: $id) { state note } }', { id }, { key: agent.key });
    expect(read.data?.signOff).toEqual({ state: 'DENIED', note: 'not this one' });
    expect(await api.db.prisma.repository.count({ where: { deletedAt: null } })).toBe(1);
  });

  apiTest('runs each operation of the catalogue against the repository', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    await oneApproval(api, owner, 'repository.delete', 'repository.transfer');
    const colleague = await api.owner(owner.tenantName);
    const approve = async (op: string, input: unknown) =>
      (await api.decide(owner.cookie, await api.requestId(agent.key, { op, repository: repo.name, input }), true)).signOff;
    expect(await approve('repository.unserve', {})).toMatchObject({ state: 'SUCCEEDED', result: { state: 'UNSERVED' } });
    expect((await api.db.prisma.repository.findFirst({ where: { id: repo.id } }))!.state).toBe('unserved');
    expect(await approve('repository.serve', {})).toMatchObject({ state: 'SUCCEEDED', result: { state: 'SERVING' } });
    expect(await approve('repository.transfer', { to: 'nobody@example.com' })).toMatchObject({
      state: 'FAILED',
      failure: 'No owner nobody@example.com in this tenant.',
    });
    await approve('repository.mintToken', { scopes: ['write'], ttlHours: 5 });
    expect(await approve('repository.delete', {})).toMatchObject({ state: 'SUCCEEDED', result: { deleted: true } });
    const deleted = await api.db.prisma.repository.findFirst({ where: { id: repo.id } });
    expect(deleted!.deletedAt).not.toBeNull();
    expect(await api.db.prisma.repositoryToken.count({ where: { revokedAt: null } })).toBe(0);
    void colleague;
  });

  apiTest('hands a repository to another owner of the tenant', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    await oneApproval(api, owner, 'repository.transfer');
    const colleague = await api.owner(owner.tenantName);
    const id = await api.requestId(agent.key, { op: 'repository.transfer', repository: repo.name, input: { to: colleague.email } });
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED', result: { newOwner: colleague.email } } });
    expect((await api.graphql('{ repositories { nodes { id } } }', {}, { cookie: colleague.cookie })).data?.repositories?.nodes).toEqual([{ id: repo.id }]);
  });

  apiTest("revokes the repository's live tokens when it is handed to another owner, and no other repository's", async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    await oneApproval(api, owner, 'repository.transfer');
    const colleague = await api.owner(owner.tenantName);
    const kept = await api.repository(owner);
    const minted = async (repository: string) =>
      text((await api.decide(owner.cookie, await api.requestId(agent.key, { ...MINT, repository }), true)).signOff?.result?.tokenId);
    const [first, second, other] = [await minted(repo.name), await minted(repo.name), await minted(kept.name)];
    const id = await api.requestId(agent.key, { op: 'repository.transfer', repository: repo.name, input: { to: colleague.email } });
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({ signOff: { state: 'SUCCEEDED' } });
    const tokens = await api.db.prisma.repositoryToken.findMany({ orderBy: { id: 'asc' } });
    expect(Object.fromEntries(tokens.map((token) => [token.id, token.revokedReason]))).toEqual({
      [first]: 'repository transferred',
      [second]: 'repository transferred',
      [other]: null,
    });
    expect(tokens.find((token) => token.id === first)!.revokedAt).not.toBeNull();
  });

  apiTest('fails an approved request whose repository was deleted and re-created, and leaves the new one alone', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await api.requestId(agent.key, { op: 'repository.delete', repository: repo.name, input: {} });
    const deletion = await api.requestId(agent.key, { op: 'repository.unserve', repository: repo.name, input: {} });
    await api.db.pool.query('UPDATE repositories SET deleted_at = now() WHERE id = $1', [repo.id]);
    const successor = await api.repository(owner, repo.name);
    expect(successor.code).not.toBe(repo.code);
    expect(await api.decide(owner.cookie, id, true)).toMatchObject({
      signOff: { state: 'FAILED', failure: stringMatching(/^The repository changed since it was asked for/) },
    });
    expect(await api.decide(owner.cookie, deletion, true)).toMatchObject({ signOff: { state: 'FAILED' } });
    const now = await api.db.prisma.repository.findFirst({ where: { id: successor.id } });
    expect(now).toMatchObject({ deletedAt: null, state: 'serving' });
  });

  apiTest('refuses a second decision on the same request', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await api.decide(owner.cookie, id, true);
    expect(await api.decide(owner.cookie, id, false)).toEqual({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', signOff: { state: 'SUCCEEDED' } });
    expect(await api.db.prisma.repositoryToken.count()).toBe(1);
  });

  apiTest('lets exactly one of two decisions from two API processes win, and the deed run at most once', async ({ api }) => {
    const { owner, agent, repo } = await seed(api);
    const other = await spawnApi(api.db.url);
    try {
      for (const [pair, [first, second]] of (
        [
          [true, false],
          [true, true],
        ] as const
      ).entries()) {
        for (let round = 0; round < 15; round++) {
          // A fresh input every round: asking again for a denied one would be held off (rule S18).
          const ttlHours = pair * 15 + round + 1;
          const id = await api.requestId(agent.key, { op: 'repository.mintToken', repository: repo.name, input: { scopes: ['read'], ttlHours } });
          const results = await Promise.all([api.decide(owner.cookie, id, first), api.decide(owner.cookie, id, second, undefined, other.url)]);
          const winners = results.filter((result) => is(result.__typename, 'SignOffDecided'));
          const losers = results.filter((result) => is(result.__typename, 'SignOffClosed'));
          expect(winners).toHaveLength(1);
          expect(losers).toHaveLength(1);
          const minted = await api.db.prisma.repositoryToken.count({ where: { signOffId: id } });
          expect(minted).toBe(is(winners[0]!.signOff?.state, 'SUCCEEDED') ? 1 : 0);
          // The loser sees the winner's decision, possibly while its deed is still running.
          const seen = is(winners[0]!.signOff?.state, 'DENIED') ? ['DENIED'] : ['APPROVED', winners[0]!.signOff?.state];
          expect(seen).toContain(losers[0]!.signOff?.state);
        }
      }
    } finally {
      await other.stop();
    }
  });

  apiTest('settles an approval left unfinished by a crashed instance, once, however many sweeps race', async ({ api }) => {
    const { agent, repo } = await seed(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    // What a crash between the two transactions leaves: decided, approved, never run.
    await api.db.pool.query(`UPDATE sign_offs SET state = 'approved', decided_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const tenantId = (await api.db.prisma.signOff.findFirst({ where: { id } }))!.tenantId;
    await Promise.all([
      ...Array.from({ length: 6 }, () => sweepOnce(api.db, testLog)),
      ...Array.from({ length: 6 }, () => settleApproved(serviceDeps(api.db, testLog), tenantId, id)),
    ]);
    expect(await api.db.prisma.repositoryToken.count({ where: { signOffId: id } })).toBe(1);
    expect((await api.db.prisma.signOff.findFirst({ where: { id } }))!.state).toBe('succeeded');
  });

  apiTest('leaves a fresh approval to the instance running it', async ({ api }) => {
    const { agent, repo } = await seed(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await api.db.pool.query(`UPDATE sign_offs SET state = 'approved', decided_at = now() WHERE id = $1`, [id]);
    expect((await sweepOnce(api.db, testLog))['unfinished approvals']).toBe(0);
    expect((await api.db.prisma.signOff.findFirst({ where: { id } }))!.state).toBe('approved');
  });
});
