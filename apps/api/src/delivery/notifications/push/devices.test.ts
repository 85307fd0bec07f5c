import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { apiTest, dbTest, testLog } from '../../../../test/fixtures.js';
import { ofType, stringContaining } from '../../../../test/matchers.js';
import { devicesOf, registerDevice, removeDevice, tryRegister } from '../../../../test/push-kit.js';
import { text, unique, type TestApi } from '../../../../test/testkit.js';
import { ownerToken } from '../../../../test/owner-token-kit.js';
import { serviceDeps } from '../../../platform/lib/deps.js';
import type { OwnerPrincipal } from '../../../platform/lib/principal.js';
import { SecretBox } from '../../../platform/lib/sealed.js';
import { registerDevice as registerInService } from './devices-service.js';
import { MAX_DEVICES_PER_OWNER } from './devices-store.js';
import { DEFAULT_ROW_LIMITS } from '../../../platform/lib/row-limits.js';

/** A subscription as a browser makes one, for an endpoint that is never sent to by these tests. */
function subscription(endpoint = `http://127.0.0.1:9/push/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

async function deviceCount(api: TestApi): Promise<number> {
  const { rows } = await api.db.pool.query<{ count: string }>('SELECT count(*) FROM push_devices');
  return Number(rows[0]!.count);
}

const good = subscription();
const offCurve = (() => {
  const point = Buffer.from(good.keys.p256dh, 'base64url');
  point[64] = point[64]! ^ 1;
  return point.toString('base64url');
})();

/** Each input registerPushDevice refuses with BAD_INPUT, outside production. */
const BAD_INPUTS: [string, Record<string, unknown>, string][] = [
  ['an empty name', { ...good, name: '  ' }, 'name'],
  ['a name over 100 characters', { ...good, name: 'x'.repeat(101) }, 'name'],
  ['an endpoint that is not a URL', { ...good, name: 'n', endpoint: 'not a url' }, 'endpoint'],
  ['an endpoint on another scheme', { ...good, name: 'n', endpoint: 'ftp://push.example.com/x' }, 'endpoint'],
  ['a plain-http endpoint on another host', { ...good, name: 'n', endpoint: 'http://push.example.com/x' }, 'endpoint'],
  ['an endpoint with credentials', { ...good, name: 'n', endpoint: 'https://user:pass@push.example.com/x' }, 'endpoint'],
  ['p256dh that is not base64url', { ...good, name: 'n', keys: { ...good.keys, p256dh: 'not base64!' } }, 'keys.p256dh'],
  ['p256dh a compressed point', { ...good, name: 'n', keys: { ...good.keys, p256dh: Buffer.alloc(33, 2).toString('base64url') } }, 'keys.p256dh'],
  ['p256dh 65 bytes not starting 0x04', { ...good, name: 'n', keys: { ...good.keys, p256dh: Buffer.alloc(65, 5).toString('base64url') } }, 'keys.p256dh'],
  ['p256dh off the curve', { ...good, name: 'n', keys: { ...good.keys, p256dh: offCurve } }, 'keys.p256dh'],
  ['auth of 15 bytes', { ...good, name: 'n', keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } }, 'keys.auth'],
  ['auth that is not base64url', { ...good, name: 'n', keys: { ...good.keys, auth: '****' } }, 'keys.auth'],
];

describe('registerPushDevice', () => {
  apiTest('refuses each malformed name, endpoint or key with BAD_INPUT and stores nothing', async ({ api }) => {
    const owner = await api.owner();
    for (const [what, input, field] of BAD_INPUTS) {
      const response = await tryRegister(api, { cookie: owner.cookie }, input);
      expect(response.errors?.[0], `${what}: ${JSON.stringify(response)}`).toMatchObject({
        extensions: { code: 'BAD_INPUT' },
        message: stringContaining(field),
      });
    }
    expect(await deviceCount(api)).toBe(0);
  });

  apiTest('registers a device, and the same endpoint again updates its name and keys and answers the same device', async ({ api }) => {
    const owner = await api.owner();
    const first = subscription();
    const device = await registerDevice(api, owner, { id: 'a', ...first }, 'Work laptop');
    expect(device).toEqual({ id: ofType(String), name: 'Work laptop', createdAt: ofType(String), lastUsedAt: null });
    const renewed = { ...subscription(first.endpoint), id: 'a' };
    const again = await registerDevice(api, owner, renewed, ' Laptop ');
    expect(again).toMatchObject({ id: device.id, name: 'Laptop' });
    expect(await devicesOf(api, owner)).toEqual([again]);
    const { rows } = await api.db.pool.query<{ p256dh: string; auth: string }>('SELECT p256dh, auth FROM push_devices');
    expect(rows).toEqual([renewed.keys]);
  });

  apiTest(`refuses a device beyond ${MAX_DEVICES_PER_OWNER} per owner, but not the same endpoint again`, async ({ api }) => {
    const owner = await api.owner();
    const made = [];
    for (let n = 0; n < MAX_DEVICES_PER_OWNER; n++) made.push(await registerDevice(api, owner, { id: String(n), ...subscription() }, `Device ${n}`));
    const refused = await tryRegister(api, { cookie: owner.cookie }, { name: 'One more', ...subscription() });
    expect(refused.data?.registerPushDevice).toMatchObject({ __typename: 'LimitReached', code: 'LIMIT_REACHED', limit: 'PUSH_DEVICES_PER_OWNER', max: 20 });
    expect(await deviceCount(api)).toBe(MAX_DEVICES_PER_OWNER);
    const { rows } = await api.db.pool.query<{ endpoint: string }>('SELECT endpoint FROM push_devices WHERE id = $1', [text(made[0]!.id)]);
    const again = await registerDevice(api, owner, { id: '0', ...subscription(rows[0]!.endpoint) }, 'Renamed');
    expect(again).toMatchObject({ id: made[0]!.id, name: 'Renamed' });
  });

  apiTest('needs ADMIN: a READ token may list the devices but neither register nor remove one', async ({ api }) => {
    const owner = await api.owner();
    const device = await registerDevice(api, owner, { id: 'a', ...subscription() });
    const read = await ownerToken(api, owner.cookie, 'READ');
    const registered = await tryRegister(api, { key: read }, { name: 'Sneaky', ...subscription() });
    expect(registered.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const removed = await removeDevice(api, { key: read }, text(device.id));
    expect(removed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const listed = await api.graphql('{ pushDevices { id } }', {}, { key: read });
    expect(listed.data).toEqual({ pushDevices: [{ id: device.id }] });
    expect(await deviceCount(api)).toBe(1);
  });
});

describe('removePushDevice', () => {
  apiTest("removes the owner's device; another owner's (same tenant or another), an unknown or a malformed id is NotFound", async ({ api }) => {
    const tenant = unique('Shared');
    const owner = await api.owner(tenant);
    const sameTenant = await api.owner(tenant);
    const otherTenant = await api.owner();
    const device = await registerDevice(api, owner, { id: 'a', ...subscription() });
    for (const [who, id] of [
      [sameTenant, text(device.id)],
      [otherTenant, text(device.id)],
      [owner, randomUUID()],
      [owner, 'not-an-id'],
    ] as const) {
      const response = await removeDevice(api, { cookie: who.cookie }, id);
      expect(response.data?.removePushDevice, JSON.stringify(response)).toEqual({ __typename: 'NotFound', code: 'NOT_FOUND' });
    }
    expect(await devicesOf(api, owner)).toHaveLength(1);
    expect(await devicesOf(api, sameTenant)).toEqual([]);
    const removed = await removeDevice(api, { cookie: owner.cookie }, text(device.id));
    expect(removed.data?.removePushDevice).toEqual({ __typename: 'PushDeviceRemoved', id: device.id });
    expect(await devicesOf(api, owner)).toEqual([]);
  });
});

describe('registering a push device in production', () => {
  dbTest('refuses a plain-http endpoint and a private or loopback address literal, storing nothing', async ({ database }) => {
    const { rows } = await database.pool.query<{ tenantId: string; ownerId: string }>(
      `WITH t AS (INSERT INTO tenants (id, slug, name) VALUES (gen_random_uuid(), $1, $1) RETURNING id)
       INSERT INTO owners (tenant_id, id, email, password_hash) SELECT t.id, gen_random_uuid(), $2, 'x' FROM t RETURNING tenant_id AS "tenantId", id AS "ownerId"`,
      [unique('tenant'), `${unique('owner')}@example.com`],
    );
    const owner: OwnerPrincipal = { kind: 'owner', ...rows[0]! };
    const runtime = {
      production: true,
      box: new SecretBox(Buffer.alloc(32, 7)),
      approvals: { sign: () => Promise.reject(new Error('not in this test')) },
      wakeDeliveries: () => undefined,
      emailAvailable: false,
      push: { publicKey: () => Promise.reject(new Error('not in this test')) },
      limits: DEFAULT_ROW_LIMITS,
    };
    const deps = { ...serviceDeps(database, testLog), runtime };
    const keys = subscription().keys;
    for (const endpoint of [
      'http://127.0.0.1:9/push/x',
      'https://127.0.0.1/push/x',
      'https://10.1.2.3/push/x',
      'https://[::1]/push/x',
      'https://localhost/push/x',
    ]) {
      await expect(registerInService(deps, owner, { name: 'n', endpoint, keys }), endpoint).rejects.toMatchObject({ extensions: { code: 'BAD_INPUT' } });
    }
    const { rows: stored } = await database.pool.query('SELECT id FROM push_devices');
    expect(stored).toEqual([]);
    await expect(registerInService(deps, owner, { name: 'Phone', endpoint: 'https://push.example.com/send/abc', keys })).resolves.toMatchObject({
      name: 'Phone',
    });
  });
});
