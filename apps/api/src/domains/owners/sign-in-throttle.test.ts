import { describe, expect } from 'vitest';
import { apiTest, testConfig, testLog } from '../../../test/fixtures.js';
import { is, text, unique, type TestApi } from '../../../test/testkit.js';
import { ARGON2_AT_ONCE, ARGON2_KNOWN_DEVICE_SLOTS, argon2 } from './service.js';
import { spawnApi } from '../../../test/spawn-api.js';

const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on DomainError { code message } } }';
const PAIR_REFUSAL = 'Too many failed sign-ins for this address from this client; try again in 15 minute(s).';
const CLIENT_REFUSAL = 'Too many failed sign-ins from this client; try again in 15 minute(s).';

/** A sign-in as a client behind the (trusted, loopback) proxy, which names it in X-Forwarded-For. */
function signInFrom(api: TestApi, client: string, email: string, password: string, url = api.url) {
  return api.graphql(SIGN_IN, { input: { email, password } }, { headers: { 'x-forwarded-for': client } }, url);
}

/** How a sign-in came out: SignedIn, INVALID_CREDENTIALS, or a transport error's code. */
function outcome(response: Awaited<ReturnType<typeof signInFrom>>): string {
  const result = response.data?.signIn;
  if (result) return is(result.__typename, 'SignedIn') ? 'SignedIn' : text(result.code);
  return response.errors?.[0]?.extensions?.code ?? `HTTP ${response.status}`;
}

function tally(outcomes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of outcomes) counts[name] = (counts[name] ?? 0) + 1;
  return counts;
}

/** Asserts a RATE_LIMITED refusal: 429, the message, a Retry-After within the window, no cookie. */
function expectRefused(response: Awaited<ReturnType<typeof signInFrom>>, message: string): void {
  expect(response.status).toBe(429);
  expect(response.errors?.[0]?.message).toBe(message);
  expect(response.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 900).toBe(true);
  expect(response.headers.get('set-cookie')).toBeNull();
}

