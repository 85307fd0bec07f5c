import { describe, expect } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { serviceDeps } from '../../platform/lib/deps.js';
import { is } from '../../../test/testkit.js';
import { hashSecret, newSecret } from '../../platform/lib/secrets.js';
import type { TestApi } from '../../../test/testkit.js';
import { issueSetupTokenIfNeeded, reissueSetupToken } from './service.js';
import { insertSetupToken } from './store.js';

const SETUP = `mutation($input: SetupFirstOwnerInput!) {
  setupFirstOwner(input: $input) { __typename ... on SetupCompleted { owner { email tenant { name slug } } } ... on DomainError { code } }
}`;

function input(token: string, email = 'first@example.com') {
  return { input: { token, email, password: 'a long passphrase', tenantName: 'First Tenant' } };
}

/** The link a start prints: this start's claim must be the one that minted it. */
async function startLink(api: TestApi): Promise<string> {
  const claim = await issueSetupTokenIfNeeded(serviceDeps(api.db, testLog));
  if (claim.kind !== 'issued') throw new Error(`expected this start to mint the link, got ${claim.kind}`);
  return claim.token;
}

/** A further live token, written as a deployment from before one-link-per-database could hold several. */
async function extraToken(api: TestApi): Promise<string> {
  const token = newSecret();
  await insertSetupToken(api.db.pool, hashSecret(token), new Date(Date.now() + 3_600_000));
  return token;
}

/** Back to no tenant: the audit tables refuse TRUNCATE (docs/audit.md, L2), so, as an operator resetting the database would, past their triggers. */
async function resetToNoOwner(api: TestApi): Promise<void> {
  await api.db.pool.query('BEGIN; SET LOCAL session_replication_role = replica; TRUNCATE sessions, agents, owners, tenants, setup_tokens CASCADE; COMMIT');
}

describe('first-owner setup', () => {
  apiTest('creates the first tenant and owner from a setup token and signs them in', async ({ api }) => {
    const token = await startLink(api);
    const response = await api.graphql(SETUP, input(token));
    expect(response.data?.setupFirstOwner).toEqual({
      __typename: 'SetupCompleted',
      owner: { email: 'first@example.com', tenant: { name: 'First Tenant', slug: 'first-tenant' } },
    });
    const cookie = response.headers.get('set-cookie')!.split(';')[0];
    expect((await api.graphql('{ viewer { __typename } }', {}, { cookie })).data?.viewer).toEqual({ __typename: 'Owner' });
    expect((await api.graphql('{ setupStatus { needed } }')).data?.setupStatus?.needed).toBe(false);
  });

  apiTest('refuses a setup link used twice, and changes nothing', async ({ api }) => {
    const token = await startLink(api);
    await api.graphql(SETUP, input(token));
    const again = await api.graphql(SETUP, input(token, 'second@example.com'));
    expect(again.data?.setupFirstOwner).toEqual({ __typename: 'SetupClosed', code: 'SETUP_CLOSED' });
    expect(await api.db.prisma.owner.count()).toBe(1);
  });

  apiTest('refuses a second setup once an owner exists, even with a fresh token', async ({ api }) => {
    const first = await startLink(api);
    const second = await extraToken(api);
    await api.graphql(SETUP, input(first));
    expect((await api.graphql(SETUP, input(second, 'second@example.com'))).data?.setupFirstOwner?.code).toBe('SETUP_CLOSED');
    expect(await issueSetupTokenIfNeeded(serviceDeps(api.db, testLog))).toEqual({ kind: 'not-needed' });
    expect(await reissueSetupToken(serviceDeps(api.db, testLog))).toBeNull();
    expect(await api.db.prisma.owner.count()).toBe(1);
  });

  apiTest('refuses an unknown token', async ({ api }) => {
    expect((await api.graphql(SETUP, input('made-up'))).data?.setupFirstOwner?.code).toBe('SETUP_CLOSED');
    expect(await api.db.prisma.owner.count()).toBe(0);
  });

  apiTest('refuses a made-up token before it looks at (or hashes) the password', async ({ api }) => {
    // Were the password prepared first, this would be BAD_INPUT for its length, after an argon2 hash for a valid one.
    const response = await api.graphql(SETUP, { input: { ...input('made-up').input, password: 'short' } });
    expect(response.data?.setupFirstOwner?.code).toBe('SETUP_CLOSED');
    expect(await api.db.prisma.owner.count()).toBe(0);
  });

  apiTest('refuses a short password with BAD_INPUT and keeps the token usable', async ({ api }) => {
    const token = await startLink(api);
    const short = await api.graphql(SETUP, { input: { ...input(token).input, password: 'short' } });
    expect(short.errors?.[0]?.extensions?.code).toBe('BAD_INPUT');
    expect(await api.db.prisma.owner.count()).toBe(0);
    expect((await api.graphql(SETUP, input(token))).data?.setupFirstOwner?.__typename).toBe('SetupCompleted');
  });

  apiTest('lets exactly one of many racing setups win, each with its own token', async ({ api }) => {
    for (let round = 0; round < 5; round++) {
      await resetToNoOwner(api);
      const tokens = await Promise.all(Array.from({ length: 8 }, () => extraToken(api)));
      const results = await Promise.all(tokens.map((token, i) => api.graphql(SETUP, input(token, `racer${i}@example.com`))));
      const winners = results.filter((result) => is(result.data?.setupFirstOwner?.__typename, 'SetupCompleted'));
      expect(winners).toHaveLength(1);
      expect(await api.db.prisma.owner.count()).toBe(1);
    }
  });

  apiTest('mints the start link once: a later start finds it issued, until setup-link replaces it and the old link stops working', async ({ api }) => {
    const printed = await startLink(api);
    const again = await issueSetupTokenIfNeeded(serviceDeps(api.db, testLog));
    expect(again).toMatchObject({ kind: 'already-issued', expiresAt: expect.any(Date) as unknown });
    const replaced = (await reissueSetupToken(serviceDeps(api.db, testLog)))!;
    expect(replaced.token).not.toBe(printed);
    expect((await api.graphql(SETUP, input(printed))).data?.setupFirstOwner?.code).toBe('SETUP_CLOSED');
    expect((await api.graphql(SETUP, input(replaced.token))).data?.setupFirstOwner?.__typename).toBe('SetupCompleted');
  });

  apiTest('lets exactly one of several starts released together mint the link, in each of 20 rounds', async ({ api }) => {
    for (let round = 0; round < 20; round++) {
      await resetToNoOwner(api);
      const claims = await Promise.all(Array.from({ length: 4 }, () => issueSetupTokenIfNeeded(serviceDeps(api.db, testLog))));
      expect(claims.map((claim) => claim.kind).sort()).toEqual(['already-issued', 'already-issued', 'already-issued', 'issued']);
      expect(await api.db.prisma.setupToken.count()).toBe(1);
    }
  });
});
