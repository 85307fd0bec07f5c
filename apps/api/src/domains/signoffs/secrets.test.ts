import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { is, text, type TestApi } from '../../../test/testkit.js';
import { succeededTransfer } from '../../../test/two-person-kit.js';
import { hashSecret } from '../../platform/lib/secrets.js';
import { sweepOnce } from '../../jobs/sweeper/sweeper.js';
import { lapseUncollected, takeSecret } from './secrets-store.js';

const tokenRevoked = async (api: TestApi, tokenId: string) => (await api.db.prisma.repositoryToken.findFirst({ where: { id: tokenId } }))!.revokedAt !== null;

describe('the secret of an approved request', () => {
  apiTest('is taken once by the asking agent; a second take gets nothing', async ({ api }) => {
    const { owner, agent, id, tokenId } = await api.approvedMint();
    const first = await api.take(agent.key, id);
    expect(first.__typename).toBe('SignOffSecret');
    expect((await api.db.prisma.repositoryToken.findFirst({ where: { id: tokenId } }))!.tokenHash).toBe(hashSecret(text(first.secret?.token)));
    expect(await api.take(agent.key, id)).toEqual({ __typename: 'SecretUnavailable', code: 'SECRET_UNAVAILABLE' });
    const row = await api.db.prisma.signOff.findFirst({ where: { id } });
    expect(row).toMatchObject({ secret: null, lapseRefs: null, secretState: 'taken' });
    const byOwner = await api.graphql('mutation($id: ID!) { takeSignOffSecret(id: $id) { __typename } }', { id }, { cookie: owner.cookie });
    expect(byOwner.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  apiTest('goes to exactly one of many racing takes', async ({ api }) => {
    const { agent, id } = await api.approvedMint();
    const takes = await Promise.all(Array.from({ length: 16 }, () => api.take(agent.key, id)));
    expect(takes.filter((take) => is(take.__typename, 'SignOffSecret'))).toHaveLength(1);
  });

  apiTest('lapses uncollected after 24 hours: cleared, its token revoked, never takeable', async ({ api }) => {
    const { owner, agent, id, tokenId } = await api.approvedMint();
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '24 hours 1 second' WHERE id = $1`, [id]);
    const before = await api.graphql('query($id: ID!) { signOff(id: $id) { secretState } }', { id }, { cookie: owner.cookie });
    expect(before.data?.signOff?.secretState).toBe('LAPSED');
    expect(await api.take(agent.key, id)).toEqual({ __typename: 'SecretUnavailable', code: 'SECRET_UNAVAILABLE' });
    expect((await sweepOnce(api.db, testLog))['lapsed secrets']).toBe(1);
    expect(await tokenRevoked(api, tokenId)).toBe(true);
    expect(await api.db.prisma.signOff.findFirst({ where: { id } })).toMatchObject({ secret: null, lapseRefs: null, secretState: 'lapsed' });
    expect(await api.take(agent.key, id)).toEqual({ __typename: 'SecretUnavailable', code: 'SECRET_UNAVAILABLE' });
  });

  apiTest('stays lapsed when a take arrives after it lapsed inside its life (an agent revoked after it authenticated)', async ({ api }) => {
    const { owner, agent, id, tokenId } = await api.approvedMint();
    const { tenantId } = await api.db.prisma.agent.findFirstOrThrow({ where: { id: agent.id } });
    // The revocation lapses the waiting secret, well inside its 24 hours.
    const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect(revoked.data?.revokeAgent).toEqual({ __typename: 'AgentRevoked' });
    expect(await tokenRevoked(api, tokenId)).toBe(true);
    // A take by that agent, as a request authenticated before the revocation would make it.
    expect(await takeSecret(api.db.pool, tenantId, agent.id, id)).toBeNull();
    expect(await api.db.prisma.signOff.findFirst({ where: { id } })).toMatchObject({ secret: null, lapseRefs: null, secretState: 'lapsed' });
  });

  apiTest('a request that left no secret has none to take, and still reads as having none', async ({ api }) => {
    const { agent, id } = await succeededTransfer(api);
    expect(await api.take(agent.key, id)).toEqual({ __typename: 'SecretUnavailable', code: 'SECRET_UNAVAILABLE' });
    expect(await api.db.prisma.signOff.findFirst({ where: { id } })).toMatchObject({ secret: null, secretState: 'none' });
  });

  apiTest('never has its token revoked once taken', async ({ api }) => {
    const { agent, id, tokenId } = await api.approvedMint();
    expect((await api.take(agent.key, id)).__typename).toBe('SignOffSecret');
    await api.db.pool.query(`UPDATE sign_offs SET decided_at = now() - interval '30 hours' WHERE id = $1`, [id]);
    await sweepOnce(api.db, testLog);
    expect(await tokenRevoked(api, tokenId)).toBe(false);
  });

  apiTest('is never both taken and lapsed when take and sweep race at the 24-hour line', async ({ api }) => {
    const { agent, id, tokenId } = await api.approvedMint();
    let taken = 0;
    let lapsed = 0;
    for (let round = 0; round < 40; round++) {
      await api.db.pool.query(`UPDATE repository_tokens SET revoked_at = NULL, revoked_reason = NULL WHERE id = $1`, [tokenId]);
      // Put the line a few milliseconds ahead, so the racers straddle it.
      await api.db.pool.query(
        `UPDATE sign_offs SET secret = '{"token":"x"}', secret_state = 'waiting', lapse_refs = $2::jsonb,
                decided_at = now() - interval '24 hours' + make_interval(secs => $3) WHERE id = $1`,
        [id, JSON.stringify([tokenId]), (round % 8) / 1000],
      );
      const [take] = await Promise.all([api.take(agent.key, id), lapseUncollected(api.db.prisma), lapseUncollected(api.db.prisma)]);
      const gotSecret = is(take.__typename, 'SignOffSecret');
      const revoked = await tokenRevoked(api, tokenId);
      expect(gotSecret && revoked).toBe(false);
      // Whatever the race left, a sweep past the line settles it one way.
      await api.db.pool.query(`UPDATE sign_offs SET decided_at = decided_at - interval '1 second' WHERE id = $1`, [id]);
      await lapseUncollected(api.db.prisma);
      const final = await api.db.prisma.signOff.findFirst({ where: { id } });
      expect(final!.secretState).toBe(gotSecret ? 'taken' : 'lapsed');
      expect(await tokenRevoked(api, tokenId)).toBe(!gotSecret);
      if (gotSecret) taken++;
      else lapsed++;
    }
    expect(taken + lapsed).toBe(40);
  });
});
