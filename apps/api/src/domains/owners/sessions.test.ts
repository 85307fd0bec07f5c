import { describe, expect } from 'vitest';
import { apiTest } from '../../../test/fixtures.js';
import { stringMatching } from '../../../test/matchers.js';
import { is } from '../../../test/testkit.js';
import { deleteOldSignInAttempts } from './throttle-store.js';

const VIEWER = '{ viewer { __typename ... on Owner { email } } }';
const SIGN_IN = 'mutation($input: SignInInput!) { signIn(input: $input) { __typename ... on DomainError { code message } } }';

describe('owner sign-in and sessions', () => {
  apiTest('signs in with the right password and sets an HttpOnly, SameSite=Strict session cookie', async ({ api }) => {
    const owner = await api.owner();
    const response = await api.graphql(SIGN_IN, { input: { email: owner.email.toUpperCase(), password: owner.password } });
    expect(response.data?.signIn?.__typename).toBe('SignedIn');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^countersign_session=[^;]+; Path=\/; HttpOnly; SameSite=Strict/);
    const viewer = await api.graphql(VIEWER, {}, { cookie: cookie.split(';')[0] });
    expect(viewer.data?.viewer).toEqual({ __typename: 'Owner', email: owner.email });
  });

  apiTest('refuses a wrong password or an unknown email alike, and opens no session', async ({ api }) => {
    const owner = await api.owner();
    const before = await api.db.prisma.session.count();
    for (const input of [
      { email: owner.email, password: 'wrong password!' },
      { email: 'nobody@example.com', password: owner.password },
    ]) {
      const response = await api.graphql(SIGN_IN, { input });
      expect(response.data?.signIn).toEqual({ __typename: 'InvalidCredentials', code: 'INVALID_CREDENTIALS', message: 'The email or the password is wrong.' });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(await api.db.prisma.session.count()).toBe(before);
  });

  apiTest('stores the password only as an argon2id hash', async ({ api }) => {
    const owner = await api.owner();
    const row = await api.db.prisma.owner.findUnique({ where: { email: owner.email } });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(owner.password);
  });

  apiTest('signs out: the old cookie then reads as anonymous and is cleared', async ({ api }) => {
    const owner = await api.owner();
    const out = await api.graphql('mutation { signOut { __typename } }', {}, { cookie: owner.cookie });
    expect(out.data?.signOut?.__typename).toBe('SignedOut');
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    const after = await api.graphql(VIEWER, {}, { cookie: owner.cookie });
    expect(after.data?.viewer).toBeNull();
    expect(after.headers.get('set-cookie')).toMatch(/^countersign_session=;.*Max-Age=0/);
  });

  apiTest('treats an expired session as signed out, with a clear error where a sign-in is needed', async ({ api }) => {
    const owner = await api.owner();
    await api.db.pool.query(`UPDATE sessions SET expires_at = now() - interval '1 second', created_at = now() - interval '8 days'`);
    const response = await api.graphql('{ agents { nodes { id } } }', {}, { cookie: owner.cookie });
    expect(response.errors?.[0]).toMatchObject({
      message: 'Your session has expired or is not valid; sign in again.',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(response.status).toBe(401);
  });

  apiTest('treats a forged session cookie as signed out', async ({ api }) => {
    await api.owner();
    const response = await api.graphql('{ agents { nodes { id } } }', {}, { cookie: 'countersign_session=forged-value' });
    expect(response.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await api.graphql(VIEWER, {}, { cookie: 'countersign_session=forged-value' })).data?.viewer).toBeNull();
  });

  apiTest(
    'makes a client wait after 10 failed sign-ins at one address, counting racing failures exactly, without touching other addresses',
    async ({ api }) => {
      const owner = await api.owner();
      const other = await api.owner();
      const wrong = { input: { email: owner.email, password: 'not the password' } };
      const racing = await Promise.all(Array.from({ length: 10 }, () => api.graphql(SIGN_IN, wrong)));
      expect(racing.every((response) => is(response.data?.signIn?.code, 'INVALID_CREDENTIALS'))).toBe(true);
      const pair = `SELECT attempts FROM sign_in_attempts WHERE kind = 'ADDRESS_FROM_CLIENT' AND email = $1 AND client = '127.0.0.1'`;
      expect((await api.db.pool.query(pair, [owner.email])).rows).toEqual([{ attempts: 10 }]);

      const refused = await api.graphql(SIGN_IN, { input: { email: owner.email, password: owner.password } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.errors?.[0]).toMatchObject({
        message: stringMatching(/^Too many failed sign-ins for this address from this client; try again in \d+ minute/),
        extensions: { code: 'RATE_LIMITED' },
      });
      expect(refused.headers.get('set-cookie')).toBeNull();
      expect((await api.graphql(SIGN_IN, { input: { email: other.email, password: other.password } })).data?.signIn?.__typename).toBe('SignedIn');

      await api.db.pool.query(`UPDATE sign_in_attempts SET window_started_at = now() - interval '15 minutes 1 second'`);
      await deleteOldSignInAttempts(api.db.pool);
      expect((await api.db.pool.query('SELECT count(*)::int AS n FROM sign_in_attempts')).rows).toEqual([{ n: 0 }]);
      expect((await api.graphql(SIGN_IN, { input: { email: owner.email, password: owner.password } })).data?.signIn?.__typename).toBe('SignedIn');
      expect((await api.db.pool.query(pair, [owner.email])).rows).toEqual([{ attempts: 0 }]);
    },
  );
});