describe('sign-in throttle', () => {
  apiTest(
    'evaluates only 10 of a burst of parallel guesses at one address from one client, so the right password late in the burst does not sign in',
    async ({ api }) => {
      // The reported race (200, the right password at position 150), then two smaller rounds with fresh owners and clients.
      for (const [round, size, right] of [
        [1, 200, 149],
        [2, 60, 45],
        [3, 60, 45],
      ] as const) {
        const owner = await api.owner();
        const client = `198.51.100.${round}`;
        const sessionsBefore = await api.db.prisma.session.count();
        const responses = await Promise.all(
          Array.from({ length: size }, (_, i) => signInFrom(api, client, owner.email, i === right ? owner.password : `wrong guess ${i}`)),
        );
        // Requests race, so which ten are checked is the server's arrival order; the right one is
        // almost always late and refused, but were it among the ten, signing in would be correct.
        const rightChecked = outcome(responses[right]!) === 'SignedIn';
        const counts = tally(responses.map(outcome));
        // A success is given back, not kept as a failure; when its give-back lands while the
        // burst is still being counted, one more wrong guess is checked. Failures stay at most 10.
        const failures = counts.INVALID_CREDENTIALS ?? 0;
        if (rightChecked) expect([9, 10], `round ${round}`).toContain(failures);
        const expected = rightChecked
          ? { INVALID_CREDENTIALS: failures, SignedIn: 1, RATE_LIMITED: size - 1 - failures }
          : { INVALID_CREDENTIALS: 10, RATE_LIMITED: size - 10 };
        expect(counts, `round ${round}`).toEqual(expected);
        if (!rightChecked) expectRefused(responses[right]!, PAIR_REFUSAL);
        expect(await api.db.prisma.session.count()).toBe(sessionsBefore + (rightChecked ? 1 : 0));
        const pair = await api.db.pool.query(`SELECT attempts FROM sign_in_attempts WHERE kind = 'ADDRESS_FROM_CLIENT' AND email = $1 AND client = $2`, [
          owner.email,
          client,
        ]);
        // A success is given back: the counter holds the failures.
        expect(pair.rows).toEqual([{ attempts: failures }]);
      }
    },
  );

  apiTest('lets the owner sign in from another client however often 10 wrong guesses are made from others', async ({ api }) => {
    const owner = await api.owner();
    for (const attacker of ['203.0.113.1', '203.0.113.2']) {
      const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => signInFrom(api, attacker, owner.email, `wrong guess ${i}`)));
      expect(guesses.map(outcome)).toEqual(Array(10).fill('INVALID_CREDENTIALS'));
      expectRefused(await signInFrom(api, attacker, owner.email, owner.password), PAIR_REFUSAL);

      const fromOwner = await signInFrom(api, '198.51.100.77', owner.email, owner.password);
      expect(outcome(fromOwner)).toBe('SignedIn');
      expect(fromOwner.headers.get('set-cookie')).toMatch(/^countersign_session=/);
    }
    // Across clients the address is only slowed: 20 failures, and still no refusal for the owner.
    const address = await api.db.pool.query(`SELECT attempts FROM sign_in_attempts WHERE kind = 'ADDRESS' AND email = $1`, [owner.email]);
    expect(address.rows).toEqual([{ attempts: 20 }]);
  });

  apiTest("refuses a client's guesses past 50 across any addresses before checking the password, even the right one", async ({ api }) => {
    const owner = await api.owner();
    // In two waves, each within argon2's 48 shared waiting places, so no guess is turned away as busy instead.
    const guesses = (count: number) =>
      Promise.all(Array.from({ length: count }, () => signInFrom(api, '203.0.113.50', `${unique('nobody')}@example.com`, 'a guess')));
    const flood = [...(await guesses(40)), ...(await guesses(20))];
    expect(tally(flood.map(outcome))).toEqual({ INVALID_CREDENTIALS: 50, RATE_LIMITED: 10 });
    for (const refused of flood.filter((response) => outcome(response) === 'RATE_LIMITED')) expectRefused(refused, CLIENT_REFUSAL);

    expectRefused(await signInFrom(api, '203.0.113.50', owner.email, owner.password), CLIENT_REFUSAL);
    expect(outcome(await signInFrom(api, '203.0.113.51', owner.email, owner.password))).toBe('SignedIn');
  });

  apiTest('checks at most 2 passwords at once in a process, 1 for clients without a known device, however many sign-ins arrive together', async ({ api }) => {
    let most = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        most = Math.max(most, argon2.running);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const flood = await Promise.all(
      Array.from({ length: 24 }, (_, i) => signInFrom(api, `198.51.100.${150 + i}`, `${unique('nobody')}@example.com`, 'a guess')),
    );
    done = true;
    await watch;
    expect(flood.map(outcome)).toEqual(Array(24).fill('INVALID_CREDENTIALS'));
    // The other slot is kept for known devices (known-device.test.ts), so a cookie-less flood runs one at a time.
    expect(most).toBe(ARGON2_AT_ONCE - ARGON2_KNOWN_DEVICE_SLOTS);
  });

  apiTest('does not count a successful sign-in as a failure', async ({ api }) => {
    const owner = await api.owner();
    const client = '198.51.100.20';
    for (let i = 0; i < 9; i += 1) expect(outcome(await signInFrom(api, client, owner.email, 'typo'))).toBe('INVALID_CREDENTIALS');
    for (let i = 0; i < 3; i += 1) expect(outcome(await signInFrom(api, client, owner.email, owner.password))).toBe('SignedIn');
    expect(outcome(await signInFrom(api, client, owner.email, 'typo'))).toBe('INVALID_CREDENTIALS');
    expectRefused(await signInFrom(api, client, owner.email, owner.password), PAIR_REFUSAL);
  });

  apiTest('ignores X-Forwarded-For from a peer that is not a trusted proxy, counting the peer itself', async ({ api }) => {
    const owner = await api.owner();
    const server = await spawnApi({ config: testConfig({ trustedProxies: ['192.0.2.10'] }), db: api.db, bus: api.bus, log: testLog });
    try {
      const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => signInFrom(api, `203.0.113.${100 + i}`, owner.email, 'wrong', server.url)));
      expect(guesses.map(outcome)).toEqual(Array(10).fill('INVALID_CREDENTIALS'));
      expectRefused(await signInFrom(api, '198.51.100.99', owner.email, owner.password, server.url), PAIR_REFUSAL);
      const clients = await api.db.pool.query(`SELECT client, attempts FROM sign_in_attempts WHERE kind = 'CLIENT'`);
      expect(clients.rows).toEqual([{ client: '127.0.0.1', attempts: 10 }]);
    } finally {
      await server.close();
    }
  });

  apiTest('refuses to sign in over a WebSocket, which could neither receive the cookie nor be told apart from other clients', async ({ api }) => {
    const owner = await api.owner();
    // Only a signed-in caller gets a socket at all; an owner could still try other addresses over it.
    const socket = api.subscriber({ cookie: owner.cookie });
    try {
      const result = await new Promise<{ errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }>((resolve, reject) => {
        socket.subscribe(
          { query: SIGN_IN, variables: { input: { email: 'someone.else@example.com', password: 'a guess' } } },
          { next: resolve, error: reject, complete: () => undefined },
        );
      });
      expect(result.errors?.[0]).toEqual(
        expect.objectContaining({
          message: 'Sign in over HTTP (POST /graphql): a WebSocket cannot receive the session cookie.',
          extensions: { code: 'BAD_INPUT' },
        }),
      );
    } finally {
      await socket.dispose();
    }
    expect((await api.db.pool.query(`SELECT count(*)::int AS n FROM sign_in_attempts WHERE email = 'someone.else@example.com'`)).rows).toEqual([{ n: 0 }]);
  });
});
