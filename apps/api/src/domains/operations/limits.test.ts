import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { define } from '../../../test/operations-kit.js';
import { text, type SignedInOwner, type TestApi } from '../../../test/testkit.js';
import { DEFAULT_ROW_LIMITS } from '../../platform/lib/row-limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

const LIMIT = '... on LimitReached { code message limit max }';

const defineWith = (api: TestApi, owner: SignedInOwner, op: string, url: string) =>
  api.graphql(
    `mutation($input: DefineOperationInput!) { defineOperation(input: $input) { __typename ${LIMIT} } }`,
    { input: { op, summary: 'Send an email', risk: 'LOW', runner: 'AGENT', inputSchema: { type: 'object' } } },
    { cookie: owner.cookie },
    url,
  );

const retire = (api: TestApi, owner: SignedInOwner, op: string, url = api.url) =>
  api.graphql('mutation($op: String!) { retireOperation(op: $op) { __typename } }', { op }, { cookie: owner.cookie }, url);

async function liveNames(api: TestApi, owner: SignedInOwner): Promise<number> {
  const { rows } = await api.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM operation_heads h JOIN owners o ON o.tenant_id = h.tenant_id WHERE o.email = $1 AND h.retired_at IS NULL`,
    [owner.email],
  );
  return rows[0]!.n;
}

/**
 * Defines `names` in the owner's tenant straight in the tables, each at
 * version 1 (through the API it would take a minute). Retired: the n-th
 * name was retired n minutes ago, so the first is the most recent.
 */
async function seedOperations(api: TestApi, owner: SignedInOwner, names: string[], retired: boolean): Promise<void> {
  await api.db.pool.query(
    `WITH o AS (SELECT tenant_id, id FROM owners WHERE email = $1),
     seeded AS (SELECT op, n FROM unnest($2::text[]) WITH ORDINALITY AS s(op, n)),
     versions AS (
       INSERT INTO operations (tenant_id, op, version, summary, input_schema, content_hash, irreversible, risk, runner, secret_fields, needs_repository, defined_by)
       SELECT o.tenant_id, seeded.op, 1, 'seeded', '{"type":"object"}', encode(sha256(convert_to(seeded.n::text, 'UTF8')), 'hex'), false, 'low', 'agent', '{}', false, o.id
         FROM o, seeded
       RETURNING tenant_id, op)
     INSERT INTO operation_heads (tenant_id, op, latest_version, retired_at)
     SELECT versions.tenant_id, versions.op, 1, CASE WHEN $3::boolean THEN now() - seeded.n * interval '1 minute' END FROM versions JOIN seeded USING (op)`,
    [owner.email, names, retired],
  );
}

describe('the operations cap', () => {
  apiTest('answers LimitReached for a 201st live name, but a new version of a live one and other tenants go on', async ({ api }) => {
    const owner = await api.owner();
    await seedOperations(
      api,
      owner,
      Array.from({ length: 199 }, (_, i) => `seed.op${i + 1}`),
      false,
    );
    expect((await define(api, owner, { op: 'email.send' })).__typename).toBe('OperationDefined');
    const refused = await defineWith(api, owner, 'email.other', api.url);
    expect(refused.data?.defineOperation).toEqual({
      __typename: 'LimitReached',
      code: 'LIMIT_REACHED',
      message: 'Your tenant has 200 live operations already: retire one first.',
      limit: 'OPERATIONS_PER_TENANT',
      max: DEFAULT_ROW_LIMITS.operationsPerTenant,
    });
    expect(await liveNames(api, owner)).toBe(200);
    expect((await define(api, owner, { op: 'email.send', summary: 'A second version' })).operation).toMatchObject({ version: 2 });
    // Retired, the name frees its place, and coming back it needs one again.
    await retire(api, owner, 'email.send');
    expect((await defineWith(api, owner, 'email.other', api.url)).data?.defineOperation?.__typename).toBe('OperationDefined');
    expect((await defineWith(api, owner, 'email.send', api.url)).data?.defineOperation?.__typename).toBe('LimitReached');
    const other = await api.owner();
    expect((await defineWith(api, other, 'email.other', api.url)).data?.defineOperation?.__typename).toBe('OperationDefined');
  });

  apiTest('leaves exactly the cap live when many new names are defined at once right at it, every time', async ({ api }) => {
    const server = await spawnApi({
      config: testConfig({ limits: { ...DEFAULT_ROW_LIMITS, operationsPerTenant: 5 } }),
      db: api.db,
      bus: api.bus,
      log: testLog,
    });
    try {
      const owner = await api.owner();
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => defineWith(api, owner, `race.r${round}n${i}`, server.url)));
        const kinds = answers.map((answer) => text(answer.data?.defineOperation?.__typename));
        expect(kinds.filter((kind) => kind === 'OperationDefined')).toHaveLength(5);
        expect(kinds.filter((kind) => kind === 'LimitReached')).toHaveLength(11);
        expect(await liveNames(api, owner)).toBe(5);
        for (const [i, kind] of kinds.entries()) if (kind === 'OperationDefined') await retire(api, owner, `race.r${round}n${i}`, server.url);
      }
    } finally {
      await server.close();
    }
  });

  apiTest('lists at most the 200 most recently retired names with includeRetired', async ({ api }) => {
    const owner = await api.owner();
    await seedOperations(
      api,
      owner,
      Array.from({ length: 250 }, (_, i) => `old.op${String(i + 1).padStart(3, '0')}`),
      true,
    );
    await define(api, owner, { op: 'email.send' });
    const answer = await api.graphql('{ operations(includeRetired: true) { op retired } }', {}, { cookie: owner.cookie });
    const defined = (answer.data?.operations as unknown as { op: string; retired: boolean }[]).filter(
      (op) => op.op === 'email.send' || op.op.startsWith('old.'),
    );
    expect(defined.filter((op) => op.retired).map((op) => op.op)).toEqual(Array.from({ length: 200 }, (_, i) => `old.op${String(i + 1).padStart(3, '0')}`));
    expect(defined.filter((op) => !op.retired).map((op) => op.op)).toEqual(['email.send']);
  });
});
