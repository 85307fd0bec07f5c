import { describe, expect, test } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { is, text, type TestApi } from '../../../test/testkit.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { SecretBox } from '../../platform/lib/sealed.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_TTL_MS, knownDeviceOwner, knownDeviceToken } from './known-device.js';
import { argon2, ARGON2_KNOWN_DEVICE_WAITING, ARGON2_MAX_WAITING, signIn } from './service.js';
import { MAX_SIGN_IN_DELAY_MS } from './sign-in-limits.js';
import { spawnApi } from '../../../test/spawn-api.js';

const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on DomainError { code message } } }';

/** A sign-in over HTTP from `client` (named by the trusted loopback proxy), with the cookies given. */
async function signInOver(api: TestApi, input: { email: string; password: string }, client: string, cookie?: string, url = api.url) {
  const started = performance.now();
  const response = await api.graphql(
    SIGN_IN,
    { input: { email: input.email, password: input.password } },
    { headers: { 'x-forwarded-for': client }, ...(cookie ? { cookie } : {}) },
    url,
  );
  const result = response.data?.signIn;
  const outcome = result
    ? is(result.__typename, 'SignedIn')
      ? 'SignedIn'
      : text(result.code)
    : (response.errors?.[0]?.extensions?.code ?? `HTTP ${response.status}`);
  return { response, outcome, ms: performance.now() - started };
}

/** The known-device cookie a sign-in set, as `name=value` for the next request, and its whole Set-Cookie line. */
function deviceCookie(response: Response | { headers: Headers }): { cookie: string; line: string } {
  const line = response.headers.getSetCookie().find((set) => set.startsWith(`${KNOWN_DEVICE_COOKIE}=`));
  if (!line) throw new Error(`no ${KNOWN_DEVICE_COOKIE} cookie was set`);
  return { cookie: line.split(';')[0]!, line };
}

