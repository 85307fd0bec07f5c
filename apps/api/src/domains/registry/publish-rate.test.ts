import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { is, type CallOptions, type TestApi } from '../../../test/testkit.js';
import { DEFAULT_ROW_LIMITS } from '../../platform/lib/row-limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

const PUBLISH = 'mutation($input: PublishManifestInput!) { publishManifest(input: $input) { __typename ... on ManifestPublished { verdict } } }';

const publish = (api: TestApi, who: CallOptions, version: string, url = api.url) =>
  api.graphql(PUBLISH, { input: { content: JSON.stringify({ name: 'tool', version }) } }, who, url);

/** Versions the agent published `minutesAgo`, straight into the table. */
async function seedPublishes(api: TestApi, agentId: string, count: number, minutesAgo: number): Promise<void> {
  await api.db.pool.query(
    `INSERT INTO manifests (tenant_id, name, version, digest, content, canonical, format, published_by, published_at)
     SELECT a.tenant_id, 'seeded', $3::text || '.' || n, encode(sha256(convert_to($3::text || n, 'UTF8')), 'hex'), '{}', '{}', 'json', 'agent:' || a.id, now() - $4::int * interval '1 minute'
       FROM agents a, generate_series(1, $2::int) n WHERE a.id = $1::uuid`,
    [agentId, count, `m${minutesAgo}`, minutesAgo],
  );
}

describe('the publish rate', () => {
  apiTest('refuses an agent’s 601st new version in an hour RATE_LIMITED with Retry-After, and writes nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    await seedPublishes(api, agent.id, 1, 50);
    await seedPublishes(api, agent.id, DEFAULT_ROW_LIMITS.publishesPerAgentPerHour - 1, 10);
    // Published longer than an hour ago: not counted.
    await seedPublishes(api, agent.id, 5, 61);
    const refused = await publish(api, { key: agent.key }, '1.0.0');
    expect(refused.status).toBe(429);
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // The oldest counted version leaves the hour in about 10 minutes.
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await api.db.prisma.manifest.count({ where: { name: 'tool' } })).toBe(0);
    // The owner is not an agent; another agent has its own hour.
    expect((await publish(api, { cookie: owner.cookie }, '1.0.0')).data?.publishManifest?.verdict).toBe('INSERTED');
    const other = await api.agent(owner);
    expect((await publish(api, { key: other.key }, '1.0.1')).data?.publishManifest?.verdict).toBe('INSERTED');
    // Publishing what is stored adds nothing, so it is never refused.
    expect((await publish(api, { key: agent.key }, '1.0.0')).data?.publishManifest?.verdict).toBe('UNCHANGED');
  });

  apiTest('lets exactly the rate through when an agent publishes many versions at once, every time', async ({ api }) => {
    const server = await spawnApi({
      config: testConfig({ limits: { ...DEFAULT_ROW_LIMITS, publishesPerAgentPerHour: 5 } }),
      db: api.db,
      bus: api.bus,
      log: testLog,
    });
    try {
      const owner = await api.owner();
      for (let round = 0; round < 4; round++) {
        const agent = await api.agent(owner);
        const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => publish(api, { key: agent.key }, `${round}.${i}.0`, server.url)));
        expect(answers.filter((answer) => is(answer.data?.publishManifest?.verdict, 'INSERTED'))).toHaveLength(5);
        expect(answers.filter((answer) => answer.errors?.[0]?.extensions?.code === 'RATE_LIMITED')).toHaveLength(11);
        const { rows } = await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM manifests WHERE published_by = $1', [`agent:${agent.id}`]);
        expect(rows[0]!.n).toBe(5);
      }
    } finally {
      await server.close();
    }
  });
});
