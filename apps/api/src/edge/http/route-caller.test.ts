import express from 'express';
import { createServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { apiTest, testLog } from '../../../test/fixtures.js';
import { text } from '../../../test/testkit.js';
import type { Queryable } from '../../platform/db/sql.js';
import type { OwnerScope } from '../../platform/lib/principal.js';
import { STALE_SESSION_MESSAGE } from '../../platform/lib/context.js';
import { answerNotFound, createErrorHandler } from './error-handler.js';
import { requireRouteCaller, routeCaller } from './route-caller.js';

const SIGN_IN = 'Sign in to read this.';
const WRONG_KIND = 'Only an owner may read this.';
const VIEWER = '{ viewer { __typename } }';

/**
 * A route behind the middleware, on `db`: it counts the requests that reach
 * its handler (a refusal must reach nothing) and answers whom it served.
 */
async function ownerRoute(db: Queryable, needed?: OwnerScope) {
  let reached = 0;
  const app = express();
  app.get('/route', requireRouteCaller({ db, serves: 'owner', needed, signIn: SIGN_IN, wrongKind: WRONG_KIND }), (_req, res) => {
    reached++;
    res.json({ ownerId: routeCaller(res, 'owner').ownerId });
  });
  app.use(answerNotFound, createErrorHandler(testLog));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/route`;
  return {
    reached: () => reached,
    get: async (headers: Record<string, string> = {}) => {
      const response = await fetch(url, { headers });
      return { status: response.status, headers: response.headers, body: (await response.json()) as Refusal & { ownerId?: string } };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

interface Refusal {
  errors?: { message: string; extensions: { code: string } }[];
}

describe('requireRouteCaller (the non-GraphQL routes that answer JSON)', () => {
  apiTest('refuses a request without credentials with UNAUTHENTICATED JSON, 401, and reaches nothing', async ({ api }) => {
    const route = await ownerRoute(api.db.pool);
    try {
      const refused = await route.get();
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
      expect(refused.body).toEqual({ errors: [{ message: SIGN_IN, extensions: { code: 'UNAUTHENTICATED' } }] });
      expect(route.reached()).toBe(0);
    } finally {
      await route.close();
    }
  });

  apiTest('refuses a malformed, unknown or revoked key with the words GraphQL uses for it, and reaches nothing', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const revoked = await api.graphql('mutation($id: ID!) { revokeAgent(input: { id: $id }) { __typename } }', { id: agent.id }, { cookie: owner.cookie });
    expect(revoked.data?.revokeAgent?.__typename).toBe('AgentRevoked');
    const route = await ownerRoute(api.db.pool);
    try {
      for (const authorization of [
        `Bearer ${agent.key}`,
        'Bearer nonsense',
        `Bearer cso_${'x'.repeat(40)}`,
        `Bearer ${'csk_'.padEnd(5_000, 'y')}`,
        'Basic dXNlcjpwYXNz',
        '',
      ]) {
        const refused = await route.get({ authorization });
        const graphql = await api.graphql(VIEWER, {}, { headers: { authorization } });
        expect(refused.status, authorization.slice(0, 40)).toBe(401);
        expect(refused.body).toEqual({ errors: [{ message: graphql.errors?.[0]?.message, extensions: { code: 'UNAUTHENTICATED' } }] });
        expect(graphql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      }
      expect(route.reached()).toBe(0);
    } finally {
      await route.close();
    }
  });

  apiTest('refuses an expired or garbled session cookie as GraphQL does, clears it, and reaches nothing', async ({ api }) => {
    const owner = await api.owner();
    await api.db.pool.query("UPDATE sessions SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 minute'");
    const route = await ownerRoute(api.db.pool);
    try {
      for (const cookie of [owner.cookie, 'countersign_session=%E0%A4%A', `countersign_session=${'z'.repeat(10_000)}`]) {
        const refused = await route.get({ cookie });
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ errors: [{ message: STALE_SESSION_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } }] });
        expect(refused.headers.get('set-cookie')).toMatch(/^countersign_session=; .*Max-Age=0/);
        const graphql = await api.graphql('{ auditHead { __typename } }', {}, { cookie });
        expect(graphql.errors?.[0]).toMatchObject({ message: STALE_SESSION_MESSAGE, extensions: { code: 'UNAUTHENTICATED' } });
      }
      expect(route.reached()).toBe(0);
    } finally {
      await route.close();
    }
  });

  apiTest('refuses an agent, and an owner token short of the scope needed, as FORBIDDEN; lets an owner through', async ({ api }) => {
    const owner = await api.owner();
    const agent = await api.agent(owner);
    const created = await api.graphql(
      'mutation($input: CreateOwnerTokenInput!) { createOwnerToken(input: $input) { ... on OwnerTokenCreated { token } } }',
      { input: { name: 'reader', scope: 'READ' } },
      { cookie: owner.cookie },
    );
    const readToken = text(created.data?.createOwnerToken?.token);
    const route = await ownerRoute(api.db.pool);
    const adminRoute = await ownerRoute(api.db.pool, 'admin');
    try {
      const asAgent = await route.get({ authorization: `Bearer ${agent.key}` });
      expect(asAgent.status).toBe(403);
      expect(asAgent.body).toEqual({ errors: [{ message: WRONG_KIND, extensions: { code: 'FORBIDDEN' } }] });
      const shortScope = await adminRoute.get({ authorization: `Bearer ${readToken}` });
      expect(shortScope.status).toBe(403);
      expect(shortScope.body.errors?.[0]).toEqual({
        message: 'This owner token has scope READ; this needs scope ADMIN. Create a token with that scope in Settings.',
        extensions: { code: 'FORBIDDEN' },
      });
      expect(route.reached() + adminRoute.reached()).toBe(0);

      const bySession = await route.get({ cookie: owner.cookie });
      const byToken = await route.get({ authorization: `Bearer ${readToken}` });
      expect(bySession.status).toBe(200);
      expect(byToken.body.ownerId).toBe(bySession.body.ownerId);
      expect(route.reached()).toBe(2);
    } finally {
      await route.close();
      await adminRoute.close();
    }
  });

  test('answers a database that cannot be reached as UNAVAILABLE, 503 with Retry-After, not a 500', async () => {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const pool = new pg.Pool({ host: '127.0.0.1', port, connectionTimeoutMillis: 2_000 });
    const route = await ownerRoute(pool);
    try {
      const refused = await route.get({ authorization: `Bearer cso_${'x'.repeat(40)}` });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.body.errors?.[0]?.extensions.code).toBe('UNAVAILABLE');
      expect(route.reached()).toBe(0);
    } finally {
      await route.close();
      await pool.end();
    }
  });
});
