import { describe, expect } from 'vitest';
import { apiTest } from '../../../../test/fixtures.js';
import type { SignedInOwner, TestApi } from '../../../../test/testkit.js';
import { decide, minted, MINT, read, stored, threeOwners } from '../../../../test/two-person-kit.js';
import { approveSecond } from './two-person-store.js';

/*
 * The conditions of the two approval statements (two-person-store.ts) that
 * the two-person rule's scenes never reach: a one-approval request that
 * falls through to them, and a request whose window closed before anyone
 * approved it.
 */

/** A request needing one approval: serving a repository is not one of the operations that default to two. */
const SERVE = { op: 'repository.serve', input: {} };

async function ownerId(api: TestApi, owner: SignedInOwner): Promise<{ tenantId: string; id: string }> {
  return api.db.prisma.owner.findFirstOrThrow({ where: { email: owner.email }, select: { tenantId: true, id: true } });
}

describe('the two approval statements', () => {
  apiTest('refuses a co-owner’s approval of another owner’s one-approval request as not found, and changes nothing', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    const id = await api.requestId(agent.key, { ...SERVE, repository: repo.name });
    expect(await stored(api, id)).toEqual({ state: 'pending', approvalsRequired: 1, decided: false, approvals: 0 });

    // Not the co-owner's to decide, so it falls past the single decision to the first-approval statement, which must not take it.
    expect(await decide(api, second, id, true)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    expect(await stored(api, id)).toEqual({ state: 'pending', approvalsRequired: 1, decided: false, approvals: 0 });

    expect(await decide(api, owner, id, true)).toMatchObject({ __typename: 'SignOffDecided', signOff: { approvalsRequired: 1, approvals: [] } });
    expect(await stored(api, id)).toMatchObject({ approvalsRequired: 1, decided: true, approvals: 0 });
  });

  apiTest('refuses a first approval of a two-person request past its expiry, and changes nothing', async ({ api }) => {
    const { owner, second, agent, repo } = await threeOwners(api);
    const id = await api.requestId(agent.key, { ...MINT, repository: repo.name });
    await api.db.pool.query(`UPDATE sign_offs SET requested_at = now() - interval '7 days 1 second' WHERE id = $1`, [id]);

    for (const who of [owner, second]) {
      expect(await decide(api, who, id, true)).toEqual({ __typename: 'SignOffClosed', code: 'SIGN_OFF_CLOSED', signOff: { state: 'EXPIRED' } });
    }
    expect(await stored(api, id)).toEqual({ state: 'pending', approvalsRequired: 2, decided: false, approvals: 0 });
    expect(await read(api, { cookie: owner.cookie }, id)).toMatchObject({ state: 'EXPIRED', approvals: [] });
    expect(await minted(api, id)).toBe(0);
  });

  apiTest(
    'does not decide a one-approval request through the second-approval statement, even where the schema would let it be half-approved',
    async ({ api }) => {
      const owner = await api.owner();
      const second = await api.owner(owner.tenantName);
      const agent = await api.agent(owner);
      const repo = await api.repository(owner);
      const id = await api.requestId(agent.key, { ...SERVE, repository: repo.name });
      const first = await ownerId(api, owner);
      const other = await ownerId(api, second);

      const client = await api.db.pool.connect();
      try {
        await client.query('BEGIN');
        // The schema's check already keeps a one-approval request from being half-approved; lifted (until the rollback),
        // the statement must refuse it on its own, as its other guards stand in front of the approvals table's key.
        await client.query('ALTER TABLE sign_offs DROP CONSTRAINT sign_offs_state_check');
        await client.query(`UPDATE sign_offs SET state = 'partially_approved' WHERE id = $1`, [id]);
        await client.query('INSERT INTO sign_off_approvals (tenant_id, sign_off_id, owner_id) VALUES ($1, $2, $3)', [other.tenantId, id, other.id]);

        expect(await approveSecond(client, first.tenantId, first.id, id, 'second')).toBe(false);
        const { rows } = await client.query<{ state: string; decided: boolean; approvals: number }>(
          `SELECT state, decided_at IS NOT NULL AS decided, (SELECT count(*)::int FROM sign_off_approvals a WHERE a.sign_off_id = s.id) AS approvals
           FROM sign_offs s WHERE id = $1`,
          [id],
        );
        expect(rows).toEqual([{ state: 'partially_approved', decided: false, approvals: 1 }]);
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
      expect(await stored(api, id)).toEqual({ state: 'pending', approvalsRequired: 1, decided: false, approvals: 0 });
    },
  );
});