describe('the known-device cookie', () => {
  apiTest('is set on a successful sign-in only: HttpOnly, SameSite=Lax, for /graphql, a year long; Secure when the public URL is https', async ({ api }) => {
    const owner = await api.owner();
    const wrong = await signInOver(api, { email: owner.email, password: 'not the password' }, '198.51.100.60');
    expect(wrong.outcome).toBe('INVALID_CREDENTIALS');
    expect(wrong.response.headers.getSetCookie()).toEqual([]);
    const signedIn = await signInOver(api, owner, '198.51.100.60');
    expect(signedIn.outcome).toBe('SignedIn');
    // The session cookie stays first, as it always was.
    expect(signedIn.response.headers.getSetCookie()[0]).toMatch(/^countersign_session=/);
    const { line } = deviceCookie(signedIn.response);
    expect(line).toMatch(/^countersign_device=[\w.-]+; Path=\/graphql; HttpOnly; SameSite=Lax; Expires=/);
    expect(line).not.toMatch(/Secure/);
    const expires = Date.parse(line.split('Expires=')[1]!);
    expect(Math.abs(expires - (Date.now() + KNOWN_DEVICE_TTL_MS))).toBeLessThan(60_000);

    const https = await spawnApi({ config: testConfig({ publicUrl: 'https://countersign.example.test' }), db: api.db, bus: api.bus, log: testLog });
    try {
      const secure = await signInOver(api, owner, '198.51.100.61', undefined, https.url);
      expect(deviceCookie(secure.response).line).toMatch(/; HttpOnly; SameSite=Lax; Secure; Expires=/);
    } finally {
      await https.close();
    }
  });

  test("names its owner only when sealed by this server's key for this purpose, unaltered and under a year old", () => {
    const box = new SecretBox(Buffer.alloc(32, 7));
    const now = new Date('2026-12-01T12:00:00Z');
    const token = knownDeviceToken(box, 'owner-1', now);
    expect(knownDeviceOwner(box, token, now)).toBe('owner-1');
    expect(knownDeviceOwner(box, token, new Date(now.getTime() + KNOWN_DEVICE_TTL_MS - 1000))).toBe('owner-1');
    expect(knownDeviceOwner(box, token, new Date(now.getTime() + KNOWN_DEVICE_TTL_MS))).toBeUndefined();
    expect(knownDeviceOwner(new SecretBox(Buffer.alloc(32, 8)), token, now)).toBeUndefined();
    expect(knownDeviceOwner(box, box.seal(JSON.stringify({ o: 'owner-1', t: now.getTime() }), 'webhook-secret'), now)).toBeUndefined();
    const [version, iv, body, tag] = token.split('.');
    const flipped = `${body![0] === 'A' ? 'B' : 'A'}${body!.slice(1)}`;
    expect(knownDeviceOwner(box, [version, iv, flipped, tag].join('.'), now)).toBeUndefined();
    expect(knownDeviceOwner(box, undefined, now)).toBeUndefined();
    expect(knownDeviceOwner(box, 'x'.repeat(600), now)).toBeUndefined();
  });

  apiTest(
    'lets its owner sign in at once through 10,000 bad sign-ins from 500 addresses: admitted to the reserved argon2 slot while the flood queues, unslowed',
    async ({ api }) => {
      const owner = await api.owner();
      const other = await api.owner(owner.tenantName);
      const device = deviceCookie((await signInOver(api, owner, '198.51.100.70')).response).cookie;
      const othersDevice = deviceCookie((await signInOver(api, other, '198.51.100.71')).response).cookie;
      const sessionsBefore = await api.db.prisma.session.count();

      // 500 addresses (198.18.0.0/15, benchmarking), 20 sign-ins each: the first 100 guess the owner's password, which
      // slows every sign-in at that address to the most (each counts until it is checked), the rest guess addresses
      // that do not exist, from at most 100 at once, so argon2's shared slot and its 48 places stay taken.
      const deps = serviceDeps(api.db, testLog);
      const addressOf = (i: number) => `198.18.${Math.floor((i % 500) / 256)}.${(i % 500) % 256}`;
      const outcomes: string[] = [];
      const attempt = async (i: number) => {
        const email = i < 100 ? owner.email : `flood-${i}@example.test`;
        const result = await signIn(deps, { email, password: `guess ${i}`, client: addressOf(i) });
        outcomes.push(result.kind);
      };
      const guessing = Array.from({ length: 100 }, (_, i) => attempt(i));
      let next = 100;
      const flooding = Array.from({ length: 100 }, async () => {
        while (next < 10_000) await attempt(next++);
      });
      let flooded = false;
      const flood = Promise.all([...guessing, ...flooding]).finally(() => (flooded = true));
      const full = ARGON2_MAX_WAITING - ARGON2_KNOWN_DEVICE_WAITING;
      while (!flooded && argon2.waitingUnreserved < full) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(flooded).toBe(false);
      // The address's guesses, counted until checked, put every cookie-less sign-in at it under the longest delay.
      const address = await api.db.pool.query<{ attempts: number }>(`SELECT attempts FROM sign_in_attempts WHERE kind = 'ADDRESS' AND email = $1`, [
        owner.email,
      ]);
      expect(address.rows[0]!.attempts).toBeGreaterThan(25);

      // Another owner's device cookie is no pass for this address: slowed like any client.
      const borrowed = signInOver(api, owner, '198.51.100.73', othersDevice);
      const known = await signInOver(api, owner, '198.51.100.72', device);
      const queuedThen = argon2.waitingUnreserved;
      expect(known.outcome).toBe('SignedIn');
      // Admitted while the flood still held the shared slot's waiting places.
      expect(queuedThen).toBeGreaterThan(0);
      // Neither slowed (4 s) nor queued behind the flood's 48 waiting hashes (seconds): one hash of its own, about
      // 430 ms here, reported below; the bound leaves a shared machine room without letting either failure through.
      expect(known.ms).toBeLessThan(2_000);
      const slowed = await borrowed;
      expect(slowed.ms).toBeGreaterThanOrEqual(MAX_SIGN_IN_DELAY_MS - 50);

      await flood;
      expect(outcomes).toHaveLength(10_000);
      expect(outcomes.every((kind) => kind === 'invalid' || kind === 'busy' || kind === 'throttled')).toBe(true);
      // The owner's session, and perhaps the borrowed cookie's (the right password, only slowed): no flood guess got one.
      expect(await api.db.prisma.session.count()).toBe(sessionsBefore + 1 + (slowed.outcome === 'SignedIn' ? 1 : 0));
      // The figure the issue asks to report.
      console.info(`known device signed in in ${Math.round(known.ms)} ms while ${queuedThen} others waited; flood: ${JSON.stringify(count(outcomes))}`);
    },
    120_000,
  );
});

function count(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of outcomes) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}
