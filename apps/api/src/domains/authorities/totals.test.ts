import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { objectContaining, stringMatching } from '../../../test/matchers.js';
import { MIGRATIONS_DIR } from '../../platform/db/migrate.js';

const MAX = Number.MAX_SAFE_INTEGER;
const LIST = `{ authorities { nodes { id state ceiling { tokens minorUnits draws } drawn { tokens minorUnits draws } remaining { tokens minorUnits draws } revokeReason } } }`;
const READ = `query($id: ID!) { authority(id: $id) { drawn { tokens minorUnits draws } remaining { tokens minorUnits draws } receipts { nodes { dispatchKey ordinal } } } }`;
const TOTAL_CHECKS = ['authority_balances_drawn_tokens_exact', 'authority_balances_drawn_minor_units_exact', 'authority_balances_draws_exact'];

describe('totals kept within 2^53 − 1', () => {
  apiTest(
    'refuses the second of three draws of 2^53 − 1 tokens on an authority capped only by draws as BAD_INPUT, writing nothing; the list still reads',
    async ({ api }) => {
      const owner = await api.owner();
      const agent = await api.agent(owner);
      const id = await api.authority(owner, agent.id, { draws: 10 });
      expect(await api.draw(agent.key, { authority: id, dispatchKey: 'first', tokens: MAX })).toMatchObject({
        __typename: 'Drawn',
        receipt: { tokens: MAX, ordinal: 1 },
      });
      for (const dispatchKey of ['second', 'third']) {
        const refused = await api.draw(agent.key, { authority: id, dispatchKey, tokens: MAX });
        expect(refused.errors?.[0]).toMatchObject({
          extensions: { code: 'BAD_INPUT' },
          message: stringMatching(/tokens drawn under this authority past 2\^53 − 1.*nothing was drawn/),
        });
        expect(refused.status).toBe(400);
      }
      // One token more is refused too; minor units are not there to draw, but the draw count still is.
      expect((await api.draw(agent.key, { authority: id, dispatchKey: 'one more', tokens: 1 })).errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
      const read = await api.graphql(READ, { id }, { key: agent.key });
      expect(read.data?.authority).toEqual({
        drawn: { tokens: MAX, minorUnits: 0, draws: 1 },
        remaining: { tokens: null, minorUnits: null, draws: 9 },
        receipts: { nodes: [{ dispatchKey: 'first', ordinal: 1 }] },
      });
      expect((await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM authority_receipts WHERE authority_id = $1', [id])).rows[0]!.n).toBe(1);
      // A retry of the draw that landed still gets its receipt.
      expect(await api.draw(agent.key, { authority: id, dispatchKey: 'first', tokens: MAX })).toMatchObject({ __typename: 'Drawn', replayed: true });
      const list = await api.graphql(LIST, {}, { cookie: owner.cookie });
      expect(list.errors).toBeUndefined();
      expect(list.data?.authorities?.nodes).toEqual([
        {
          id,
          state: 'ACTIVE',
          ceiling: { tokens: null, minorUnits: null, draws: 10 },
          drawn: { tokens: MAX, minorUnits: 0, draws: 1 },
          remaining: { tokens: null, minorUnits: null, draws: 9 },
          revokeReason: null,
        },
      ]);
    },
  );

  apiTest('refuses a drawn total past 2^53 − 1 in the database itself, whatever the code above it decides', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const id = await api.authority(owner, agent.id, { draws: 10 });
    for (const column of ['drawn_tokens', 'drawn_minor_units', 'draws']) {
      await expect(
        api.db.pool.query(`UPDATE authority_balances SET ${column} = $2::bigint WHERE authority_id = $1`, [id, (BigInt(MAX) + 1n).toString()]),
      ).rejects.toMatchObject({ code: '23514', constraint: `authority_balances_${column}_exact` });
      await api.db.pool.query(`UPDATE authority_balances SET ${column} = $2::bigint WHERE authority_id = $1`, [id, MAX.toString()]);
    }
    const constraints = await api.db.pool.query(`SELECT conname, convalidated FROM pg_constraint WHERE conname = ANY($1) ORDER BY conname`, [TOTAL_CHECKS]);
    expect(constraints.rows).toEqual(TOTAL_CHECKS.sort().map((conname) => ({ conname, convalidated: true })));
  });

  apiTest('withdraws an authority whose total passed 2^53 − 1 before the upgrade, and shows the total as null without failing the list', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const broken = await api.authority(owner, agent.id, { draws: 10 });
    const healthy = await api.authority(owner, agent.id, { tokens: 100 });
    // The database as it was before the migration: no CHECKs, and a total past the range.
    for (const name of TOTAL_CHECKS) await api.db.pool.query(`ALTER TABLE authority_balances DROP CONSTRAINT ${name}`);
    await api.db.pool.query(`UPDATE authority_balances SET drawn_tokens = $2::bigint, draws = 3 WHERE authority_id = $1`, [
      broken,
      (3n * BigInt(MAX)).toString(),
    ]);
    await api.db.pool.query(readFileSync(path.join(MIGRATIONS_DIR, '20261201090100_authority_totals_exact', 'migration.sql'), 'utf8'));

    const constraints = await api.db.pool.query(`SELECT conname, convalidated FROM pg_constraint WHERE conname = ANY($1) ORDER BY conname`, [TOTAL_CHECKS]);
    expect(constraints.rows).toEqual(TOTAL_CHECKS.sort().map((conname) => ({ conname, convalidated: false })));
    const list = await api.graphql(LIST, {}, { cookie: owner.cookie });
    expect(list.status).toBe(200);
    expect(list.errors).toBeUndefined();
    expect(list.data?.authorities?.nodes).toEqual(
      expect.arrayContaining([
        {
          id: broken,
          state: 'REVOKED',
          ceiling: { tokens: null, minorUnits: null, draws: 10 },
          drawn: { tokens: null, minorUnits: 0, draws: 3 },
          remaining: { tokens: null, minorUnits: null, draws: 10 },
          revokeReason: stringMatching(/passed 2\^53 − 1/),
        },
        objectContaining({ id: healthy, state: 'ACTIVE' }),
      ]),
    );
    // Nothing needs to write to the withdrawn row again: revoking is a no-op and a draw is refused as revoked.
    const REVOKE = `mutation($input: RevokeAuthorityInput!) { revokeAuthority(input: $input) { __typename ... on AuthorityRevoked { authority { state } } } }`;
    expect((await api.graphql(REVOKE, { input: { authority: broken, reason: 'again' } }, { cookie: owner.cookie })).data?.revokeAuthority).toEqual({
      __typename: 'AuthorityRevoked',
      authority: { state: 'REVOKED' },
    });
    expect((await api.draw(agent.key, { authority: broken, dispatchKey: 'late', tokens: 1 })).__typename).toBe('Revoked');
    // The other rows are held to the range.
    expect((await api.draw(agent.key, { authority: healthy, dispatchKey: 'fine', tokens: 100 })).__typename).toBe('Drawn');
    await expect(
      api.db.pool.query(`UPDATE authority_balances SET drawn_tokens = $2::bigint WHERE authority_id = $1`, [healthy, (BigInt(MAX) + 1n).toString()]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
