import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { is, type CallOptions, type TestApi } from '../../../test/testkit.js';
import { DEFAULT_ROW_LIMITS } from '../../platform/lib/row-limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

/* The cap on a tenant's manifest names (docs/tenancy.md, T12): versions are never deleted, so names only grow. */

const PUBLISH = `mutation($input: PublishManifestInput!) {
  publishManifest(input: $input) { __typename ... on ManifestPublished { verdict } ... on LimitReached { code message limit max } }
}`;

const publish = (api: TestApi, who: CallOptions, name: string, version: string, url = api.url) =>
  api.graphql(PUBLISH, { input: { content: JSON.stringify({ name, version }) } }, who, url);

/** `count` names already published in the owner's tenant, straight into the table. */
async function seedNames(api: TestApi, tenantName: string, count: number): Promise<void> {
  await api.db.pool.query(
    `INSERT INTO manifests (tenant_id, name, version, digest, content, canonical, format, published_by, published_at)
     SELECT t.id, 'seeded-' || n, '1.0.0', encode(sha256(convert_to('seeded-' || n, 'UTF8')), 'hex'), '{}', '{}', 'json', 'owner:seed', now() - interval '2 hours'
       FROM tenants t, generate_series(1, $2::int) n WHERE t.name = $1`,
    [tenantName, count],
  );
}

const names = async (api: TestApi, tenantName: string) =>
  (
    await api.db.pool.query<{ n: number }>('SELECT count(DISTINCT m.name)::int AS n FROM manifests m JOIN tenants t ON t.id = m.tenant_id WHERE t.name = $1', [
      tenantName,
    ])
  ).rows[0]!.n;

describe('the cap on manifest names', () => {
  apiTest("answers LimitReached for a tenant's 1,001st name, but a new version of a name it has and other tenants go on", async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await seedNames(api, owner.tenantName, DEFAULT_ROW_LIMITS.manifestNamesPerTenant);

    const refused = await publish(api, { key: agent.key }, 'one-too-many', '1.0.0');
    expect(refused.data?.publishManifest).toEqual({
      __typename: 'LimitReached',
      code: 'LIMIT_REACHED',
      limit: 'MANIFEST_NAMES_PER_TENANT',
      max: 1000,
      message: 'This workspace has 1000 manifest names already: publish a new version of one of them instead.',
    });
    expect(await names(api, owner.tenantName)).toBe(1000);
    // A name it has takes new versions; another tenant has its own names.
    expect((await publish(api, { key: agent.key }, 'seeded-7', '2.0.0')).data?.publishManifest).toMatchObject({ verdict: 'INSERTED' });
    const other = await api.owner();
    expect((await publish(api, { cookie: other.cookie }, 'one-too-many', '1.0.0')).data?.publishManifest).toMatchObject({ verdict: 'INSERTED' });
  });

  apiTest('lets exactly the cap of new names in when many are published at once right at it, every time', async ({ api }) => {
    const server = await spawnApi({
      config: testConfig({ limits: { ...DEFAULT_ROW_LIMITS, manifestNamesPerTenant: 5 } }),
      db: api.db,
      bus: api.bus,
      log: testLog,
    });
    try {
      for (let round = 0; round < 4; round++) {
        const owner = await api.owner();
        await seedNames(api, owner.tenantName, 2);
        const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => publish(api, { cookie: owner.cookie }, `tool-${i}`, '1.0.0', server.url)));
        expect(answers.filter((answer) => is(answer.data?.publishManifest?.verdict, 'INSERTED'))).toHaveLength(3);
        expect(answers.filter((answer) => is(answer.data?.publishManifest?.__typename, 'LimitReached'))).toHaveLength(13);
        expect(await names(api, owner.tenantName)).toBe(5);
      }
    } finally {
      await server.close();
    }
  });
});
