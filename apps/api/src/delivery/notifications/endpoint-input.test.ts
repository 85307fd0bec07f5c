import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { createEndpoint, tryCreateEndpoint } from '../../../test/notify-kit.js';
import { TestApi, is, text, type SignedInOwner } from '../../../test/testkit.js';
import { stringContaining } from '../../../test/matchers.js';
import { spawnApi } from '../../../test/spawn-api.js';

const RECEIVER = 'http://127.0.0.1:9/hooks';

async function endpointCount(api: TestApi): Promise<number> {
  const { rows } = await api.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints');
  return rows[0]!.n;
}

async function refusal(api: TestApi, owner: SignedInOwner, input: Record<string, unknown>): Promise<{ code: unknown; message: string }> {
  const response = await tryCreateEndpoint(api, owner, input);
  expect(response.data?.createWebhookEndpoint ?? null).toBeNull();
  return { code: response.errors?.[0]?.extensions?.code, message: String(response.errors?.[0]?.message) };
}

describe('creating a webhook endpoint', () => {
  apiTest('refuses bad input with a clear error and stores nothing', async ({ api }) => {
    const owner = await api.owner();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: 'not a url', events: ['SIGN_OFF_REQUESTED'] }, /url is not a URL/],
      [{ url: 'http://user:pw@127.0.0.1/hooks', events: ['SIGN_OFF_REQUESTED'] }, /url must not contain credentials/],
      [{ url: 'ftp://127.0.0.1/hooks', events: ['SIGN_OFF_REQUESTED'] }, /url must use https/],
      [{ url: 'http://example.com/hooks', events: ['SIGN_OFF_REQUESTED'] }, /https:\/\/ \(http:\/\/ is allowed only to localhost/],
      [{ url: RECEIVER, events: [] }, /events must name at least one/],
      [{ url: RECEIVER, events: ['SIGN_OFF_REQUESTED', 'SIGN_OFF_REQUESTED'] }, /names SIGN_OFF_REQUESTED twice/],
      [{ url: RECEIVER, events: ['SIGN_OFF_REQUESTED'], description: 'x'.repeat(501) }, /description must be at most 500/],
    ];
    for (const [input, message] of cases) {
      const refused = await refusal(api, owner, input);
      expect(refused.code, JSON.stringify(input)).toBe('BAD_INPUT');
      expect(refused.message).toMatch(message);
    }
    // An unknown event is not a NotificationEvent: the document itself is refused.
    const unknown = await tryCreateEndpoint(api, owner, { url: RECEIVER, events: ['SIGN_OFF_EATEN'] });
    expect(unknown.status).toBe(400);
    expect(String(unknown.errors?.[0]?.message)).toMatch(/SIGN_OFF_EATEN/);
    expect(await endpointCount(api)).toBe(0);
  });

  apiTest('allows 20 endpoints per owner: 25 racing creations make exactly 20, the rest refused', async ({ api }) => {
    const owner = await api.owner();
    const other = await api.owner();
    for (let round = 0; round < 4; round++) {
      await api.db.pool.query('DELETE FROM webhook_endpoints w USING owners o WHERE o.id = w.owner_id AND o.email = $1', [owner.email]);
      const results = await Promise.all(
        Array.from({ length: 25 }, (_v, i) => tryCreateEndpoint(api, owner, { url: `${RECEIVER}/${i}`, events: ['SIGN_OFF_REQUESTED'] })),
      );
      const created = results.filter((r) => is(r.data?.createWebhookEndpoint?.__typename, 'WebhookEndpointCreated'));
      const refused = results.filter((r) => is(r.data?.createWebhookEndpoint?.code, 'LIMIT_REACHED'));
      expect([created.length, refused.length]).toEqual([20, 5]);
      expect(refused[0]!.data?.createWebhookEndpoint).toMatchObject({
        __typename: 'LimitReached',
        limit: 'WEBHOOK_ENDPOINTS_PER_OWNER',
        max: 20,
        message: stringContaining('20 webhook endpoints already'),
      });
      const { rows } = await api.db.pool.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_endpoints w JOIN owners o ON o.id = w.owner_id WHERE o.email = $1',
        [owner.email],
      );
      expect(rows[0]!.n).toBe(20);
    }
    // The limit is per owner: another owner is unaffected.
    await createEndpoint(api, other, { url: RECEIVER, events: ['AGENT_REVOKED'] });
  });

  apiTest("another owner's endpoint, in this tenant or another, is not found by any mutation or query", async ({ api }) => {
    const owner = await api.owner();
    const stranger = await api.owner();
    const mine = await createEndpoint(api, owner, { url: RECEIVER, events: ['SIGN_OFF_REQUESTED'] });
    for (const id of [mine.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const mutation of ['disableWebhookEndpoint', 'enableWebhookEndpoint', 'deleteWebhookEndpoint', 'sendTestWebhook']) {
        const response = await api.graphql(
          `mutation($id: ID!) { ${mutation}(id: $id) { __typename ... on DomainError { code } } }`,
          { id },
          { cookie: stranger.cookie },
        );
        expect(response.data?.[mutation], `${mutation} ${id}`).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
      }
      const rotate = await api.graphql('mutation($id: ID) { rotateWebhookSecret(endpointId: $id) { __typename } }', { id }, { cookie: stranger.cookie });
      expect(rotate.data?.rotateWebhookSecret?.__typename).toBe('NotFound');
      const read = await api.graphql('query($id: ID!) { webhookEndpoint(id: $id) { id } webhookEndpoints { id } }', { id }, { cookie: stranger.cookie });
      expect(read.data).toEqual({ webhookEndpoint: null, webhookEndpoints: [] });
    }
    const { rows } = await api.db.pool.query<{ disabled: boolean; secret: string }>(
      'SELECT disabled_at IS NOT NULL AS disabled, secret FROM webhook_endpoints WHERE id = $1',
      [mine.id],
    );
    expect(rows[0]!.disabled).toBe(false);
    // Kept sealed: the secret itself is nowhere in the row.
    expect(rows[0]!.secret).not.toContain(mine.secret.slice(6));
  });

  apiTest('in production: https only, and never an address literal that is private, loopback or link-local', async ({ api }) => {
    const server = await spawnApi({ config: testConfig({ production: true }), db: api.db, bus: api.bus, log: testLog });
    try {
      const production = new TestApi(server.url, api.db, api.bus);
      const owner = await production.owner();
      for (const [url, message] of [
        ['http://hooks.example.com/in', /url must use https:\/\/ in production/],
        ['https://10.1.2.3/in', /must not point at a private, loopback or link-local address/],
        ['https://127.0.0.1/in', /must not point at a private, loopback or link-local address/],
        ['https://169.254.169.254/latest', /must not point at a private, loopback or link-local address/],
        ['https://[::1]/in', /must not point at a private, loopback or link-local address/],
      ] as const) {
        const refused = await refusal(production, owner, { url, events: ['SIGN_OFF_REQUESTED'] });
        expect(refused.code, url).toBe('BAD_INPUT');
        expect(refused.message).toMatch(message);
      }
      expect(
        text(
          (await tryCreateEndpoint(production, owner, { url: 'https://hooks.example.com/in', events: ['AGENT_REVOKED'] })).data?.createWebhookEndpoint
            ?.__typename,
        ),
      ).toBe('WebhookEndpointCreated');
      expect(await endpointCount(api)).toBe(1);
    } finally {
      await server.close();
    }
  });
});
